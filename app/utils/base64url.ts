/**
 * Base64url without padding (RFC 4648 §5): tokens, JWT parts, WebAuthn origins. Client-safe
 * (no node: or .server imports): app/modules/native/app-links.ts uses it too.
 */
export function base64Url(bytes: ArrayBuffer | Uint8Array | string): string {
  const binary = typeof bytes === "string" ? bytes : String.fromCharCode(...(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)));
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}
