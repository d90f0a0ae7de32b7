// Issue 18 item 1 (decision 011): the biometric sign-in's messages, shared by server and browser.

/** docs/product/native.md#biometric-sign-in, docs/product/messages.md#auth: any failed biometric sign-in (refused, unknown or removed passkey). */
export const BIOMETRIC_FAILED = "Biometric login failed – Please sign in again.";
/** docs/product/native.md#biometric-sign-in: after a password sign-in with 'Enable Face ID/Touch ID' ticked. */
export const BIOMETRIC_ENABLED = "Biometric login enabled";
/** docs/product/native.md#biometric-sign-in: the full-screen state while the device checks the face or finger. */
export const BIOMETRIC_AUTHENTICATING = "Authenticating with Face ID/Touch ID...";
/** Issue 18 audit (decision 013): a biometric sign-in in the app without signal; the stored secret is kept. */
export const BIOMETRIC_OFFLINE = "You're offline. Connect to sign in.";
