import type { DataStrategyResult } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CODE_WAIT_MS, waitForCode } from "~/components/lazy-component";

// waitForCode (lazy-component.tsx): a client navigation loads the code of what the new URL
// shows with its data and goes on once both are there, at most CODE_WAIT_MS.

type Results = Record<string, DataStrategyResult>;
const RESULTS: Results = { "routes/settings": { type: "data", result: { ok: true } } };

function run(middleware: ReturnType<typeof waitForCode>, url: string) {
  const next = vi.fn(async () => RESULTS);
  const done = vi.fn();
  const args = { request: new Request(url) } as unknown as Parameters<typeof middleware>[0];
  void Promise.resolve(middleware(args, next)).then(done);
  return { next, done };
}

/** A component's code that arrives when `arrive` is called. */
function code() {
  let arrive!: () => void;
  const promise = new Promise<void>((resolve) => (arrive = resolve));
  return { load: vi.fn(() => promise), arrive };
}

describe("waitForCode", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("asks for the URL's code before the data, and answers the data once the code is there", async () => {
    const contacts = code();
    const middleware = waitForCode((url) => (url.searchParams.get("tab") === "contacts" ? contacts : null));
    const { next, done } = run(middleware, "https://app.test/settings?tab=contacts");
    expect(contacts.load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(next).toHaveBeenCalledTimes(1);
    expect(done).not.toHaveBeenCalled();
    contacts.arrive();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledWith(RESULTS);
  });

  it("does not wait where the URL shows no code of its own, or the answer does not want it", async () => {
    const contacts = code();
    const none = run(waitForCode(() => null), "https://app.test/settings");
    await vi.advanceTimersByTimeAsync(0);
    expect(none.done).toHaveBeenCalledWith(RESULTS);
    const unwanted = run(
      waitForCode(
        () => contacts,
        () => false,
      ),
      "https://app.test/settings?tab=contacts",
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(unwanted.done).toHaveBeenCalledWith(RESULTS);
  });

  it("waits at most CODE_WAIT_MS for code that does not come (no signal), then shows the page", async () => {
    const contacts = code();
    const { done } = run(
      waitForCode(() => contacts),
      "https://app.test/settings?tab=contacts",
    );
    await vi.advanceTimersByTimeAsync(CODE_WAIT_MS - 1);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledWith(RESULTS);
  });
});
