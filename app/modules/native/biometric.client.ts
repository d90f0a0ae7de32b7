import { AccessControl, BiometryType, NativeBiometric } from "@capgo/capacitor-native-biometric";
import { BIOMETRIC_FAILED, BIOMETRIC_OFFLINE } from "~/modules/account/passkey-messages";
import type { PasskeySignIn } from "~/modules/account/passkeys.client";
import type { NativePlatform } from "./platform";

// Decision 013: docs/product/native.md#biometric-sign-in's Face ID / Touch ID inside the native app.
// The Keychain (iOS) / Keystore (Android) keeps a device secret the server granted after a
// password sign-in (routes/device-sign-in.ts); after the identity check the app trades it
// for a session and stores the new secret the server hands back. Loaded with import()
// only inside the shell (auth-screen.tsx), so browsers never download the plugin.

/** The Keychain entry is ours by the site's host (the plugin's "server"). */
const server = () => location.host;

/**
 * The plugin's codes for a verification the person (or the system) broke off: docs/product/native.md#biometric-sign-in,
 * "if the user cancels verification, nothing further happens". User fallback counts too:
 * there is no passcode fallback here, the person chose to type the password instead.
 */
const CANCEL_CODES = new Set(["11", "15", "16", "17"]);
/** The plugin found no item stored with access control (one an earlier version stored without it). */
const NO_PROTECTED_ITEM = "21";
/** This id names our entry when the phone enables again (not secret: the server checks the user too). */
const ENTRY_KEY = "ef-device-sign-in-id";

/**
 * Decision 013: the secret is stored so that the operating system releases
 * it only after Face ID / Touch ID (Keychain SecAccessControl, a Keystore key bound to the
 * biometric prompt), invalidated when the enrolled faces or fingers change. Where the plugin
 * says it cannot (not implemented), it is stored as before, behind our own identity check.
 */
async function keep(username: string, secret: string) {
  try {
    await NativeBiometric.setCredentials({ server: server(), username, password: secret, accessControl: AccessControl.BIOMETRY_CURRENT_SET });
  } catch (error) {
    if (!unsupported(error)) throw error;
    await NativeBiometric.setCredentials({ server: server(), username, password: secret });
  }
}

const unsupported = (error: unknown) => errorCode(error) === "UNIMPLEMENTED" || errorCode(error) === "UNAVAILABLE";

/** docs/product/native.md#biometric-sign-in: biometry type 2 is labelled Face ID, anything else Touch ID. */
export type BiometryLabel = "Face ID" | "Touch ID";

export type NativeBiometrics = {
  /** Face ID / Touch ID usable on this device: the checkbox shows. */
  available: boolean;
  label: BiometryLabel;
  /** The Keychain holds a secret of this site: the button shows and auto-login runs. */
  stored: boolean;
};

export async function nativeBiometrics(): Promise<NativeBiometrics> {
  try {
    const result = await NativeBiometric.isAvailable();
    const label: BiometryLabel = result.biometryType === BiometryType.FACE_ID ? "Face ID" : "Touch ID";
    if (!result.isAvailable) return { available: false, label, stored: false };
    const { isSaved } = await NativeBiometric.isCredentialsSaved({ server: server() });
    return { available: true, label, stored: isSaved };
  } catch {
    return { available: false, label: "Touch ID", stored: false };
  }
}

async function post(fields: Record<string, string>) {
  const response = await fetch("/device-sign-in", { method: "POST", body: new URLSearchParams(fields), credentials: "same-origin" });
  return { ok: response.ok, status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

type Read = { status: "read"; username: string; password: string } | { status: "cancelled" } | { status: "failed" };

/**
 * The stored secret, released by the OS after the face or finger matched
 * (getSecureCredentials). An item stored without access control (an earlier version of the
 * app), or a plugin without the secure read: our own identity check, then the plain read.
 */
async function readSecret(label: BiometryLabel): Promise<Read> {
  const prompt = { server: server(), reason: `Sign in to Event Flow with ${label}`, title: "Event Flow" };
  try {
    const { username, password } = await NativeBiometric.getSecureCredentials(prompt);
    return password ? { status: "read", username, password } : { status: "failed" };
  } catch (error) {
    if (CANCEL_CODES.has(errorCode(error))) return { status: "cancelled" };
    if (errorCode(error) !== NO_PROTECTED_ITEM && !unsupported(error)) return { status: "failed" };
  }
  try {
    await NativeBiometric.verifyIdentity({ reason: prompt.reason, title: prompt.title });
  } catch (error) {
    return CANCEL_CODES.has(errorCode(error)) ? { status: "cancelled" } : { status: "failed" };
  }
  const credentials = await NativeBiometric.getCredentials({ server: server() }).catch(() => null);
  return credentials?.password ? { status: "read", ...credentials } : { status: "failed" };
}

/**
 * After a password sign-in with the box ticked: the server grants a secret for this
 * device (this phone's previous one, if any, is replaced) and the Keychain keeps it.
 * `refused`: the server's reason when it granted none (e.g. too many phones).
 */
export async function enableNativeBiometric(platform: NativePlatform): Promise<{ enabled: boolean; refused?: string }> {
  try {
    // The secret is behind Face ID now: the previous entry is named by its id instead.
    const replacesId = localStorage.getItem(ENTRY_KEY);
    const granted = await post({ intent: "enable", platform, ...(replacesId ? { replacesId } : {}) });
    if (!granted.ok || typeof granted.body.secret !== "string") {
      return { enabled: false, ...(typeof granted.body.error === "string" ? { refused: granted.body.error } : {}) };
    }
    await keep(String(granted.body.username ?? ""), granted.body.secret);
    if (typeof granted.body.id === "string") localStorage.setItem(ENTRY_KEY, granted.body.id);
    return { enabled: true };
  } catch {
    return { enabled: false };
  }
}

/** The same outcomes as a passkey sign-in, so the sign-in screen treats both alike. */
export type NativeSignIn = PasskeySignIn;

function errorCode(error: unknown) {
  const code = (error as { code?: unknown })?.code;
  return code === undefined || code === null ? "" : String(code);
}

/**
 * docs/product/native.md#biometric-sign-in's biometric sign-in: identity check, then the stored secret for a session. The
 * server refusing it (removed, expired, replaced) deletes what the Keychain held; a
 * cancel does nothing; a failed check or a busy server leaves the secret for next time.
 */
export async function signInWithNativeBiometric(label: BiometryLabel, returnTo: string | null): Promise<NativeSignIn> {
  // Without signal the server cannot answer: say so, and keep the secret (decision 013).
  if (!navigator.onLine) return { status: "failed", message: BIOMETRIC_OFFLINE };
  const credentials = await readSecret(label);
  if (credentials.status === "cancelled") return { status: "cancelled" };
  // A failed check (no match, lockout) is not the server's refusal: the secret stays.
  if (credentials.status === "failed") return { status: "failed", message: BIOMETRIC_FAILED };
  const answer = await post({ intent: "signin", secret: credentials.password, ...(returnTo ? { returnTo } : {}) }).catch(() => null);
  if (!answer) return { status: "failed", message: BIOMETRIC_OFFLINE };
  if (answer.ok && typeof answer.body.redirectTo === "string" && typeof answer.body.secret === "string") {
    // The server replaced the secret: the old one no longer signs in (and presented again later, revokes the entry).
    await keep(credentials.username, answer.body.secret).catch(() => {});
    return { status: "signed-in", redirectTo: answer.body.redirectTo };
  }
  // Rate limited or a bad request: the secret itself may be fine, keep it.
  if (answer.status !== 401) {
    return { status: "failed", message: typeof answer.body.error === "string" ? answer.body.error : BIOMETRIC_FAILED };
  }
  await NativeBiometric.deleteCredentials({ server: server() }).catch(() => {});
  localStorage.removeItem(ENTRY_KEY);
  return { status: "failed", message: BIOMETRIC_FAILED };
}
