// The address search behind an event's 'Venue location' (decision 018): OpenCage's forward
// geocoding API (GET /geocode/v1/json), whose results we may keep on the event (OpenStreetMap
// data, ODbL). In production it talks to api.opencagedata.com; with GEOCODER_API_BASE set
// (`npm run dev`, the tests) the same code talks to the local fake at its HTTP boundary
// (tests/fakes/geocoder-server.mjs). It only reads: nothing to retry, nothing applied once.
import { z } from "zod";
import { apiBase } from "~/utils/api-base.server";
import { ADDRESS_SEARCH_UNREACHABLE } from "./address-messages";

export type GeocoderEnv = {
  /** The OpenCage API key (a secret). Without it the search answers that it cannot be reached. */
  GEOCODER_API_KEY?: string;
  /** The local fake (tests, `npm run dev`): only with a test key (`test_…`) and a loopback host. */
  GEOCODER_API_BASE?: string;
};

const OPENCAGE = "https://api.opencagedata.com";
/** How many places one search answers (the vendor's `limit`). */
export const ADDRESS_RESULTS = 5;
/** The longest query sent; a longer one is refused before any request. */
export const ADDRESS_MAX_LENGTH = 200;
/** A user waits on the search: past this the vendor counts as unreachable. */
const TIMEOUT_MS = 8_000;

export { ADDRESS_SEARCH_UNREACHABLE };
export const ADDRESS_REQUIRED = "Address is required";
export const ADDRESS_TOO_LONG = `Address must be less than ${ADDRESS_MAX_LENGTH} characters`;

/** A place found: its full name as the vendor gives it, and where it is. */
export type Place = { label: string; latitude: number; longitude: number };

export type AddressSearch =
  | { ok: true; places: Place[] }
  /** `empty` and `too_long`: refused before any request; `unreachable`: the vendor erred, timed out or is not configured. */
  | { ok: false; code: "empty" | "too_long" | "unreachable"; message: string };

const UNREACHABLE: AddressSearch = { ok: false, code: "unreachable", message: ADDRESS_SEARCH_UNREACHABLE };

/** Where the API is: the fake only for a test key on this machine (the shared guard, as STRIPE_API_BASE). */
const apiBaseOf = (env: GeocoderEnv) =>
  apiBase(OPENCAGE, { name: "GEOCODER_API_BASE", override: env.GEOCODER_API_BASE, testKey: String(env.GEOCODER_API_KEY).startsWith("test_"), testKeys: "test_ keys" });

// One result of OpenCage's answer: `formatted` is the place's full name, `geometry` its
// centre. Anything else in the answer is not read.
const ResultSchema = z.object({
  formatted: z.string().trim().min(1),
  geometry: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
});
const AnswerSchema = z.object({ results: z.array(z.unknown()) });

/**
 * Up to five places for an address or a place's name, best first; an empty list when the
 * vendor knows none. A blank query or one over 200 characters is refused with no request.
 * `timeoutMs` is for the tests; every caller waits the 8 seconds.
 */
export async function searchAddress(env: GeocoderEnv, query: string, { timeoutMs = TIMEOUT_MS } = {}): Promise<AddressSearch> {
  const q = query.trim();
  if (q === "") return { ok: false, code: "empty", message: ADDRESS_REQUIRED };
  if ([...q].length > ADDRESS_MAX_LENGTH) return { ok: false, code: "too_long", message: ADDRESS_TOO_LONG };
  if (!env.GEOCODER_API_KEY) return UNREACHABLE;

  const url = new URL("/geocode/v1/json", apiBaseOf(env));
  url.searchParams.set("q", q);
  url.searchParams.set("key", env.GEOCODER_API_KEY);
  url.searchParams.set("limit", String(ADDRESS_RESULTS));
  // The name and centre are all we read; and the vendor keeps no log of the couple's address.
  url.searchParams.set("no_annotations", "1");
  url.searchParams.set("no_record", "1");

  let body: unknown;
  try {
    const response = await fetch(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) {
      await response.body?.cancel();
      // The status only: the URL carries the key, and the query is someone's address.
      console.warn(`The address search answered ${response.status}`);
      return UNREACHABLE;
    }
    body = await response.json();
  } catch (error) {
    console.warn("Could not reach the address search", error instanceof Error ? error.name : error);
    return UNREACHABLE;
  }

  const answer = AnswerSchema.safeParse(body);
  if (!answer.success) {
    console.warn("The address search answered in an unknown shape");
    return UNREACHABLE;
  }
  const places = answer.data.results.flatMap((item) => {
    const result = ResultSchema.safeParse(item);
    return result.success ? [{ label: result.data.formatted, latitude: result.data.geometry.lat, longitude: result.data.geometry.lng }] : [];
  });
  return { ok: true, places: places.slice(0, ADDRESS_RESULTS) };
}
