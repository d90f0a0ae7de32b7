// The integration tests' geocoder (tests/fakes/geocoder-server.mjs, decision 018), started once
// in Node on the port vitest.config.ts chose and gave the Worker as GEOCODER_API_BASE. Its
// "(fake) slow" search answers after 2 s, past the tests' shorter timeout.
import { startFakeGeocoder } from "../fakes/geocoder-server.mjs";
import { FAKE_GEOCODER } from "./fake-stripe-config";

export default async function setup() {
  const fake = await startFakeGeocoder({ apiKey: FAKE_GEOCODER.apiKey, port: Number(process.env.FAKE_GEOCODER_PORT), slowMs: 2_000 });
  return () => fake.close();
}
