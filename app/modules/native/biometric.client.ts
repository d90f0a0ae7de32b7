import { BiometryType, NativeBiometric } from "@capgo/capacitor-native-biometric";
import { BIOMETRIC_FAILED } from "~/modules/account/passkey-messages";
import type { PasskeySignIn } from "~/modules/account/passkeys.client";

// Issue 18 item 2 (decision 013): docs/product/native.md#biometric-sign-in's Face ID / Touch ID inside the native app.
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

/** The account and secret this app holds, or null. */
async function stored() {
  try {
    const credentials = await NativeBiometric.getCredentials({ server: server() });
    return credentials.password ? credentials : null;
  } catch {
    return null;
  }
}

/**
 * After a password sign-in with the box ticked: the server grants a secret for this
 * device (this phone's previous one, if any, is replaced) and the Keychain keeps it.
 * `refused`: the server's reason when it granted none (e.g. too many phones).
 */
export async function enableNativeBiometric(platform: "ios" | "android"): Promise<{ enabled: boolean; refused?: string }> {
  try {
    const replaces = (await stored())?.password;
    const granted = await post({ intent: "enable", platform, ...(replaces ? { replaces } : {}) });
    if (!granted.ok || typeof granted.body.secret !== "string") {
      return { enabled: false, ...(typeof granted.body.error === "string" ? { refused: granted.body.error } : {}) };
    }
    await NativeBiometric.setCredentials({ server: server(), username: String(granted.body.username ?? ""), password: granted.body.secret });
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
  try {
    await NativeBiometric.verifyIdentity({ reason: `Sign in to Event Flow with ${label}`, title: "Event Flow" });
  } catch (error) {
    if (CANCEL_CODES.has(errorCode(error))) return { status: "cancelled" };
    return { status: "failed", message: BIOMETRIC_FAILED };
  }
  const credentials = await stored();
  const answer = credentials ? await post({ intent: "signin", secret: credentials.password, ...(returnTo ? { returnTo } : {}) }).catch(() => null) : null;
  if (answer?.ok && typeof answer.body.redirectTo === "string" && typeof answer.body.secret === "string") {
    // The server replaced the secret: the old one no longer signs in.
    await NativeBiometric.setCredentials({ server: server(), username: credentials!.username, password: answer.body.secret }).catch(() => {});
    return { status: "signed-in", redirectTo: answer.body.redirectTo };
  }
  // Offline, rate limited or a bad request: the secret itself may be fine, keep it.
  if (credentials && answer?.status !== 401) {
    return { status: "failed", message: typeof answer?.body.error === "string" ? answer.body.error : BIOMETRIC_FAILED };
  }
  await NativeBiometric.deleteCredentials({ server: server() }).catch(() => {});
  return { status: "failed", message: BIOMETRIC_FAILED };
}
