// A fake web push service at its HTTP boundary, and the browser behind it. Our code
// builds, signs and encrypts the real request (RFC 8291 aes128gcm, RFC 8292 VAPID);
// the fake records it and answers as a push service would. Each fake subscription
// holds the browser's keys, so a test can decrypt what was sent and check the VAPID
// signature, as the push service and the browser would.

const encoder = new TextEncoder();

export function base64Url(bytes: ArrayBuffer | Uint8Array): string {
  const array = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  return btoa(String.fromCharCode(...array)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
};

/** A VAPID key pair in the formats the app's settings take (web-push's generate-vapid-keys). */
export async function generateVapidKeys() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const publicKey = base64Url((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const privateKey = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  return { publicKey, privateKey: privateKey.d! };
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer> | ArrayBuffer, info: Uint8Array<ArrayBuffer>, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

/** A browser's push subscription: what PushSubscription.toJSON() gives, plus its private key. */
export async function createBrowserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`) {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const authSecret = crypto.getRandomValues(new Uint8Array(16));
  const json = { endpoint, expirationTime: null, keys: { p256dh: base64Url(publicKey), auth: base64Url(authSecret) } };

  /** RFC 8291 §3.4 / RFC 8188: what the browser does with a received push message. */
  async function decrypt(body: Uint8Array): Promise<string> {
    const salt = body.slice(0, 16);
    const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
    const idLength = body[20]!;
    const serverPublicKey = body.slice(21, 21 + idLength);
    const ciphertext = body.slice(21 + idLength);
    if (recordSize !== 4096 || idLength !== 65) throw new Error(`Unexpected record header rs=${recordSize} idlen=${idLength}`);

    const serverKey = await crypto.subtle.importKey("raw", serverPublicKey, { name: "ECDH", namedCurve: "P-256" }, false, []);
    const shared = await crypto.subtle.deriveBits({ name: "ECDH", public: serverKey }, pair.privateKey, 256);
    const ikm = await hkdf(authSecret, shared, concat(encoder.encode("WebPush: info\0"), publicKey, serverPublicKey), 32);
    const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
    const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
    const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
    const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 0x02) throw new Error("Missing the last-record delimiter");
    return new TextDecoder().decode(padded.slice(0, end));
  }

  return { json, endpoint, decrypt };
}
export type BrowserSubscription = Awaited<ReturnType<typeof createBrowserSubscription>>;

/**
 * RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT signed (ES256) by that key, for
 * the endpoint's origin. Returns the JWT's claims once the signature checks out.
 */
export async function verifyVapid(authorization: string, expectedPublicKey: string) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`Not a VAPID authorization header: ${authorization.slice(0, 20)}…`);
  const [, header, payload, signature, k] = match as unknown as [string, string, string, string, string];
  if (k !== expectedPublicKey) throw new Error("The VAPID public key is not the configured one");
  const key = await crypto.subtle.importKey("raw", fromBase64Url(k), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    fromBase64Url(signature),
    encoder.encode(`${header}.${payload}`),
  );
  if (!valid) throw new Error("The VAPID signature does not verify");
  return {
    header: JSON.parse(new TextDecoder().decode(fromBase64Url(header))) as { typ: string; alg: string },
    claims: JSON.parse(new TextDecoder().decode(fromBase64Url(payload))) as { aud: string; exp: number; sub: string },
  };
}

export type PushRequest = { url: string; method: string; headers: Record<string, string>; body: Uint8Array };

/**
 * The push service. `answer` picks the status per endpoint (201 Created by default,
 * 410 Gone for an unsubscribed browser, 500 for an outage); "network" fails the
 * connection instead.
 */
export function createFakePushService(answer: (endpoint: string) => number | "network" = () => 201) {
  const requests: PushRequest[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const status = answer(request.url);
    if (status === "network") throw new TypeError("Network connection lost.");
    requests.push({
      url: request.url,
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body: new Uint8Array(await request.arrayBuffer()),
    });
    return new Response(null, { status });
  }) as typeof fetch;
  return { fetcher, requests };
}
