// Decision 011: the biometric sign-in's messages, shared by server and browser.

/** docs/product/native.md#biometric-sign-in, docs/product/messages.md#auth: any failed biometric sign-in (refused, unknown or removed passkey). */
export const BIOMETRIC_FAILED = "Biometric login failed – Please sign in again.";
/** docs/product/native.md#biometric-sign-in: after a password sign-in with 'Enable Face ID/Touch ID' ticked. */
export const BIOMETRIC_ENABLED = "Biometric login enabled";
/** docs/product/native.md#biometric-sign-in: the full-screen state while the device checks the face or finger. */
export const BIOMETRIC_AUTHENTICATING = "Authenticating with Face ID/Touch ID...";
/** Decision 013: a biometric sign-in in the app without signal; the stored secret is kept. */
export const BIOMETRIC_OFFLINE = "You're offline. Connect to sign in.";
/** Decision 011, docs/product/messages.md#auth: a registration that was refused or failed. */
export const PASSKEY_NOT_ENABLED = "Face ID/Touch ID could not be enabled. Please try again.";
/**
 * Decision 011, docs/product/messages.md#auth: the browser refused to make a passkey for
 * this site (a SecurityError: the host is not one a passkey can belong to).
 */
export const PASSKEY_NOT_SET_UP = "Face ID/Touch ID could not be set up on this device.";
/** …said after it when the page is open at an IP address, which WebAuthn never accepts as a site's name. */
export const PASSKEY_OPEN_BY_NAME = "Open Event Flow by its name (for example localhost), not by an IP address.";

/** An IPv4 address, or an IPv6 one (which a URL's hostname keeps in brackets). */
export function isIpAddress(hostname: string) {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(":");
}

/**
 * What a passkey enrolment the browser refused says (a cancel says nothing): the host
 * refused, with how to open the app instead when it is an IP address; any other
 * failure, to try again.
 */
export function enrolmentRefusal(errorName: string | undefined, hostname: string) {
  if (errorName !== "SecurityError") return PASSKEY_NOT_ENABLED;
  return isIpAddress(hostname) ? `${PASSKEY_NOT_SET_UP} ${PASSKEY_OPEN_BY_NAME}` : PASSKEY_NOT_SET_UP;
}

/**
 * Decision 011, docs/product/messages.md#auth: adding a passkey without a password or passkey shown in the last
 * 10 minutes; the enrolment asks for the password first.
 */
export const PASSKEY_REAUTH = "Enter your password to add Face ID/Touch ID.";

/**
 * Decision 011, docs/product/messages.md#auth: what a password change or 'Sign out of all other devices' says
 * of the passkeys it removed ("1 passkey removed.", "2 passkeys removed."); nothing when none.
 */
export function passkeysRemovedMessage(count: number) {
  if (count <= 0) return null;
  return `${count} ${count === 1 ? "passkey" : "passkeys"} removed.`;
}
