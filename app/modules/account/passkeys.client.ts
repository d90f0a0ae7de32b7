import { BIOMETRIC_FAILED, enrolmentRefusal, PASSKEY_NOT_ENABLED } from "./passkey-messages";

// Decision 011: the browser's half of docs/product/native.md#biometric-sign-in's Face ID / Touch ID
// sign-in, done with passkeys. The server half is routes/passkeys.ts.

/** What this device remembers: that it holds a passkey of this site (shows the biometric button). */
const REMEMBER_KEY = "ef-passkey";

/**
 * SimpleWebAuthn's browser half, loaded when a passkey is made or used (decision 014:
 * not in the first load of the sign-in pages, which only ask whether Face ID / Touch ID exists).
 */
const webAuthn = () => import("@simplewebauthn/browser");

export function deviceRemembersPasskey() {
  try {
    return localStorage.getItem(REMEMBER_KEY) === "1";
  } catch {
    return false;
  }
}

function remember(on: boolean) {
  try {
    if (on) localStorage.setItem(REMEMBER_KEY, "1");
    else localStorage.removeItem(REMEMBER_KEY);
  } catch {
    // Storage refused (private mode): the button simply stays hidden.
  }
}

async function post(fields: Record<string, string>) {
  const response = await fetch("/passkeys", { method: "POST", body: new URLSearchParams(fields), credentials: "same-origin" });
  return { ok: response.ok, status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

/** The WebAuthn error's name (SimpleWebAuthn keeps the browser's error as its cause). */
function errorName(error: unknown) {
  return (error as { cause?: { name?: string } })?.cause?.name ?? (error as { name?: string })?.name;
}

/** A cancel of the system's Face ID / Touch ID sheet (or its timeout): docs/product/native.md#biometric-sign-in, nothing further happens. */
function cancelled(error: unknown) {
  const name = errorName(error);
  return name === "NotAllowedError" || name === "AbortError";
}

export type PasskeyEnrolment = { status: "enabled" } | { status: "reauth" } | { status: "cancelled" } | { status: "failed"; message: string };

/**
 * Registers a passkey for the signed-in account: after a password sign-in with the box
 * ticked, or from Settings. `reauth`: the session's proof of identity is too old
 * (decision 011), the password must be confirmed first.
 */
export async function enablePasskey(): Promise<PasskeyEnrolment> {
  const failed = (body?: Record<string, unknown>): PasskeyEnrolment => ({
    status: "failed",
    message: typeof body?.error === "string" ? body.error : PASSKEY_NOT_ENABLED,
  });
  try {
    const options = await post({ intent: "register-options" });
    if (options.body.reauth === true) return { status: "reauth" };
    if (!options.ok) return failed(options.body);
    const { startRegistration } = await webAuthn();
    let response;
    try {
      response = await startRegistration({ optionsJSON: options.body as never });
    } catch (error) {
      if (cancelled(error)) return { status: "cancelled" };
      return { status: "failed", message: enrolmentRefusal(errorName(error), window.location.hostname) };
    }
    const stored = await post({ intent: "register", response: JSON.stringify(response) });
    if (stored.body.reauth === true) return { status: "reauth" };
    if (!stored.ok) return failed(stored.body);
    remember(true);
    return { status: "enabled" };
  } catch {
    return failed();
  }
}

export type PasskeyConfirmation = { status: "confirmed"; response: string } | { status: "cancelled" } | { status: "failed" };

/**
 * A signed-in user shows one of their passkeys instead of typing the password (deleting
 * the account, decision 015): the answer goes with the form that asked for it.
 */
export async function confirmWithPasskey(): Promise<PasskeyConfirmation> {
  try {
    const options = await post({ intent: "confirm-options" });
    if (!options.ok) return { status: "failed" };
    const { startAuthentication } = await webAuthn();
    const response = await startAuthentication({ optionsJSON: options.body as never });
    return { status: "confirmed", response: JSON.stringify(response) };
  } catch (error) {
    return cancelled(error) ? { status: "cancelled" } : { status: "failed" };
  }
}

export type PasskeySignIn = { status: "signed-in"; redirectTo: string } | { status: "cancelled" } | { status: "failed"; message: string };

/** The biometric button's code, asked for as soon as the button shows (not inside the Face ID gesture). */
export function preloadPasskeys() {
  void webAuthn().catch(() => {});
}

/**
 * The biometric button: a discoverable credential, no e-mail typed. A refusal forgets this
 * device's passkey; no connection (its code, or a request, cannot reach us) does not.
 */
export async function signInWithPasskey(returnTo: string | null): Promise<PasskeySignIn> {
  const offline: PasskeySignIn = { status: "failed", message: BIOMETRIC_FAILED };
  const loaded = await webAuthn().catch(() => null);
  if (!loaded) return offline;
  const options = await post({ intent: "signin-options" }).catch(() => null);
  if (!options) return offline;
  if (!options.ok) return { status: "failed", message: typeof options.body.error === "string" ? options.body.error : BIOMETRIC_FAILED };
  let response;
  try {
    response = await loaded.startAuthentication({ optionsJSON: options.body as never });
  } catch (error) {
    if (cancelled(error)) return { status: "cancelled" };
    remember(false);
    return { status: "failed", message: BIOMETRIC_FAILED };
  }
  const result = await post({ intent: "signin", response: JSON.stringify(response), ...(returnTo ? { returnTo } : {}) }).catch(() => null);
  if (!result) return offline;
  if (result.ok && typeof result.body.redirectTo === "string") {
    remember(true);
    return { status: "signed-in", redirectTo: result.body.redirectTo };
  }
  // Only a refused passkey (401) is forgotten; rate limited or another refusal, the passkey itself is fine: keep it.
  if (result.status !== 401 && typeof result.body.error === "string") return { status: "failed", message: result.body.error };
  remember(false);
  return { status: "failed", message: BIOMETRIC_FAILED };
}
