import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eventSecondShooters } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { LIMITS } from "~/utils/rate-limit.server";
import { createEvent } from "../factories";
import { createClient, insertClientLink, sessionFor } from "./helpers";

// Edit Event's 'Venue location' search (decision 018): GET /events/{id}/address-search?q=…,
// the lead's only, rate-limited per lead, answered by the fake OpenCage geocoder.

const db = getDb(env);
const FAKE = env.GEOCODER_API_BASE as string;
const BARN = { label: "Willow Creek Barn, Asheville, NC 28806, United States of America", latitude: 35.579, longitude: -82.67 };

/** The searches the fake received for `q`. */
async function searchesFor(q: string) {
  return ((await (await fetch(`${FAKE}/_fake/requests`)).json()) as Record<string, string>[]).filter((request) => request.q === q).length;
}

async function seed() {
  const lead = await sessionFor({ firstName: "Maya", lastName: "Lead" });
  const member = await sessionFor({ firstName: "Alex", lastName: "Second" });
  const event = await createEvent(db, lead.id, { title: "Emma & James Wedding", date: "2027-01-12" });
  await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: event.id, userId: member.id, status: "accepted" });
  return { lead, member, eventId: event.id, path: (q: string) => `/events/${event.id}/address-search?q=${encodeURIComponent(q)}` };
}

describe("the venue's address search", () => {
  it("answers the lead the places found, best first, and is never cached", async () => {
    const fx = await seed();
    const response = await fx.lead.client.get(fx.path("Willow Creek Barn, Asheville"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ places: [BARN] });
    const none = await fx.lead.client.get(fx.path("Nowhere Lane 404, Atlantis"));
    expect(await none.json()).toEqual({ places: [] });
  });

  it("refuses a team member (403), a stranger (404), a client link and the signed out (401), and asks the geocoder nothing", async () => {
    const fx = await seed();
    const q = `Raleigh ${crypto.randomUUID().slice(0, 6)}`;
    const member = await fx.member.client.get(fx.path(q));
    expect(member.status).toBe(403);
    expect(await member.json()).toEqual({ error: "You do not have permission to do that." });

    const stranger = await sessionFor();
    const other = await stranger.client.get(fx.path(q));
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: "Event not found" });

    const { token, accessId } = await insertClientLink(fx.eventId, { canEditPeople: true, canEditTimeline: true, canEditShots: true, canEditVendors: true });
    const couple = createClient();
    couple.jar.set(`ef_client_${accessId}`, token);
    expect((await couple.get(fx.path(q))).status).toBe(401);
    expect((await createClient().get(fx.path(q))).status).toBe(401);
    expect(await searchesFor(q)).toBe(0);
  });

  it("refuses an empty query or one over 200 characters (400), and says when the search cannot be reached (503)", async () => {
    const fx = await seed();
    const empty = await fx.lead.client.get(fx.path("  "));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "Address is required" });
    const long = await fx.lead.client.get(fx.path("a".repeat(201)));
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ error: "Address must be less than 200 characters" });
    const down = await fx.lead.client.get(fx.path("(fake) unavailable"));
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ error: "Could not reach the address search. Try again, or type the latitude and longitude." });
  });

  it("allows a lead 20 searches a minute; the next is refused (429) before the geocoder is asked", async () => {
    const fx = await seed();
    for (let i = 0; i < LIMITS.addressSearches.max; i++) expect((await fx.lead.client.get(fx.path("Asheville"))).status).toBe(200);
    const q = `Springfield ${crypto.randomUUID().slice(0, 6)}`;
    const over = await fx.lead.client.get(fx.path(q));
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ error: "Too many attempts. Please wait a minute and try again." });
    expect(await searchesFor(q)).toBe(0);
  });
});
