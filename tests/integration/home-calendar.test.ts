import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eventSecondShooters } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { createClient, eventIdFrom, signedInUser } from "./helpers";

const db = getDb(env);

async function leadWithEvent(title = "Emma & James Wedding", date = "2027-06-12") {
  const lead = await signedInUser({ pro: true });
  const response = await lead.client.post("/events/new", { title, coupleNames: "Emma & James", date, venue: "Willow Creek Barn" });
  expect(response.status).toBe(302);
  const eventId = eventIdFrom(response);
  return { ...lead, eventId };
}

const unescape = (html: string) => html.replaceAll("&amp;", "&");

/** The grid cell of `date` (yyyy-MM-dd): the <td> holding <time datetime=date>. */
function cellOf(html: string, date: string) {
  return [...html.matchAll(/<td\b[^>]*>[\s\S]*?<\/td>/g)].map((match) => match[0]).find((cell) => cell.includes(`dateTime="${date}"`));
}

/** The dates of the grid's cells, in document order. */
function gridDates(html: string) {
  return [...html.matchAll(/<td\b[^>]*>\s*<time dateTime="([\d-]+)"/g)].map((match) => match[1]);
}

/** The href of the link named exactly `label`. */
function hrefOf(html: string, label: string) {
  const match = [...html.matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].find((m) => m[2] === label);
  return match ? unescape(match[1]!) : undefined;
}

const currentMonth = () => new Date().toISOString().slice(0, 7);

describe("home calendar (docs/product/screens.md#events-list: Calendar)", () => {
  it("shows the event's title on its day, linking to the event, with Previous, Today and Next", async () => {
    const { client, eventId } = await leadWithEvent();
    const response = await client.get("/?view=calendar&month=2027-06");
    expect(response.status).toBe(200);
    const html = await response.text();

    expect(html).toContain("June 2027");
    const cell = cellOf(html, "2027-06-12");
    expect(cell).toBeDefined();
    expect(cell).toContain(`href="/events/${eventId}"`);
    expect(cell).toContain("Emma &amp; James Wedding");
    expect(cellOf(html, "2027-06-11")).not.toContain(`/events/${eventId}`);
    expect(cellOf(html, "2027-06-13")).not.toContain(`/events/${eventId}`);
    // Weeks start on Sunday: June 1, 2027 is a Tuesday and June 30 a Wednesday.
    expect([...html.matchAll(/<th\b[^>]*>.*?>(\w{3})<\/abbr>/g)].map((m) => m[1])).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
    const days = gridDates(html);
    expect(days).toHaveLength(35);
    expect(days[0]).toBe("2027-05-30");
    expect(days.at(-1)).toBe("2027-07-03");

    expect(hrefOf(html, "Previous")).toBe("/?view=calendar&month=2027-05");
    expect(hrefOf(html, "Today")).toBe(`/?view=calendar&month=${currentMonth()}`);
    expect(hrefOf(html, "Next")).toBe("/?view=calendar&month=2027-07");

    // The month's events under the grid: date, title link, status.
    expect(html).toContain("Jun 12, 2027");
    expect(html).toContain("Upcoming");
  });

  it("crosses the year boundary and says when a month is empty", async () => {
    const { client } = await leadWithEvent();
    const html = await (await client.get("/?view=calendar&month=2027-01")).text();
    expect(html).toContain("January 2027");
    expect(hrefOf(html, "Previous")).toBe("/?view=calendar&month=2026-12");
    expect(hrefOf(html, "Next")).toBe("/?view=calendar&month=2027-02");
    expect(html).toContain("No events this month");
  });

  it.each(["2026-13", "abc", "2027-6", "99999-01", "2027-06".repeat(500)])(
    "falls back to the current month for month=%s, without an error",
    async (month) => {
      const { client } = await leadWithEvent();
      const response = await client.get(`/?view=calendar&month=${encodeURIComponent(month)}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      const today = new Date().toISOString().slice(0, 10);
      expect(cellOf(html, today)).toContain('aria-current="date"');
      expect(hrefOf(html, "Today")).toBe(`/?view=calendar&month=${currentMonth()}`);
    },
  );

  it("marks only today's cell as the current date", async () => {
    const { client } = await leadWithEvent();
    const html = await (await client.get("/?view=calendar")).text();
    const today = new Date().toISOString().slice(0, 10);
    expect(html.match(/aria-current="date"/g)).toHaveLength(1);
    expect(cellOf(html, today)).toContain('aria-current="date"');
  });

  it("keeps the tab: Hired Events shows the events the viewer was hired for", async () => {
    const lead = await leadWithEvent("Kim Wedding", "2027-06-19");
    const member = await signedInUser({ pro: false });
    await db.insert(eventSecondShooters).values({ id: crypto.randomUUID(), eventId: lead.eventId, userId: member.user.id, status: "accepted" });

    const html = await (await member.client.get("/?tab=hired&view=calendar&month=2027-06")).text();
    expect(cellOf(html, "2027-06-19")).toContain(`href="/events/${lead.eventId}"`);
    expect(hrefOf(html, "Next")).toBe("/?tab=hired&view=calendar&month=2027-07");
    expect(hrefOf(html, "List")).toBe("/?tab=hired");
    // Hired only, the member lands on Hired Events: My Events is named in its address.
    expect(hrefOf(html, "My Events")).toBe("/?tab=mine&view=calendar&month=2027-06");
    const landing = await (await member.client.get("/?view=calendar&month=2027-06")).text();
    expect(cellOf(landing, "2027-06-19")).toContain(`href="/events/${lead.eventId}"`);

    const mine = await (await member.client.get("/?tab=mine&view=calendar&month=2027-06")).text();
    // Only the 'Next up' card above the tabs names it.
    expect(cellOf(mine, "2027-06-19")).not.toContain(`/events/${lead.eventId}`);
    expect(mine).toContain("No events this month");
  });

  it("is a view toggle of links: List by default, Calendar keeps the tab", async () => {
    const { client } = await leadWithEvent();
    const html = await (await client.get("/?tab=hired")).text();
    expect(hrefOf(html, "Calendar")).toBe("/?tab=hired&view=calendar");
    expect(html).toMatch(/aria-current="page"[^>]*>List</);
    expect(html).not.toContain("<table");
  });
});

describe("/?eventId= (docs/product/screens.md#routes: home opens an event)", () => {
  it("sends a signed-in user to the event", async () => {
    const { client, eventId } = await leadWithEvent();
    const response = await client.get(`/?eventId=${eventId}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/events/${eventId}`);
    expect((await client.get(response.headers.get("Location")!)).status).toBe(200);
  });

  it("sends a visitor to the event, which asks them to sign in and come back", async () => {
    const client = createClient();
    const response = await client.get("/?eventId=abc-123");
    expect(response.headers.get("Location")).toBe("/events/abc-123");
    const event = await client.get("/events/abc-123");
    expect(event.headers.get("Location")).toBe("/auth?returnTo=%2Fevents%2Fabc-123");
  });

  it("encodes the id, so it cannot lead anywhere but an event", async () => {
    const { client } = await signedInUser({ pro: true });
    const response = await client.get(`/?eventId=${encodeURIComponent("../settings?x=1")}`);
    expect(response.headers.get("Location")).toBe("/events/..%2Fsettings%3Fx%3D1");
    expect((await client.get(response.headers.get("Location")!)).status).toBe(404);
  });
});
