// A fake Firebase Cloud Messaging (HTTP v1) and Google OAuth2 token endpoint at their HTTP
// boundary (decision 013), for the tests and `npm run dev`.
// POST /token: a service account's RS256 JWT assertion (RFC 7523) checked with the public
// half of the test service account's key (iss, aud = its token_uri, the messaging scope,
// not expired); answers an access token. POST /v1/projects/{project}/messages:send: that
// access token, the project, a message with a token; each delivery is recorded.
// Admin (/_fake/...): GET deliveries (?token=), GET token-requests, POST answer { token, status }
// to make a token answer e.g. 404 UNREGISTERED (403 SENDER_ID_MISMATCH, 400 an invalid token) from now on.
import { createPublicKey, randomBytes, verify } from "node:crypto";
import { json, listen, readBody } from "./http.mjs";

const SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
const b64 = (/** @type {string} */ text) => Buffer.from(text, "base64url");
const decodeJson = (/** @type {string} */ part) => JSON.parse(b64(part).toString("utf8"));

/** FCM's error body: status, and FcmError's errorCode in details. */
const fcmError = (/** @type {number} */ code, /** @type {string} */ status, /** @type {string} */ message, errorCode = status) => ({
  error: { code, message, status, details: [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode }] },
});

/** @param {{ port?: number; serviceAccount: string }} options serviceAccount: the JSON key the Worker has (FCM_SERVICE_ACCOUNT). */
export function startFakeFcm({ port = 0, serviceAccount }) {
  const account = JSON.parse(serviceAccount);
  const publicKey = createPublicKey(account.private_key);
  /** @type {Set<string>} */
  const accessTokens = new Set();
  /** @type {Array<{ token: string; message: any; project: string; at: string }>} */
  const deliveries = [];
  /** @type {Array<{ claims: any; header: any; at: string }>} */
  const tokenRequests = [];
  /** @type {Map<string, number>} */
  const answers = new Map();

  const handler = /** @type {import("node:http").RequestListener} */ (async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req);
    if (url.pathname === "/token" && req.method === "POST") {
      const form = new URLSearchParams(body);
      const refuse = (/** @type {string} */ description) => json(res, 400, { error: "invalid_grant", error_description: description });
      if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return json(res, 400, { error: "unsupported_grant_type" });
      const match = /^([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(form.get("assertion") ?? "");
      if (!match) return refuse("Invalid JWT");
      const [, header, payload, signature] = /** @type {[string, string, string, string]} */ (/** @type {unknown} */ (match));
      if (!verify("sha256", Buffer.from(`${header}.${payload}`), publicKey, b64(signature))) return refuse("Invalid JWT Signature.");
      const decoded = { header: decodeJson(header), claims: decodeJson(payload) };
      const { claims } = decoded;
      const now = Date.now() / 1000;
      if (decoded.header.alg !== "RS256") return refuse("Invalid JWT: alg");
      if (claims.iss !== account.client_email) return refuse("Invalid JWT: iss");
      if (claims.aud !== account.token_uri) return refuse("Invalid JWT: aud");
      if (claims.scope !== SCOPE) return refuse("Invalid JWT: scope");
      if (!(claims.iat <= now + 60 && claims.exp > now && claims.exp - claims.iat <= 3600)) return refuse("Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.");
      tokenRequests.push({ ...decoded, at: new Date().toISOString() });
      const accessToken = `ya29.fake-${randomBytes(24).toString("base64url")}`;
      accessTokens.add(accessToken);
      return json(res, 200, { access_token: accessToken, expires_in: 3599, token_type: "Bearer" });
    }
    const send = url.pathname.match(/^\/v1\/projects\/([^/]+)\/messages:send$/);
    if (send && req.method === "POST") {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (!bearer || !accessTokens.has(bearer)) return json(res, 401, fcmError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.", "THIRD_PARTY_AUTH_ERROR"));
      const project = decodeURIComponent(String(send[1]));
      if (project !== account.project_id) return json(res, 403, fcmError(403, "PERMISSION_DENIED", "SenderId mismatch", "SENDER_ID_MISMATCH"));
      let message;
      try {
        message = JSON.parse(body).message;
      } catch {
        return json(res, 400, fcmError(400, "INVALID_ARGUMENT", "Invalid JSON payload received."));
      }
      const token = message?.token;
      // As FCM: the FcmError code and a BadRequest violation naming the field.
      const badToken = () => {
        const { error } = fcmError(400, "INVALID_ARGUMENT", "The registration token is not a valid FCM registration token");
        const violation = { "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field: "message.token", description: "Invalid registration token" }] };
        return json(res, 400, { error: { ...error, details: [...error.details, violation] } });
      };
      if (typeof token !== "string" || !/^[A-Za-z0-9_:-]{32,}$/.test(token)) return badToken();
      const status = answers.get(token);
      if (status === 404) return json(res, 404, fcmError(404, "NOT_FOUND", "Requested entity was not found.", "UNREGISTERED"));
      // A token of another Firebase project's app.
      if (status === 403) return json(res, 403, fcmError(403, "PERMISSION_DENIED", "SenderId mismatch", "SENDER_ID_MISMATCH"));
      if (status === 400) return badToken();
      if (status) return json(res, status, fcmError(status, status === 429 ? "RESOURCE_EXHAUSTED" : "UNAVAILABLE", "The fake was told to fail."));
      deliveries.push({ token, message, project, at: new Date().toISOString() });
      return json(res, 200, { name: `projects/${project}/messages/${randomBytes(8).toString("hex")}` });
    }
    if (url.pathname === "/_fake/deliveries" && req.method === "GET") {
      const token = url.searchParams.get("token");
      return json(res, 200, token ? deliveries.filter((d) => d.token === token) : deliveries);
    }
    if (url.pathname === "/_fake/token-requests" && req.method === "GET") return json(res, 200, tokenRequests);
    if (url.pathname === "/_fake/answer" && req.method === "POST") {
      const { token, status } = JSON.parse(body);
      if (status) answers.set(token, status);
      else answers.delete(token);
      return json(res, 200, { ok: true });
    }
    json(res, 404, fcmError(404, "NOT_FOUND", "Not found"));
  });

  return listen(port, handler).then((server) => ({ ...server, deliveries }));
}
