import { describe, expect, it } from "vitest";
import { buildDemoSeed, SEED_MARKER } from "~/db/seed";

const statements = buildDemoSeed({ passwordHash: "scrypt$1$1$1$salt$hash", today: "2026-11-22" });
const inserts = (table: string) => statements.filter((s) => s.startsWith(`INSERT INTO ${table} (`));

describe("demo seed", () => {
  it("is guarded by its marker so it is written once", () => {
    const rows = statements.filter((s) => !s.startsWith("INSERT INTO processed_jobs"));
    for (const statement of rows) expect(statement).toContain(`WHERE NOT EXISTS (SELECT 1 FROM processed_jobs WHERE key = '${SEED_MARKER}')`);
    expect(statements.at(-1)).toContain(`'${SEED_MARKER}'`);
  });

  it("places the wedding 45 days after today and renews Pro a year ahead", () => {
    expect(inserts("events")[0]).toContain("'2027-01-06'");
    expect(inserts("profiles")[0]).toContain("'2027-11-22T00:00:00.000Z'");
  });

  it("has a full day: a timeline, 20+ shots, family with pronunciations, several vendors", () => {
    expect(inserts("timeline_blocks").length).toBeGreaterThanOrEqual(10);
    expect(inserts("shot_list_items").length).toBeGreaterThanOrEqual(20);
    expect(inserts("event_people").length).toBeGreaterThanOrEqual(8);
    expect(inserts("event_vendors").length).toBeGreaterThanOrEqual(5);
  });

  it("gives the ceremony a team note, for the lead and the team only", () => {
    const ceremony = inserts("timeline_blocks").find((s) => s.includes("'Ceremony'"));
    expect(ceremony).toContain("team_notes");
    expect(ceremony).toContain("'Keep Alex at the north gate'");
  });

  it("escapes quotes in values", () => {
    expect(statements.some((s) => s.includes("'Emma''s hair and makeup finishing touches'"))).toBe(true);
  });
});
