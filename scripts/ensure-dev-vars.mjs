// Keeps .dev.vars (local secrets and switches, never committed) complete: creates it
// from .dev.vars.example with a random SESSION_SECRET when missing, and adds any key
// the example gained since. A fresh clone runs with no keys to set.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** @param {string} text */
const keysOf = (text) => new Set([...text.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]));
/** @param {string} text @param {string} key */
const valueOf = (text, key) => text.match(new RegExp(`^${key}=(.*)$`, "m"))?.[1]?.trim() ?? "";

/** A VAPID key pair as the Worker reads it: the public key's raw P-256 point and the private JWK "d", base64url. */
export function generateVapidKeys() {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const pub = publicKey.export({ format: "jwk" });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(String(pub.x), "base64url"), Buffer.from(String(pub.y), "base64url")]);
  return { publicKey: point.toString("base64url"), privateKey: String(privateKey.export({ format: "jwk" }).d) };
}

/** Push works locally with no setup: a key pair is made once, when both keys are empty. */
/** @param {string} text */
function withVapidKeys(text) {
  if (valueOf(text, "VAPID_PUBLIC_KEY") || valueOf(text, "VAPID_PRIVATE_KEY")) return text;
  const keys = generateVapidKeys();
  return text
    .replace(/^VAPID_PUBLIC_KEY=.*$/m, `VAPID_PUBLIC_KEY=${keys.publicKey}`)
    .replace(/^VAPID_PRIVATE_KEY=.*$/m, `VAPID_PRIVATE_KEY=${keys.privateKey}`);
}

/**
 * Decision 013: test-only native push credentials, made here so none is
 * ever committed. APNs: a P-256 key as a .p8 holds it (PKCS#8), base64 on one line. FCM: a
 * service account's JSON key (RSA 2048) for a project that does not exist. Only the local
 * fakes (tests/fakes/apns-server.mjs, fcm-server.mjs) accept them.
 */
export function generateNativePushKeys() {
  const apns = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const fcm = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const serviceAccount = {
    type: "service_account",
    project_id: "event-flow-local",
    private_key_id: randomBytes(20).toString("hex"),
    private_key: String(fcm.privateKey.export({ format: "pem", type: "pkcs8" })),
    client_email: "push@event-flow-local.iam.gserviceaccount.com",
    token_uri: "https://oauth2.googleapis.com/token",
  };
  return {
    apnsPrivateKey: apns.privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
    fcmServiceAccount: JSON.stringify(serviceAccount),
  };
}

/** @param {string} text */
function withNativePushKeys(text) {
  if (valueOf(text, "APNS_PRIVATE_KEY") || valueOf(text, "FCM_SERVICE_ACCOUNT")) return text;
  const keys = generateNativePushKeys();
  // A function as the replacement: the JSON's "$" never counts as a pattern.
  return text
    .replace(/^APNS_PRIVATE_KEY=.*$/m, () => `APNS_PRIVATE_KEY=${keys.apnsPrivateKey}`)
    .replace(/^FCM_SERVICE_ACCOUNT=.*$/m, () => `FCM_SERVICE_ACCOUNT=${keys.fcmServiceAccount}`);
}

/** @param {string} [root] @returns {boolean} whether .dev.vars was written */
export function ensureDevVars(root = process.cwd()) {
  const target = `${root}/.dev.vars`;
  const example = readFileSync(`${root}/.dev.vars.example`, "utf8").replace(
    /^SESSION_SECRET=.*$/m,
    `SESSION_SECRET=${randomBytes(32).toString("hex")}`,
  );
  if (!existsSync(target)) {
    writeFileSync(target, withNativePushKeys(withVapidKeys(example)));
    return true;
  }
  const current = readFileSync(target, "utf8");
  const have = keysOf(current);
  const missing = example.split("\n").filter((line) => /^[A-Z0-9_]+=/.test(line) && !have.has(line.split("=")[0]));
  const next = withNativePushKeys(withVapidKeys(missing.length === 0 ? current : `${current.replace(/\n?$/, "\n")}${missing.join("\n")}\n`));
  if (next === current) return false;
  writeFileSync(target, next);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (ensureDevVars()) console.log("Updated .dev.vars from .dev.vars.example.");
}
