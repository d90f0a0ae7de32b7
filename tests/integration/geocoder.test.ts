// The venue's address search (decision 018): our client runs for real in workerd against the
// fake OpenCage geocoder at its HTTP boundary (tests/setup/fake-geocoder.ts), which checks the
// key and answers OpenCage's shapes.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADDRESS_SEARCH_UNREACHABLE, searchAddress } from "~/modules/event/geocoder.server";

const FAKE = env.GEOCODER_API_BASE as string;
const realFetch = globalThis.fetch;

afterEach(() => {
  vi.restoreAllMocks();
});

/** The searches the fake received, their parameters (the key left out). */
async function received() {
  return (await (await realFetch(`${FAKE}/_fake/requests`)).json()) as Record<string, string>[];
}

describe("searching a venue's address", () => {
  it("finds the demo wedding's venue: its full name and where it is", async () => {
    const answer = await searchAddress(env, "Willow Creek Barn, Asheville, NC");
    expect(answer).toEqual({
      ok: true,
      places: [{ label: "Willow Creek Barn, Asheville, NC 28806, United States of America", latitude: 35.579, longitude: -82.67 }],
    });
  });

  it("asks for five places at most, keeping no record of the query, and answers no more", async () => {
    const answer = await searchAddress(env, "  Springfield  ");
    expect(answer.ok && answer.places).toHaveLength(5);
    expect(answer.ok && answer.places[0]).toEqual({ label: "Springfield, IL, United States of America", latitude: 39.7817, longitude: -89.6501 });
    expect((await received()).filter((request) => request.q === "Springfield").at(-1)).toEqual({ q: "Springfield", limit: "5", no_annotations: "1", no_record: "1" });
  });

  it("finds real places east and west of Greenwich", async () => {
    const raleigh = await searchAddress(env, "Raleigh, North Carolina");
    expect(raleigh).toEqual({ ok: true, places: [{ label: "Raleigh, NC, United States of America", latitude: 35.7796, longitude: -78.6382 }] });
    const bridge = await searchAddress(env, "Tower Bridge, London");
    expect(bridge.ok && bridge.places.map((place) => place.label)).toEqual(["Tower Bridge, Tower Bridge Road, London SE1 2UP, United Kingdom"]);
  });

  it("answers an empty list when nothing is found", async () => {
    expect(await searchAddress(env, "Nowhere Lane 404, Atlantis")).toEqual({ ok: true, places: [] });
  });

  it("with a key the vendor refuses (401): the failure to show, and the status in the log, not the key", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const answer = await searchAddress({ ...env, GEOCODER_API_KEY: "test_not_the_fakes_key" }, "Raleigh");
    expect(answer).toEqual({ ok: false, code: "unreachable", message: "Could not reach the address search. Try again, or type the latitude and longitude." });
    expect(warn).toHaveBeenCalledWith("The address search answered 401");
  });

  it("when the vendor is down (503) or slower than the timeout: the same failure", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await searchAddress(env, "(fake) unavailable")).toEqual({ ok: false, code: "unreachable", message: ADDRESS_SEARCH_UNREACHABLE });
    const started = Date.now();
    expect(await searchAddress(env, "(fake) slow", { timeoutMs: 300 })).toMatchObject({ ok: false, code: "unreachable" });
    expect(Date.now() - started).toBeLessThan(1_900);
  });

  it("with no key configured: the same failure, and no request", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    expect(await searchAddress({ ...env, GEOCODER_API_KEY: "" }, "Raleigh")).toMatchObject({ ok: false, code: "unreachable" });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("refuses an empty query, or one over 200 characters, before any request", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    expect(await searchAddress(env, "")).toEqual({ ok: false, code: "empty", message: "Address is required" });
    expect(await searchAddress(env, "   \n ")).toMatchObject({ ok: false, code: "empty" });
    expect(await searchAddress(env, "a".repeat(201))).toEqual({ ok: false, code: "too_long", message: "Address must be less than 200 characters" });
    expect(fetchSpy).not.toHaveBeenCalled();
    // 200 is allowed.
    fetchSpy.mockRestore();
    expect(await searchAddress(env, "a".repeat(200))).toEqual({ ok: true, places: [] });
  });

  it("sends no key but a test_ key to the fake, and to no host but this machine", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    await expect(searchAddress({ GEOCODER_API_KEY: "0123456789abcdef0123456789abcdef", GEOCODER_API_BASE: FAKE }, "Raleigh")).rejects.toThrow(
      /GEOCODER_API_BASE points at a local fake: only for test_ keys and this machine/,
    );
    await expect(searchAddress({ GEOCODER_API_KEY: "test_geocoder", GEOCODER_API_BASE: "https://geocoder.evil.example" }, "Raleigh")).rejects.toThrow(/only for test_ keys and this machine/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("in production (no GEOCODER_API_BASE) asks OpenCage itself", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ results: [], status: { code: 200, message: "OK" }, total_results: 0 }));
    expect(await searchAddress({ GEOCODER_API_KEY: "0123456789abcdef0123456789abcdef", GEOCODER_API_BASE: "" }, "Raleigh")).toEqual({ ok: true, places: [] });
    const url = new URL(String(fetchSpy.mock.calls[0]![0]));
    expect(url.origin + url.pathname).toBe("https://api.opencagedata.com/geocode/v1/json");
    expect(url.searchParams.get("key")).toBe("0123456789abcdef0123456789abcdef");
  });
});
