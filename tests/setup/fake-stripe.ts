// The integration tests' Stripe: the same fake as `npm run dev` (tests/fakes/stripe-server.mjs),
// started once in Node on the port vitest.config.ts chose and gave the Worker as
// STRIPE_API_BASE. It sends no webhooks by itself: a test reads the events it recorded
// (/_fake/events) and delivers them to the Worker, in whatever order the test is about.
import { startFakeStripe } from "../fakes/stripe-server.mjs";
import { FAKE_STRIPE } from "./fake-stripe-config";

export default async function setup() {
  const fake = await startFakeStripe({ ...FAKE_STRIPE, port: Number(process.env.FAKE_STRIPE_PORT) });
  return () => fake.close();
}
