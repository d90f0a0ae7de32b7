import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, eventInvites, eventPeople } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { INVITE_SENT_RECENTLY, LIMITS, TOO_MANY_CHANGES } from "~/utils/rate-limit.server";
import { createClient, eventIdFrom, signedInUser, uniqueEmail } from "./helpers";

// Some writes had no limit. A client link made 25 edits in 3.6 s (25
// notifications and pushes to the lead); re-inviting one address 5 times sent 5 e-mails.

const db = getDb(env);
let lead: Awaited<ReturnType<typeof signedInUser>>;
let eventId: string;

const html = async (response: Response) => (await response.text()).replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");

beforeAll(async () => {
  lead = await signedInUser({ pro: true });
  eventId = eventIdFrom(await lead.client.post("/events/new", { title: "Limits Wedding", date: "2027-08-21" }));
});

/** A client link with people editing, opened in a fresh browser: its portal path and client. */
async function openedLink() {
  const created = await lead.client.post(`/events/${eventId}?tab=client`, { intent: "create-client-access", clientEmail: uniqueEmail("couple"), canEditPeople: "on" });
  const token = (await html(await lead.client.get(created.headers.get("Location")!))).match(/\/client\/([0-9a-f]{64})/)![1]!;
  const couple = createClient();
  const portal = (await couple.get(`/client/${token}`)).headers.get("Location")!;
  return { couple, portal };
}

describe("a client link's writes", () => {
  it(`the ${LIMITS.portalWritesPerLink.max}th change of a minute is saved, the next is refused (429) and changes nothing; another link is not held back`, async () => {
    const { couple, portal } = await openedLink();
    const max = LIMITS.portalWritesPerLink.max;
    for (let n = 1; n <= max; n++) {
      const response = await couple.post(portal, { intent: "add-person", firstName: `Guest${n}`, role: "guest" });
      expect(response.status, `change ${n}`).toBe(302);
    }
    const refused = await couple.post(portal, { intent: "add-person", firstName: "OneTooMany", role: "guest" });
    expect(refused.status).toBe(429);
    expect(await html(refused)).toContain(TOO_MANY_CHANGES);
    expect(await db.select().from(eventPeople).where(and(eq(eventPeople.eventId, eventId), eq(eventPeople.firstName, "OneTooMany")))).toEqual([]);

    const other = await openedLink();
    expect((await other.couple.post(other.portal, { intent: "add-person", firstName: "OtherLink", role: "guest" })).status).toBe(302);
  });
});

describe("sending one invitation again and again", () => {
  it(`the ${LIMITS.invitationSends.max}rd send of one address is sent, the next is refused (429) without an e-mail; another address is not held back`, async () => {
    const email = uniqueEmail("again");
    const send = (to: string) => lead.client.post(`/events/${eventId}?tab=team&dialog=invite-team`, { intent: "invite-team", firstName: "Sam", email: to, inviteType: "second_shooter" });
    for (let n = 1; n <= LIMITS.invitationSends.max; n++) expect((await send(email)).status, `send ${n}`).toBe(302);
    const refused = await send(email);
    expect(refused.status).toBe(429);
    const text = await html(refused);
    expect(text).toContain("Failed to send invitation");
    expect(text).toContain(INVITE_SENT_RECENTLY);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toHaveLength(LIMITS.invitationSends.max);
    expect(await db.select().from(eventInvites).where(eq(eventInvites.email, email))).toHaveLength(1);
    expect((await send(uniqueEmail("other"))).status).toBe(302);
  });

  it("a repeat of the last allowed send (a double tap) is answered as the first was, not refused", async () => {
    const email = uniqueEmail("tap");
    const form = { intent: "invite-team", firstName: "Sam", email, inviteType: "second_shooter" };
    const path = `/events/${eventId}?tab=team&dialog=invite-team`;
    for (let n = 1; n < LIMITS.invitationSends.max; n++) expect((await lead.client.post(path, form)).status).toBe(302);
    const last = { ...form, idempotencyKey: crypto.randomUUID().replaceAll("-", "") };
    expect((await lead.client.post(path, last)).status).toBe(302);
    const repeat = await lead.client.post(path, last);
    expect(repeat.status).toBe(302);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toHaveLength(LIMITS.invitationSends.max);
    expect((await lead.client.post(path, form)).status).toBe(429);
  });
});
