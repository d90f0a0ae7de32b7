// The chime's three rising notes (docs/product/limits.md#timings: about 523, 659 and 784 Hz over
// about 0.4 s), played on an unlocked audio context (chime.ts).

const NOTES_HZ = [523.25, 659.25, 783.99];
const NOTE_S = 0.13;

export function playNotes(context: AudioContext) {
  const start = context.currentTime;
  NOTES_HZ.forEach((hz, i) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = hz;
    const at = start + i * NOTE_S;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_S);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + NOTE_S + 0.01);
  });
}
