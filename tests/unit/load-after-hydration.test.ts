import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAfterHydration, loadCodeFor, waitAtMost, whenIdle } from "~/utils/load-after-hydration";

describe("loadAfterHydration", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("hands over what loaded, once", async () => {
    const onLoaded = vi.fn();
    loadAfterHydration(() => Promise.resolve("chunk"), onLoaded, new EventTarget());
    await vi.runAllTimersAsync();
    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(onLoaded).toHaveBeenCalledWith("chunk");
  });

  it("asks again as soon as the device is back online", async () => {
    const online = new EventTarget();
    const load = vi.fn().mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module")).mockResolvedValue("chunk");
    const onLoaded = vi.fn();
    loadAfterHydration(load, onLoaded, online);
    await vi.advanceTimersByTimeAsync(0);
    expect(onLoaded).not.toHaveBeenCalled();
    online.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    expect(onLoaded).toHaveBeenCalledWith("chunk");
    // The pending timed retry was cleared: nothing loads a third time.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("asks again after a growing wait while no 'online' comes", async () => {
    const load = vi.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    loadAfterHydration(load, vi.fn(), new EventTarget());
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(load).toHaveBeenCalledTimes(2); // now waits 4 s
    await vi.advanceTimersByTimeAsync(2_000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("stops asking and hands nothing over once cancelled", async () => {
    const online = new EventTarget();
    let resolve: (value: string) => void = () => {};
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockImplementation(() => new Promise<string>((r) => (resolve = r)));
    const onLoaded = vi.fn();
    const cancel = loadAfterHydration(load, onLoaded, online);
    await vi.advanceTimersByTimeAsync(0);
    online.dispatchEvent(new Event("online"));
    cancel();
    resolve("late chunk");
    await vi.advanceTimersByTimeAsync(120_000);
    online.dispatchEvent(new Event("online"));
    expect(load).toHaveBeenCalledTimes(2);
    expect(onLoaded).not.toHaveBeenCalled();
  });
});

describe("whenIdle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("runs once the browser is idle, with the longest wait asked for; a cancel before then runs nothing", () => {
    const waiting: { run: () => void; options?: IdleRequestOptions }[] = [];
    vi.stubGlobal("requestIdleCallback", (run: () => void, options?: IdleRequestOptions) => waiting.push({ run, options }));
    const cancelled = new Set<number>();
    vi.stubGlobal("cancelIdleCallback", (id: number) => cancelled.add(id));
    const run = vi.fn();
    whenIdle(run, 2000);
    expect(waiting[0]!.options).toEqual({ timeout: 2000 });
    expect(run).not.toHaveBeenCalled();
    waiting[0]!.run();
    expect(run).toHaveBeenCalledTimes(1);
    whenIdle(vi.fn())();
    expect(waiting[1]!.options).toBeUndefined();
    expect(cancelled).toEqual(new Set([2]));
  });

  it("without requestIdleCallback (Safari), runs after a short timer, which a cancel clears", () => {
    vi.stubGlobal("requestIdleCallback", undefined);
    const run = vi.fn();
    whenIdle(run);
    const cancelledRun = vi.fn();
    whenIdle(cancelledRun)();
    vi.advanceTimersByTime(200);
    expect(run).toHaveBeenCalledTimes(1);
    expect(cancelledRun).not.toHaveBeenCalled();
  });
});

describe("waitAtMost", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("goes on when the promise settles, fulfilled or rejected, before the time", async () => {
    const done = vi.fn();
    void waitAtMost(Promise.resolve("code"), 3_000).then(done);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledWith(undefined);
    const afterFailure = vi.fn();
    void waitAtMost(Promise.reject(new TypeError("Failed to fetch")), 3_000).then(afterFailure);
    await vi.advanceTimersByTimeAsync(0);
    expect(afterFailure).toHaveBeenCalledTimes(1);
  });

  it("goes on after the time when the promise has not settled", async () => {
    const done = vi.fn();
    void waitAtMost(new Promise(() => {}), 3_000).then(done);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledTimes(1);
  });
});

// loadCodeFor: a client navigation asks for the code of what the new URL shows together with
// its data; React, not the middleware, keeps the shown page until that code is there (the
// routes' Suspense boundaries; tests/e2e/bundle.spec.ts checks the page changes whole).
describe("loadCodeFor", () => {
  const RESULTS = { "routes/settings": { type: "data", result: { ok: true } } };

  function run(middleware: ReturnType<typeof loadCodeFor>, url: string, order: string[] = []) {
    const next = vi.fn(async () => {
      order.push("data");
      return RESULTS;
    });
    return { answer: middleware({ request: new Request(url) }, next), next };
  }

  it("asks for the URL's code before the data, and answers the data without waiting for the code", async () => {
    const order: string[] = [];
    const load = vi.fn(() => {
      order.push("code");
      return new Promise<never>(() => {});
    });
    const { answer } = run(
      loadCodeFor((url) => (url.searchParams.get("tab") === "contacts" ? load : undefined)),
      "https://app.test/settings?tab=contacts",
      order,
    );
    await expect(answer).resolves.toBe(RESULTS);
    expect(order).toEqual(["code", "data"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("asks for nothing where the URL shows no code of its own", async () => {
    const load = vi.fn(() => Promise.resolve());
    const { answer, next } = run(
      loadCodeFor((url) => (url.searchParams.get("tab") === "contacts" ? load : undefined)),
      "https://app.test/settings",
    );
    await expect(answer).resolves.toBe(RESULTS);
    expect(next).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
  });

  it("answers the data when the code cannot be had (no signal), with no unhandled rejection", async () => {
    const { answer } = run(
      loadCodeFor(() => () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"))),
      "https://app.test/settings?tab=contacts",
    );
    await expect(answer).resolves.toBe(RESULTS);
  });
});
