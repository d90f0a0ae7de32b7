// docs/product/limits.md#timings: a short chime for a new notification: three rising notes (about 523, 659
// and 784 Hz) over about 0.4 s. Browsers allow audio only after a user gesture, so the
// audio context is made (unlocked) on the first click, touch or key press. The notes
// themselves (chime-notes.ts) load when the first one is played (decision 014).

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

/** Plays the chime if audio was unlocked; silently nothing otherwise. Returns whether it plays. */
export function playChime(): boolean {
  if (!context || context.state !== "running") return false;
  const running = context;
  import("./chime-notes").then(
    ({ playNotes }) => playNotes(running),
    () => {}, // No connection for its code: no sound this time.
  );
  return true;
}
