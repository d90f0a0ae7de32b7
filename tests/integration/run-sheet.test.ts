import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { shooterContacts } from "~/db/schema";
import { NOT_ON_THIS_TEAM, UNKNOWN_PAPER } from "~/modules/event/run-sheet.server";
import { getDb } from "~/utils/db.server";
import { type Client, createClient, seedTeamEvent, sessionFor } from "./helpers";

// The run sheet (docs/product/screens.md#run-sheet): the lead and the team read the whole
// plan with assignments, team notes and the team's phone numbers; a client link reads what
// its portal shows and nothing of the team's; anyone else reads nothing.

const db = getDb(env);

let stranger: Awaited<ReturnType<typeof sessionFor>>;
beforeEach(async () => {
  stranger = await sessionFor({ firstName: "Sam", lastName: "Stranger" });
});

async function seed() {
  const fx = await seedTeamEvent(({ member }) => ({
    event: { title: "Emma & James Wedding", date: "2027-06-12", timeZone: "America/New_York" },
    blocks: [
      { title: "Ceremony", blockType: "ceremony", startTime: "16:00", durationMinutes: 30, orderIndex: 1, location: "Creek-side lawn", fixedTime: true, notes: "Unplugged ceremony", teamNotes: "Keep Alex at the north gate", assignees: [member.id] },
      { title: "Getting Ready", blockType: "prep", startTime: "13:30", durationMinutes: 90, orderIndex: 0 },
    ],
    shots: [
      { title: "Rings", category: "details", orderIndex: 0, teamNotes: "Macro lens", assignees: [member.id] },
      { title: "First kiss", category: "ceremony", orderIndex: 1 },
    ],
    people: [{ firstName: "Siobhan", lastName: "Carter", role: "parent", isVip: true, pronunciation: "shi-VAWN", teamNotes: "Uses a cane" }],
    vendors: [{ vendorName: "Rosa Florals", vendorType: "florist", phoneNumber: "(828) 555-0142" }],
    shooterType: "second_shooter",
  }));
  await db.insert(shooterContacts).values({ id: crypto.randomUUID(), userId: fx.lead.id, shooterType: "second_shooter", firstName: "Alex", email: fx.member.email.toUpperCase(), phoneNumber: "(919) 555-0199" });
  const { client: couple, accessId } = await fx.clientLink({ canEditPeople: false, canEditTimeline: false, canEditShots: true, canEditVendors: false });
  return { ...fx, accessId, couple, page: `/events/${fx.eventId}/run-sheet`, portal: `/client/view/${accessId}/run-sheet` };
}

const html = async (client: Client, path: string) => {
  const response = await client.get(path);
  return { status: response.status, text: await response.text(), headers: response.headers };
};

describe("run sheet", () => {
  it("the lead reads the whole plan in time order, with assignments, team notes, phone numbers and the version", async () => {
    const fx = await seed();
    const { status, text } = await html(fx.lead.client, fx.page);
    expect(status).toBe(200);
    expect(text.indexOf("Getting Ready")).toBeLessThan(text.indexOf("Ceremony"));
    for (const expected of ["Creek-side lawn", "Fixed time", "Assigned: Alex", "Team: Keep Alex at the north gate", "Team: Macro lens", "Siobhan Carter", "Say: shi-VAWN", "VIP", "Rosa Florals", "(828) 555-0142", "(919) 555-0199", "Second Shooter", "Whole team", "Mine"])
      expect(text).toContain(expected);
    expect(text).toMatch(/Version \d+ · made [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}/);
    expect(text).toContain(`http://localhost/events/${fx.eventId}`);
  });

  it("a team member reads it too, and one member's sheet has only their blocks and shots", async () => {
    const fx = await seed();
    expect((await html(fx.member.client, fx.page)).status).toBe(200);
    const mine = await html(fx.member.client, `${fx.page}?for=${fx.member.id}`);
    expect(mine.status).toBe(200);
    expect(mine.text).toContain("Run sheet for <!-- -->Alex Second");
    expect(mine.text).toContain("Ceremony");
    expect(mine.text).toContain("Rings");
    expect(mine.text).not.toContain("First kiss");
    expect(mine.text).not.toContain("13:30");
  });

  it("the PDF: the same checks, a PDF named after the event, never cached", async () => {
    const fx = await seed();
    const response = await fx.lead.client.get(`/events/${fx.eventId}/run-sheet.pdf?paper=a4`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toContain("Emma  James Wedding run sheet.pdf");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    // The page size asked for: A4 is 595.28 x 841.89 points.
    expect(new TextDecoder("latin1").decode(bytes)).toContain("595.28 841.89");
    expect((await fx.member.client.get(`/events/${fx.eventId}/run-sheet.pdf`)).status).toBe(200);
    expect((await stranger.client.get(`/events/${fx.eventId}/run-sheet.pdf`)).status).toBe(404);
  });

  it("a client link reads what its portal shows: no team notes, assignments or team, and no one member's sheet", async () => {
    const fx = await seed();
    const { status, text, headers } = await html(fx.couple, fx.portal);
    expect(status).toBe(200);
    expect(headers.get("Referrer-Policy")).toBe("no-referrer");
    for (const expected of ["Ceremony", "Creek-side lawn", "Unplugged ceremony", "Siobhan Carter", "Rosa Florals", "Rings"]) expect(text).toContain(expected);
    for (const hidden of ["Keep Alex at the north gate", "Macro lens", "Uses a cane", "Assigned:", "(919) 555-0199", "Alex Second", "Maya Lead", fx.member.id, "Whole team"]) expect(text).not.toContain(hidden);
    expect(text).toContain(`http://localhost/client/view/${fx.accessId}`);
    const pdf = await fx.couple.get(`${fx.portal}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect((await fx.couple.get(`${fx.portal}?for=${fx.member.id}`)).status).toBe(400);
  });

  it("anyone else reads nothing: a stranger, a wrong link and no link get 404, signed out goes to sign in", async () => {
    const fx = await seed();
    expect((await html(stranger.client, fx.page)).status).toBe(404);
    const signedOut = await createClient().get(fx.page);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toContain("/auth");
    const wrongLink = createClient();
    wrongLink.jar.set(`ef_client_${fx.accessId}`, "x".repeat(43));
    expect((await wrongLink.get(fx.portal)).status).toBe(404);
    expect((await wrongLink.get(`${fx.portal}.pdf`)).status).toBe(404);
    expect((await createClient().get(fx.portal)).status).toBe(404);
  });

  it("bad input is refused with its words: someone not on the team, a paper that is not one", async () => {
    const fx = await seed();
    const notOnTeam = await html(fx.lead.client, `${fx.page}?for=${stranger.id}`);
    expect(notOnTeam.status).toBe(400);
    expect(notOnTeam.text).toContain(NOT_ON_THIS_TEAM);
    const paper = await fx.lead.client.get(`/events/${fx.eventId}/run-sheet.pdf?paper=tabloid`);
    expect(paper.status).toBe(400);
    expect(await paper.text()).toContain(UNKNOWN_PAPER);
    expect((await fx.lead.client.get(`/events/${fx.eventId}/run-sheet.pdf?paper=toString`)).status).toBe(400);
  });
});
