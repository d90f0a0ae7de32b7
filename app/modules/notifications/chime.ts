// docs/product/limits.md#timings: a short chime for a new notification: three rising notes (about 523, 659
// and 784 Hz) over about 0.4 s. Browsers allow audio only after a user gesture, so the
// audio context is made (unlocked) on the first click, touch or key press.

const NOTES_HZ = [523.25, 659.25, 783.99];
const NOTE_S = 0.13;

let context: AudioContext | null = null;
let listening = false;

/** Starts waiting for the first gesture that allows sound. Client-only, idempotent. */
export function unlockChimeOnFirstGesture() {
  if (listening || typeof window === "undefined") return;
  listening = true;
  const unlock = () => {
    const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    context ??= new Context();
    void context.resume().catch(() => {});
    for (const type of ["pointerdown", "touchstart", "keydown"]) window.removeEventListener(type, unlock, true);
  };
  for (const type of ["pointerdown", "touchstart", "keydown"]) window.addEventListener(type, unlock, { capture: true, passive: true });
}

/** Plays the chime if audio was unlocked; silently nothing otherwise. Returns whether it played. */
export function playChime(): boolean {
  if (!context || context.state !== "running") return false;
  const start = context.currentTime;
  NOTES_HZ.forEach((hz, i) => {
    const oscillator = context!.createOscillator();
    const gain = context!.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = hz;
    const at = start + i * NOTE_S;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_S);
    oscillator.connect(gain).connect(context!.destination);
    oscillator.start(at);
    oscillator.stop(at + NOTE_S + 0.01);
  });
  return true;
}
