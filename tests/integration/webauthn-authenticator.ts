// A software platform authenticator for workerd tests (decision 011): makes the
// WebAuthn responses a browser would send, with ES256 keys, attestation "none", user
// presence and verification, and a counter, so the server's checks meet real signatures.

const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
const utf8 = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
};
const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));

/** Just enough CBOR: unsigned and negative integers, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function head(major: number, length: number) {
  if (length < 24) return new Uint8Array([(major << 5) | length]);
  if (length < 256) return new Uint8Array([(major << 5) | 24, length]);
  return new Uint8Array([(major << 5) | 25, length >> 8, length & 0xff]);
}
function cbor(value: Cbor): Uint8Array {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return concat(head(3, utf8(value).length), utf8(value));
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  return concat(head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]));
}

/** WebCrypto's raw r||s signature as the DER sequence WebAuthn carries. */
function derSignature(raw: Uint8Array) {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    let v = bytes.slice(i);
    if (v[0]! & 0x80) v = concat(new Uint8Array([0]), v);
    return concat(new Uint8Array([0x02, v.length]), v);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

export async function createAuthenticator() {
  const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey("jwk", keys.publicKey)) as JsonWebKey;
  const fromB64url = (s: string) => Uint8Array.from(atob(s.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
  const coseKey = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, fromB64url(jwk.x!)], [-3, fromB64url(jwk.y!)]]));
  const credentialId = crypto.getRandomValues(new Uint8Array(16));
  const id = b64url(credentialId);
  let counter = 0;
  const counterBytes = (n: number) => new Uint8Array([n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
  const clientData = (type: string, challenge: string, origin: string) => utf8(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  /** A PublicKeyCredential of this authenticator as the browser serialises it. */
  const credential = (response: Record<string, unknown>) => ({ id, rawId: id, type: "public-key", authenticatorAttachment: "platform", clientExtensionResults: {}, response });

  return {
    id,
    /** navigator.credentials.create() as the browser returns it (JSON). */
    async register(options: { challenge: string }, { origin = "http://localhost", rpId = new URL(origin).hostname } = {}) {
      counter += 1;
      const authData = concat(await sha256(utf8(rpId)), new Uint8Array([0x45]), counterBytes(counter), new Uint8Array(16), new Uint8Array([0, credentialId.length]), credentialId, coseKey);
      const attestationObject = cbor(new Map<Cbor, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
      return credential({ clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)), attestationObject: b64url(attestationObject), transports: ["internal"] });
    },
    /** navigator.credentials.get() as the browser returns it; `counterValue` sets the signature counter. */
    async authenticate(
      options: { challenge: string },
      { origin = "http://localhost", rpId = new URL(origin).hostname, counterValue = counter + 1 }: { origin?: string; rpId?: string; counterValue?: number } = {},
    ) {
      counter = counterValue;
      const authenticatorData = concat(await sha256(utf8(rpId)), new Uint8Array([0x05]), counterBytes(counter));
      const clientDataJSON = clientData("webauthn.get", options.challenge, origin);
      const signed = concat(authenticatorData, await sha256(clientDataJSON));
      const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, keys.privateKey, signed as Uint8Array<ArrayBuffer>));
      return credential({ clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(derSignature(raw)), userHandle: "" });
    },
  };
}
