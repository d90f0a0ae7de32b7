import { describe, expect, it } from "vitest";
import { LIST_ROW_SCHEMAS } from "~/modules/event/lists.schema";
import type { Change } from "~/modules/live/protocol";
import { applyToList, type ListUpdate, readListUpdate } from "~/modules/live/use-live-room";

// A device applies the room's changes to the lists its page already has.
// Changes may come twice (a replay overlapping what was applied) or two saves of one
// row in the other order: whole rows, the newer updatedAt wins, deletes by id.

type Shot = { id: string; title: string; orderIndex: number; updatedAt?: string; note?: string };
const byOrder = (a: Shot, b: Shot) => a.orderIndex - b.orderIndex;
const upsert = (...rows: Shot[]): ListUpdate<Shot> => ({ op: "upsert", rows });
const remove = (...ids: string[]): ListUpdate<Shot> => ({ op: "delete", ids });

const T1 = "2027-06-12T10:00:00.000Z";
const T2 = "2027-06-12T10:05:00.000Z";
const list: Shot[] = [
  { id: "a", title: "Rings", orderIndex: 0, updatedAt: T1 },
  { id: "b", title: "Dress", orderIndex: 1, updatedAt: T1 },
];

describe("applyToList", () => {
  it("inserts a row it does not have, in the list's order", () => {
    const next = applyToList(list, upsert({ id: "c", title: "First look", orderIndex: 0.5, updatedAt: T2 }), byOrder);
    expect(next.map((s) => s.id)).toEqual(["a", "c", "b"]);
  });

  it("replaces a row with a newer version of it", () => {
    const next = applyToList(list, upsert({ id: "a", title: "Both rings", orderIndex: 0, updatedAt: T2 }), byOrder);
    expect(next).toEqual([{ id: "a", title: "Both rings", orderIndex: 0, updatedAt: T2 }, list[1]]);
  });

  it("keeps its row when the incoming one is older (two saves arriving in the other order)", () => {
    const newer: Shot[] = [{ id: "a", title: "Both rings", orderIndex: 0, updatedAt: T2 }, list[1]!];
    const next = applyToList(newer, upsert({ id: "a", title: "Rings", orderIndex: 0, updatedAt: T1 }), byOrder);
    expect(next).toEqual(newer);
  });

  it("applies the same change twice to the same result (a replay overlap)", () => {
    const change = upsert({ id: "a", title: "Both rings", orderIndex: 0, updatedAt: T2 }, { id: "c", title: "Veil", orderIndex: 2, updatedAt: T2 });
    const once = applyToList(list, change, byOrder);
    expect(applyToList(once, change, byOrder)).toEqual(once);
  });

  it("deletes by id, ignoring ids it does not have", () => {
    expect(applyToList(list, remove("a", "zzz"), byOrder)).toEqual([list[1]]);
    expect(applyToList(applyToList(list, remove("a"), byOrder), remove("a"), byOrder)).toEqual([list[1]]);
  });

  it("re-sorts when a row's order changes (a block moved)", () => {
    const next = applyToList(list, upsert({ id: "a", title: "Rings", orderIndex: 1, updatedAt: T2 }, { id: "b", title: "Dress", orderIndex: 0, updatedAt: T2 }), byOrder);
    expect(next.map((s) => s.id)).toEqual(["b", "a"]);
  });

  it("keeps fields an incoming row does not carry, and leaves the page's list untouched", () => {
    const withNote: Shot[] = [{ ...list[0]!, note: "from the loader" }];
    const next = applyToList(withNote, upsert({ id: "a", title: "Both rings", orderIndex: 0, updatedAt: T2 }), byOrder);
    expect(next[0]).toMatchObject({ title: "Both rings", note: "from the loader" });
    expect(withNote[0]!.title).toBe("Rings");
  });
});

// A change's rows reach a list only as rows of that list's type
// (LIST_ROW_SCHEMAS), not by a cast: anything else is refused, and the page refetches.
describe("readListUpdate", () => {
  const shot = {
    id: "s1",
    eventId: "e1",
    title: "Rings",
    category: "details",
    description: null,
    personIds: "[]",
    personRoles: "[]",
    orderIndex: 0,
    isDone: true,
    doneAt: T1,
    createdAt: T1,
    updatedAt: T1,
  };
  const change = (rows: Record<string, unknown>[]): Change => ({ entity: "shot", op: "upsert", rows, actor: null });

  it("reads whole rows of the list, leaving out fields no page shows (who checked it off)", () => {
    expect(readListUpdate(LIST_ROW_SCHEMAS.shot, change([{ ...shot, doneBy: "u1" }]))).toEqual({ op: "upsert", rows: [shot] });
  });

  it("refuses a row of another shape: a category outside the list, a missing field, a string for a number", () => {
    expect(readListUpdate(LIST_ROW_SCHEMAS.shot, change([{ ...shot, category: "formal" }]))).toBeNull();
    expect(readListUpdate(LIST_ROW_SCHEMAS.shot, change([{ id: "s1", title: "Rings" }]))).toBeNull();
    expect(readListUpdate(LIST_ROW_SCHEMAS.shot, change([shot, { ...shot, id: "s2", orderIndex: "1" }]))).toBeNull();
  });

  it("reads a delete as its ids", () => {
    expect(readListUpdate(LIST_ROW_SCHEMAS.shot, { entity: "shot", op: "delete", ids: ["s1"], actor: null })).toEqual({ op: "delete", ids: ["s1"] });
  });
});
