// A fake APNs provider API at its HTTP boundary (decision 013), for the
// tests and `npm run dev`. POST /3/device/{token}: the provider token (ES256 JWT, `kid` the
// key id, `iss` the team id, signed by the test .p8 key) is checked with that key's public
// half, as are apns-topic and apns-push-type; each delivery is recorded. Locally workerd
// speaks HTTP/1.1 to it; Apple's servers speak HTTP/2 (production's fetch uses it).
// Admin (/_fake/...): GET deliveries (?token=), POST answer { token, status, reason } to make
// a token answer e.g. 410 Unregistered from now on.
import { createPrivateKey, createPublicKey, verify } from "node:crypto";
import { json, listen, readBody } from "./http.mjs";

/** @typedef {{ token: string; topic: string; pushType: string; collapseId: string | null; expiration: string | null; payload: any; jwt: { header: any; claims: any }; at: string }} ApnsDelivery */

const b64 = (/** @type {string} */ text) => Buffer.from(text, "base64url");
const decodeJson = (/** @type {string} */ part) => JSON.parse(b64(part).toString("utf8"));

/**
 * @param {{ port?: number; privateKey: string; keyId: string; teamId: string; bundleId: string }} options
 *   privateKey: the .p8 key the Worker signs with (PEM, or PKCS#8 DER as base64); only its public half is used.
 */
export function startFakeApns({ port = 0, privateKey, keyId, teamId, bundleId }) {
  const publicKey = createPublicKey(privateKey.includes("BEGIN") ? privateKey : createPrivateKey({ key: Buffer.from(privateKey, "base64"), format: "der", type: "pkcs8" }));
  /** @type {ApnsDelivery[]} */
  const deliveries = [];
  /** @type {Map<string, { status: number; reason: string }>} */
  const answers = new Map();

  /** The provider token's claims when its signature, key id and team hold; else the APNs reason. */
  function checkJwt(/** @type {string | undefined} */ authorization) {
    const match = /^bearer ([\w-]+)\.([\w-]+)\.([\w-]+)$/i.exec(authorization ?? "");
    if (!match) return { reason: "MissingProviderToken" };
    const [, header, claims, signature] = /** @type {[string, string, string, string]} */ (/** @type {unknown} */ (match));
    const valid = verify("sha256", Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, b64(signature));
    const decoded = { header: decodeJson(header), claims: decodeJson(claims) };
    if (!valid || decoded.header.alg !== "ES256" || decoded.header.kid !== keyId || decoded.claims.iss !== teamId) return { reason: "InvalidProviderToken" };
    if (typeof decoded.claims.iat !== "number" || decoded.claims.iat * 1000 < Date.now() - 3600_000) return { reason: "ExpiredProviderToken" };
    return { jwt: decoded };
  }

  const handler = /** @type {import("node:http").RequestListener} */ (async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req);
    const device = url.pathname.match(/^\/3\/device\/([^/]+)$/);
    if (device && req.method === "POST") {
      const token = decodeURIComponent(String(device[1]));
      const auth = checkJwt(req.headers.authorization);
      if (!auth.jwt) return json(res, 403, { reason: auth.reason });
      if (req.headers["apns-topic"] !== bundleId) return json(res, 400, { reason: req.headers["apns-topic"] ? "DeviceTokenNotForTopic" : "MissingTopic" });
      if (req.headers["apns-push-type"] !== "alert") return json(res, 400, { reason: "InvalidPushType" });
      if (!/^[0-9a-f]{64,}$/i.test(token)) return json(res, 400, { reason: "BadDeviceToken" });
      let payload;
      try {
        payload = JSON.parse(body);
      } catch {
        return json(res, 400, { reason: "PayloadEmpty" });
      }
      const answer = answers.get(token);
      if (answer) return json(res, answer.status, answer.status === 410 ? { reason: answer.reason, timestamp: Date.now() } : { reason: answer.reason });
      deliveries.push({
        token,
        topic: String(req.headers["apns-topic"]),
        pushType: String(req.headers["apns-push-type"]),
        collapseId: typeof req.headers["apns-collapse-id"] === "string" ? req.headers["apns-collapse-id"] : null,
        expiration: typeof req.headers["apns-expiration"] === "string" ? req.headers["apns-expiration"] : null,
        payload,
        jwt: auth.jwt,
        at: new Date().toISOString(),
      });
      res.setHeader("apns-id", crypto.randomUUID());
      return json(res, 200);
    }
    if (url.pathname === "/_fake/deliveries" && req.method === "GET") {
      const token = url.searchParams.get("token");
      return json(res, 200, token ? deliveries.filter((d) => d.token === token) : deliveries);
    }
    if (url.pathname === "/_fake/answer" && req.method === "POST") {
      const { token, status, reason } = JSON.parse(body);
      if (status) answers.set(token, { status, reason: reason ?? "Unregistered" });
      else answers.delete(token);
      return json(res, 200, { ok: true });
    }
    json(res, 404, { reason: "BadPath" });
  });

  return listen(port, handler).then((server) => ({ ...server, deliveries }));
}
