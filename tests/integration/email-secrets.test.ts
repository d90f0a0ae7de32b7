import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, users } from "~/db/schema";
import { resendConfirmation } from "~/modules/account/service.server";
import { getDb } from "~/utils/db.server";
import { deliverOutboxEmail } from "~/utils/email.server";
import { createFakeEmailApi } from "../fakes/email-api";
import { createClient, deliveredMail, heldEmailJobs, signIn, signUp, uniqueEmail } from "./helpers";

// Reset and confirmation links were written into the outbox and kept,
// so a D1 export could take over accounts. The stored e-mail holds a placeholder; the
// link travels only in the queue message and is filled in at delivery.

const db = getDb(env);
const MAIL_ENV = { EMAIL_API_KEY: "re_test_key", EMAIL_API_URL: "https://api.resend.test/emails", MAIL_FROM: "Event Flow <hello@eventflow.app>" };
const rowsTo = (email: string) => db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
/** Anything that looks like one of our e-mailed links with its 43-character token. */
const TOKEN_LINK = /token=[A-Za-z0-9_-]{43}/;

type Flow = { name: string; kind: string; link: string; setup?: (email: string) => Promise<unknown>; run: (email: string) => Promise<unknown> };

/** An account whose sign-up e-mail is out of the way. */
async function accountWithoutMail(email: string) {
  await heldEmailJobs(() => signUp(createClient(), email));
  await db.delete(emailOutbox).where(eq(emailOutbox.toAddress, email));
}

const FLOWS: Flow[] = [
  { name: "sign-up", kind: "email_confirmation", link: "confirmation_link", run: (email) => signUp(createClient(), email) },
  { name: "forgot password", kind: "password_reset", link: "reset_link", setup: accountWithoutMail, run: (email) => createClient().post("/auth", { intent: "forgot", email }) },
  {
    name: "resend confirmation",
    kind: "email_confirmation",
    link: "confirmation_link",
    setup: accountWithoutMail,
    run: async (email) => {
      const [user] = await db.select().from(users).where(eq(users.email, email));
      return resendConfirmation(db, env, "http://localhost", { userId: user!.id, email, firstName: "Maya" }, "/accept-invite/abc");
    },
  },
];

describe("secrets in outgoing mail", () => {
  it.each(FLOWS)("$name: no outbox row holds the link; the provider gets a working one; the row keeps none", async ({ kind, link, setup, run }) => {
    const email = uniqueEmail("secret");
    await setup?.(email);
    const jobs = await heldEmailJobs(() => run(email));
    const [job] = jobs;
    expect(jobs).toHaveLength(1);
    const url = job!.fill![link]!;
    const token = new URL(url).searchParams.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await rowsTo(email);
    expect(row).toMatchObject({ kind, status: "queued" });
    const stored = `${row!.subject}\n${row!.textBody}\n${row!.htmlBody}`;
    expect(stored).not.toContain(token);
    expect(stored).not.toMatch(TOKEN_LINK);
    expect(row!.textBody).toContain(`{{${link}}}`);

    const api = createFakeEmailApi();
    expect(await deliverOutboxEmail(db, MAIL_ENV, row!.id, api.fetcher, job!.fill)).toBe("sent");
    const sent = api.requests[0]!.body;
    expect(sent.text).toContain(url);
    // In HTML the link is escaped (its `&returnTo=`), and the button points at it.
    expect(sent.html).toContain(`href="${url.replaceAll("&", "&amp;")}"`);
    expect(`${sent.text}${sent.html}`).not.toContain("{{");
    const page = await createClient().get(new URL(url).pathname + new URL(url).search);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(kind === "password_reset" ? /New Password/ : /Confirm Email/);

    const [after] = await rowsTo(email);
    expect(after).toMatchObject({ status: "sent", deliveredVia: "http-api" });
    expect(`${after!.subject}\n${after!.textBody}\n${after!.htmlBody}`).not.toMatch(TOKEN_LINK);
  });

  it("a message re-queued without its fill (the cron's retry) fails instead of sending a hole", async () => {
    const email = uniqueEmail("refill");
    await accountWithoutMail(email);
    await heldEmailJobs(() => createClient().post("/auth", { intent: "forgot", email }));
    const [row] = await rowsTo(email);
    const api = createFakeEmailApi();
    expect(await deliverOutboxEmail(db, MAIL_ENV, row!.id, api.fetcher)).toBe("unfillable");
    // A fill for another placeholder does not help either: any `{{name}}` left is a hole.
    await db.update(emailOutbox).set({ status: "queued" }).where(eq(emailOutbox.id, row!.id));
    expect(await deliverOutboxEmail(db, MAIL_ENV, row!.id, api.fetcher, { client_link: "http://localhost/client/x" })).toBe("unfillable");
    expect(api.requests).toEqual([]);
    expect((await rowsTo(email))[0]).toMatchObject({ status: "failed" });
  });

  it("text a user typed with braces in it is neither filled nor a hole: the e-mail goes out without the secret in it", async () => {
    const email = uniqueEmail("braces");
    await heldEmailJobs(() => createClient().post("/auth", { intent: "signup", firstName: "{{reset_link}}{{x}}", lastName: "Park", email, password: "Sunset2026" }));
    const [row] = await rowsTo(email);
    const api = createFakeEmailApi();
    expect(await deliverOutboxEmail(db, MAIL_ENV, row!.id, api.fetcher, { confirmation_link: "http://localhost/confirm-email?token=t" })).toBe("sent");
    expect(api.requests[0]!.body.text).toContain("Hi { {reset_link}}{ {x}}, welcome to Event Flow.");
    expect(api.requests[0]!.body.text).toContain("http://localhost/confirm-email?token=t");
  });

  it("through the queue, the local mailbox (development, tests) gets the filled link, and it resets the password", async () => {
    const { email } = await signUp(createClient());
    await createClient().post("/auth", { intent: "forgot", email });
    const mail = await deliveredMail(email, "password_reset");
    expect(mail.deliveredVia).toBe("dev-mailbox");
    const url = new URL(/http:\/\/localhost\/reset-password\?\S+/.exec(mail.textBody)![0]);
    const reset = await createClient().post(`${url.pathname}${url.search}`, { token: url.searchParams.get("token")!, password: "Brand-New-2027", confirmPassword: "Brand-New-2027" });
    expect(await reset.text()).toContain("Password updated");
    expect((await signIn(createClient(), email, "Brand-New-2027")).status).toBe(302);
  });
});
