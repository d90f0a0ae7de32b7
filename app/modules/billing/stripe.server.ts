// The one place the Stripe client is made (decision 008). In production it talks to
// api.stripe.com; with STRIPE_API_BASE set (`npm run dev`, the tests) the same SDK talks
// to the local fake Stripe at its HTTP boundary, so our code runs exactly as deployed.
import Stripe from "stripe";
import type { BillingInterval } from "~/db/enums";
import { apiOverride } from "~/utils/api-base.server";

export type StripeEnv = Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_PRICE_MONTHLY" | "STRIPE_PRICE_YEARLY"> & {
  STRIPE_API_BASE?: string;
};

/** Where Stripe's own pages (checkout, billing portal) live: our forms may redirect there (CSP form-action). */
export function stripePageOrigins(env: Partial<StripeEnv>): string[] {
  const base = String(env.STRIPE_API_BASE ?? "");
  return base ? [new URL(base).origin] : ["https://checkout.stripe.com", "https://billing.stripe.com"];
}

/**
 * The local fake, if configured. Only a test key may be sent there, and only to this
 * machine (the shared guard, api-base.server.ts).
 */
const fakeBase = (env: StripeEnv) => apiOverride({ name: "STRIPE_API_BASE", override: env.STRIPE_API_BASE, testKey: env.STRIPE_SECRET_KEY.startsWith("sk_test_") });

/** The client, or null when this deployment has no Stripe key (then nobody can check out). */
export function stripeClient(env: StripeEnv): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const base = fakeBase(env);
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    // One quick retry of a dropped connection (the SDK sends an idempotency key with it);
    // a user waits on these calls.
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });
}

/** The price is chosen here from the interval, never taken from a request. */
export function priceIdFor(env: StripeEnv, interval: BillingInterval): string | null {
  return (interval === "yearly" ? env.STRIPE_PRICE_YEARLY : env.STRIPE_PRICE_MONTHLY) || null;
}

export const stripeCrypto: ReturnType<typeof Stripe.createSubtleCryptoProvider> = Stripe.createSubtleCryptoProvider();
