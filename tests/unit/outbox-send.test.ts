import { describe, expect, it } from "vitest";
import { type Mutation, type MutationResult, MUTATIONS_PER_REQUEST } from "~/modules/event/mutations";
import { backoff } from "~/modules/offline/outbox-watch";
import { type OutboxEntry, type PostAnswer, sendOutbox } from "~/modules/offline/send";

// The outbox is sent in order, in chunks; each answered entry leaves
// it exactly once; nothing is lost on a dead network, a server error or a 429; a device
// that lost access drops its entries. A fake outbox and a fake endpoint.

const toggle = (n: number): Mutation => ({ id: `mutation-${String(n).padStart(12, "0")}`, name: "toggle-shot", args: { id: `shot-${n}`, done: true } });

function fakeOutbox(count: number) {
  let entries: OutboxEntry[] = Array.from({ length: count }, (_, i) => ({ seq: i + 1, scope: "/events/e", mutation: toggle(i + 1), createdAt: "2027-01-01T00:00:00.000Z" }));
  const removed: number[] = [];
  const answered: Array<[number, MutationResult["status"]]> = [];
  const sent: string[][] = [];
  let dropped = false;
  return {
    removed,
    answered,
    sent,
    get left() {
      return entries.map((entry) => entry.seq);
    },
    get dropped() {
      return dropped;
    },
    deps(respond: (mutations: Mutation[], call: number) => PostAnswer) {
      return {
        read: async () => [...entries],
        post: async (mutations: Mutation[]) => {
          sent.push(mutations.map((mutation) => mutation.id));
          return respond(mutations, sent.length);
        },
        remove: async (entry: OutboxEntry) => {
          removed.push(entry.seq);
          entries = entries.filter((each) => each.seq !== entry.seq);
        },
        dropAll: async () => {
          dropped = true;
          entries = [];
        },
        onResult: (entry: OutboxEntry, result: MutationResult) => answered.push([entry.seq, result.status]),
      };
    },
  };
}

const applied = (mutations: Mutation[]): PostAnswer => ({ status: 200, body: { results: mutations.map((m) => ({ id: m.id, status: "applied" })) } });

describe("sendOutbox", () => {
  it("sends everything in order, in chunks of MUTATIONS_PER_REQUEST, and removes each entry once", async () => {
    const box = fakeOutbox(MUTATIONS_PER_REQUEST * 2 + 3);
    expect(await sendOutbox(box.deps(applied))).toBe("done");
    expect(box.sent.map((chunk) => chunk.length)).toEqual([MUTATIONS_PER_REQUEST, MUTATIONS_PER_REQUEST, 3]);
    expect(box.sent.flat()).toEqual(Array.from({ length: MUTATIONS_PER_REQUEST * 2 + 3 }, (_, i) => toggle(i + 1).id));
    expect(box.removed).toEqual(Array.from({ length: MUTATIONS_PER_REQUEST * 2 + 3 }, (_, i) => i + 1));
    expect(new Set(box.answered.map(([seq]) => seq)).size).toBe(box.answered.length);
    expect(box.left).toEqual([]);
  });

  it("a refused mutation leaves the outbox with its answer (the page rolls it back); the rest go on", async () => {
    const box = fakeOutbox(3);
    const end = await sendOutbox(
      box.deps((mutations) => ({
        status: 200,
        body: {
          results: mutations.map((m, i) =>
            i === 1 ? { id: m.id, status: "refused", code: 404, title: "Failed to update shot item.", message: "gone" } : { id: m.id, status: "applied" },
          ),
        },
      })),
    );
    expect(end).toBe("done");
    expect(box.answered).toEqual([
      [1, "applied"],
      [2, "refused"],
      [3, "applied"],
    ]);
    expect(box.left).toEqual([]);
  });

  it("keeps every entry when no answer comes, on a server error and on a 429", async () => {
    for (const answer of ["network", { status: 500, body: null }, { status: 503, body: null }, { status: 429, body: { error: "Too many" } }] as PostAnswer[]) {
      const box = fakeOutbox(4);
      expect(await sendOutbox(box.deps(() => answer))).toBe(answer === "network" ? "offline" : "retry");
      expect(box.left).toEqual([1, 2, 3, 4]);
      expect(box.answered).toEqual([]);
    }
  });

  it("after a lost answer, sending again is a repeat the server answers with the first result: each entry still leaves once", async () => {
    const box = fakeOutbox(2);
    // The server applied the first request, but its answer was lost.
    expect(await sendOutbox(box.deps(() => "network"))).toBe("offline");
    expect(await sendOutbox(box.deps((mutations) => ({ status: 200, body: { results: mutations.map((m) => ({ id: m.id, status: "applied", replay: true })) } })))).toBe("done");
    expect(box.removed).toEqual([1, 2]);
    expect(box.answered).toEqual([
      [1, "applied"],
      [2, "applied"],
    ]);
  });

  it("a mutation refused with 429 (a client link's write limit) is kept with all after it, in order", async () => {
    const box = fakeOutbox(3);
    const end = await sendOutbox(
      box.deps((mutations) => ({
        status: 200,
        body: { results: mutations.map((m, i) => (i === 0 ? { id: m.id, status: "applied" } : { id: m.id, status: "refused", code: 429, title: "Error", message: "Too many changes" })) },
      })),
    );
    expect(end).toBe("retry");
    expect(box.left).toEqual([2, 3]);
  });

  // A session that ran
  // out while the phone was in the basement must lose nothing.
  it("401 for the whole request: signed out, every entry is kept for its owner to send after signing in again", async () => {
    const box = fakeOutbox(3);
    expect(await sendOutbox(box.deps(() => ({ status: 401, body: { error: "Please sign in again." } })))).toBe("signed-out");
    expect(box.dropped).toBe(false);
    expect(box.left).toEqual([1, 2, 3]);
    expect(box.answered).toEqual([]);
  });

  it("404 for the whole request: the device lost access, the scope's entries are dropped (those answered first leave with their answer)", async () => {
    {
      const box = fakeOutbox(3);
      expect(await sendOutbox(box.deps(() => ({ status: 404, body: { error: "Event not found" } })))).toBe("access-ended");
      expect(box.dropped).toBe(true);
      expect(box.left).toEqual([]);
      expect(box.answered).toEqual([]);
    }
    const box = fakeOutbox(3);
    const end = await sendOutbox(box.deps((mutations) => ({ status: 404, body: { error: "Event not found", results: [{ id: mutations[0]!.id, status: "applied" }] } })));
    expect(end).toBe("access-ended");
    expect(box.answered).toEqual([[1, "applied"]]);
  });

  it("a request refused as malformed is sent again one at a time, so only the unreadable entry is refused", async () => {
    const box = fakeOutbox(3);
    const bad = toggle(2).id;
    const end = await sendOutbox(box.deps((mutations) => (mutations.some((m) => m.id === bad) ? { status: 400, body: { error: "That request was not understood." } } : applied(mutations))));
    expect(end).toBe("done");
    expect(box.answered).toEqual([
      [1, "applied"],
      [2, "refused"],
      [3, "applied"],
    ]);
  });

  it("waits longer after each failure, at most 30 seconds", () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(backoff)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
