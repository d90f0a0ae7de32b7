// Whether this device can make and use a passkey, asked before any passkey code loads:
// a device without Face ID / Touch ID never loads it.

/** docs/product/native.md#biometric-sign-in: the biometric controls appear only where Face ID / Touch ID (a platform authenticator) exists. */
export async function biometricsAvailable() {
  // The browser's own question, as SimpleWebAuthn's platformAuthenticatorIsAvailable asks it.
  if (typeof window === "undefined" || typeof window.PublicKeyCredential !== "function") return false;
  return PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable().catch(() => false);
}
