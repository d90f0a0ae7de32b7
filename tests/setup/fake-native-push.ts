// The integration tests' APNs and FCM (tests/fakes/apns-server.mjs, fcm-server.mjs), started
// once in Node on the ports vitest.config.ts chose, with the public halves of this run's keys.
import { startFakeApns } from "../fakes/apns-server.mjs";
import { startFakeFcm } from "../fakes/fcm-server.mjs";
import { FAKE_APNS } from "./fake-stripe-config";

export default async function setup() {
  const keys = JSON.parse(process.env.NATIVE_PUSH_TEST_KEYS!) as { apnsPrivateKey: string; fcmServiceAccount: string };
  const apns = await startFakeApns({ ...FAKE_APNS, privateKey: keys.apnsPrivateKey, port: Number(process.env.FAKE_APNS_PORT) });
  const fcm = await startFakeFcm({ serviceAccount: keys.fcmServiceAccount, port: Number(process.env.FAKE_FCM_PORT) });
  return () => Promise.all([apns.close(), fcm.close()]);
}
