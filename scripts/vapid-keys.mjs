// `npm run vapid:keys`: a new VAPID key pair for a deployment's web push (decision 009). The
// public key goes in wrangler.toml (VAPID_PUBLIC_KEY), the private one is a secret:
// `npx wrangler secret put VAPID_PRIVATE_KEY`. Keep the pair: a new one unsubscribes nobody
// but makes every stored browser subscription useless until the browser subscribes again.
import { generateVapidKeys } from "./ensure-dev-vars.mjs";

const { publicKey, privateKey } = generateVapidKeys();
console.log(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}`);
