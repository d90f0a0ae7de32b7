// The integration tests' RevenueCat (tests/fakes/revenuecat-server.mjs), started once in Node
// on the port vitest.config.ts chose and gave the Worker as REVENUECAT_API_BASE.
import { startFakeRevenueCat } from "../fakes/revenuecat-server.mjs";
import { FAKE_REVENUECAT } from "./fake-stripe-config";

export default async function setup() {
  const fake = await startFakeRevenueCat({ secretKey: FAKE_REVENUECAT.secretKey, port: Number(process.env.FAKE_REVENUECAT_PORT) });
  return () => fake.close();
}
