// A fake OpenCage geocoder at its HTTP boundary (decision 018), for the tests and `npm run dev`.
// GET /geocode/v1/json?q=…&key=…[&limit=…]: the key checked (401 otherwise, in OpenCage's
// answer shape), then the places of a small built-in gazetteer whose every word of the query
// is in the place's name or aliases, best first, in OpenCage's answer shape; none found: an
// empty `results` with 200, as OpenCage answers. Two queries play the vendor's troubles:
// "(fake) unavailable" answers 503, "(fake) slow" answers after `slowMs`.
// Admin (/_fake/...): GET requests, the last 100 searches received (their parameters, the key left out).
import { json, listen } from "./http.mjs";

/**
 * Real places (their coordinates as maps give them), and the seeded demo wedding's venue
 * ("Willow Creek Barn, Asheville, NC", app/db/seed.ts): the barn is made up, its point is
 * farmland west of Asheville. In each group, the likelier answer first.
 * @type {{ formatted: string; lat: number; lng: number; type: string; aliases?: string[] }[]}
 */
const GAZETTEER = [
  { formatted: "Willow Creek Barn, Asheville, NC 28806, United States of America", lat: 35.579, lng: -82.67, type: "venue", aliases: ["north carolina", "usa"] },
  { formatted: "Asheville, NC, United States of America", lat: 35.5951, lng: -82.5515, type: "city", aliases: ["north carolina", "usa"] },
  { formatted: "Raleigh, NC, United States of America", lat: 35.7796, lng: -78.6382, type: "city", aliases: ["north carolina", "usa"] },
  { formatted: "Central Park, New York, NY, United States of America", lat: 40.7826, lng: -73.9656, type: "park", aliases: ["new york city", "nyc", "manhattan", "usa"] },
  { formatted: "London, England, United Kingdom", lat: 51.5073, lng: -0.1276, type: "city", aliases: ["uk", "greater london"] },
  { formatted: "Tower Bridge, Tower Bridge Road, London SE1 2UP, United Kingdom", lat: 51.5055, lng: -0.0754, type: "bridge", aliases: ["england", "uk"] },
  { formatted: "Sydney Opera House, Bennelong Point, Sydney NSW 2000, Australia", lat: -33.8568, lng: 151.2153, type: "arts_centre" },
  { formatted: "Tromsø, Troms, Norway", lat: 69.6492, lng: 18.9553, type: "city", aliases: ["tromso"] },
  // Six of one name: a search answers no more than its `limit`.
  { formatted: "Springfield, IL, United States of America", lat: 39.7817, lng: -89.6501, type: "city", aliases: ["illinois"] },
  { formatted: "Springfield, MO, United States of America", lat: 37.209, lng: -93.2923, type: "city", aliases: ["missouri"] },
  { formatted: "Springfield, MA, United States of America", lat: 42.1015, lng: -72.5898, type: "city", aliases: ["massachusetts"] },
  { formatted: "Springfield, OR, United States of America", lat: 44.0462, lng: -123.022, type: "city", aliases: ["oregon"] },
  { formatted: "Springfield, OH, United States of America", lat: 39.9242, lng: -83.8088, type: "city", aliases: ["ohio"] },
  { formatted: "Springfield, VA, United States of America", lat: 38.7893, lng: -77.1872, type: "city", aliases: ["virginia"] },
];

/** OpenCage's `components._category` of each kind of place in the gazetteer. */
/** @type {Record<string, string>} */
const CATEGORIES = { venue: "commerce", city: "place", park: "outdoors/recreation", bridge: "road", arts_centre: "travel/tourism" };

/** Lower-case words, accents and punctuation dropped. */
const wordsOf = (/** @type {string} */ text) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** OpenCage's answer around `results` (GET /geocode/v1/json, JSON). */
function answer(/** @type {number} */ code, /** @type {string} */ message, /** @type {unknown[]} */ results = []) {
  const now = new Date();
  return {
    documentation: "https://opencagedata.com/api",
    licenses: [{ name: "see attribution guide", url: "https://opencagedata.com/credits" }],
    results,
    status: { code, message },
    stay_informed: { blog: "https://blog.opencagedata.com", mastodon: "https://en.osm.town/@opencage" },
    thanks: "For using an OpenCage API",
    timestamp: { created_http: now.toUTCString(), created_unix: Math.floor(now.getTime() / 1000) },
    total_results: results.length,
  };
}

/** A gazetteer place as one of OpenCage's results (`annotations` unless no_annotations=1). */
function resultOf(/** @type {(typeof GAZETTEER)[number]} */ place, /** @type {boolean} */ annotations) {
  const near = (/** @type {number} */ value, /** @type {number} */ by) => Number((value + by).toFixed(7));
  return {
    ...(annotations ? { annotations: { OSM: { url: `https://www.openstreetmap.org/?mlat=${place.lat}&mlon=${place.lng}#map=17/${place.lat}/${place.lng}` } } } : {}),
    bounds: { northeast: { lat: near(place.lat, 0.01), lng: near(place.lng, 0.01) }, southwest: { lat: near(place.lat, -0.01), lng: near(place.lng, -0.01) } },
    components: { _category: CATEGORIES[place.type] ?? "unknown", _type: place.type },
    confidence: place.type === "city" ? 5 : 9,
    formatted: place.formatted,
    geometry: { lat: place.lat, lng: place.lng },
  };
}

/**
 * @param {{ port?: number; apiKey: string; slowMs?: number }} options apiKey: the key the Worker has (GEOCODER_API_KEY).
 * @returns {Promise<{ url: string; close: () => Promise<void> }>}
 */
export function startFakeGeocoder({ port = 0, apiKey, slowMs = 10_000 }) {
  /** @type {Array<Record<string, string>>} */
  const requests = [];
  return listen(port, async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname === "/_fake/requests" && req.method === "GET") return json(res, 200, requests);
    if (url.pathname !== "/geocode/v1/json") return json(res, 404, answer(404, "invalid API endpoint"));
    if (req.method !== "GET") return json(res, 405, answer(405, "method not allowed"));
    const params = Object.fromEntries(url.searchParams);
    const { key, ...recorded } = params;
    requests.push(recorded);
    if (requests.length > 100) requests.shift();
    if (!key) return json(res, 401, answer(401, "missing API key"));
    if (key !== apiKey) return json(res, 401, answer(401, "invalid API key"));
    const q = (params.q ?? "").trim();
    if (!q) return json(res, 400, answer(400, "missing query"));
    if (q === "(fake) unavailable") return json(res, 503, answer(503, "internal server error"));
    if (q === "(fake) slow") await new Promise((resolve) => setTimeout(resolve, slowMs));
    const limit = Math.min(Math.max(Number(params.limit) || 10, 1), 100);
    const wanted = wordsOf(q);
    const found = GAZETTEER.filter((place) => {
      const words = new Set(wordsOf([place.formatted, ...(place.aliases ?? [])].join(" ")));
      return wanted.every((word) => words.has(word));
    });
    const results = found.slice(0, limit).map((place) => resultOf(place, params.no_annotations !== "1"));
    if (!res.destroyed) json(res, 200, answer(200, "OK", results));
  });
}
