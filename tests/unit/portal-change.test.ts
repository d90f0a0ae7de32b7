import { describe, expect, it } from "vitest";
import { toPortalChange, toPortalRow } from "~/modules/live/protocol";
import { readMessage, ServerMessageSchema } from "~/modules/live/protocol.schema";

// docs/product/roles.md#client-links: a client link sees the event, timeline, shots, people
// and vendors, never the team. The room publishes whole rows; a portal gets a cut.

describe("toPortalChange (what a portal socket is sent)", () => {
  it("cuts shot and block rows to the portal's fields: not who checked them off", () => {
    const row = { id: "s1", eventId: "e1", title: "Rings", category: "details", description: null, orderIndex: 0, isDone: true, doneBy: "user-1", doneAt: "t", createdAt: "t", updatedAt: "t" };
    const { doneBy: _, ...visible } = row;
    expect(toPortalChange({ entity: "shot", op: "upsert", rows: [row], actor: "user-1" })).toEqual({ entity: "shot", op: "upsert", actor: null, rows: [visible] });
    expect(toPortalChange({ entity: "block", op: "upsert", rows: [{ id: "b1", doneBy: "user-1", isDone: true }], actor: "user-1" })?.rows).toEqual([{ id: "b1", isDone: true }]);
  });

  it("cuts the team notes of blocks, shots and people: they are the team's only", () => {
    for (const entity of ["block", "shot", "person"] as const) {
      const change = toPortalChange({ entity, op: "upsert", rows: [{ id: "r1", notes: "For everyone", teamNotes: "Keep Alex at the north gate" }], actor: "u1" });
      expect(change?.rows).toEqual([entity === "shot" ? { id: "r1" } : { id: "r1", notes: "For everyone" }]);
    }
  });

  it("cuts the event to title, couple, date, venue (and id, updatedAt): no status, lead or organization", () => {
    const summary = { id: "e1", title: "Wedding", coupleNames: "A & B", date: "2027-06-12", venue: "Barn", status: "completed", leadPhotographerId: "u1", organizationId: "o1" };
    expect(toPortalChange({ entity: "event", op: "upsert", rows: [summary], actor: "u1" })?.rows).toEqual([{ id: "e1", title: "Wedding", coupleNames: "A & B", date: "2027-06-12", venue: "Barn" }]);
  });

  it("keeps deletes by id, without the actor", () => {
    expect(toPortalChange({ entity: "person", op: "delete", ids: ["p1"], actor: "u1" })).toEqual({ entity: "person", op: "delete", ids: ["p1"], actor: null });
  });

  it("is null for what the portal does not show (team, client links)", () => {
    expect(toPortalChange({ entity: "team", op: "upsert", actor: "u1" })).toBeNull();
    expect(toPortalChange({ entity: "client_access", op: "delete", ids: ["c1"], actor: "u1" })).toBeNull();
  });

  it("keeps a column added later away from clients until it is listed (an allow-list)", () => {
    expect(toPortalRow("person", { id: "p1", firstName: "Rosa", internalRating: 5 } as unknown as Record<string, unknown>)).toEqual({ id: "p1", firstName: "Rosa" });
  });
});

describe("readMessage: what a device accepts from a socket", () => {
  it("reads a message of the expected shape", () => {
    expect(readMessage(ServerMessageSchema, JSON.stringify({ type: "live", seq: 4 }))).toEqual({ type: "live", seq: 4 });
  });

  it.each([
    ["not JSON", "{nope"],
    ["an unknown type", JSON.stringify({ type: "drop_tables", seq: 1 })],
    ["a sequence that is not a number", JSON.stringify({ type: "live", seq: "4" })],
    ["pong", "pong"],
  ])("ignores %s (null)", (_label, data) => {
    expect(readMessage(ServerMessageSchema, data)).toBeNull();
  });
});
