// The pure part of `npm run bench`: percentiles, medians, the goals of
// docs/benchmarks.md and the verdict of a figure against its goal, and the --only flag.
// Unit-tested in tests/unit/bench-stats.test.ts; the timings themselves are never
// asserted in tests (conventions: performance targets live in benchmarks).

/** The parts of the bench, in the order they run; `--only=` takes a comma-separated subset. */
export const BENCH_PARTS = ["ssr", "trips", "js", "lighthouse"];

/**
 * The parts to run from the command line's arguments: all of them, or those named by
 * `--only=a,b`. An unknown name is an error (a typo would otherwise measure nothing).
 * @param {string[]} argv
 * @returns {string[]}
 */
export function partsToRun(argv) {
  const only = argv.find((arg) => arg.startsWith("--only="));
  if (!only) return [...BENCH_PARTS];
  const names = only.slice("--only=".length).split(",").map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !BENCH_PARTS.includes(name));
  if (unknown.length || !names.length) throw new Error(`--only takes some of ${BENCH_PARTS.join(", ")} (got "${only.slice(7)}")`);
  return BENCH_PARTS.filter((part) => names.includes(part));
}

/**
 * The p-th percentile by nearest rank (p50 of 40 values is the 20th smallest).
 * @param {number[]} values
 * @param {number} p
 */
export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/**
 * The middle value (the mean of the two middle ones for an even count): Lighthouse's
 * figures are the median of 3 runs.
 * @param {number[]} values
 */
export function median(values) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ i) => sorted[i] ?? NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

/** @typedef {{ max?: number, min?: number }} Goal */

/**
 * The goals of docs/benchmarks.md as numbers. Where a goal says "keep" (the seeded wedding) the big
 * event's ceilings apply; "flat" growth is read as: the event at the app's limits costs
 * at most 1.2x the event at half of them.
 * @type {Record<string, Goal>}
 */
export const GOALS = {
  ssrP50Ms: { max: 25 },
  ssrP95Ms: { max: 60 },
  ssrRatioToStatic: { max: 4 },
  growthRatio: { max: 1.2 },
  d1PerLoad: { max: 1 },
  durableObjectCallsPerLoad: { max: 0 },
  d1PerCheckOff: { max: 1 },
  refetchesPerCheckOff: { max: 0 },
  jsGzipKb: { max: 130 },
  // The event page's own goal: its tabs and dialogs load through React.lazy and its live
  // room and outbox with it, where the other pages hold a form or two.
  eventPageJsGzipKb: { max: 140 },
  lighthousePerformance: { min: 98 },
  lighthouseAccessibility: { min: 100 },
  lighthouseBestPractices: { min: 100 },
  lcpMs: { max: 1800 },
  cls: { max: 0 },
};

/**
 * PASS when `value` is within `goal` (inclusive), MISS otherwise (also when it could not
 * be measured), "info" when the figure has no goal.
 * @param {number} value
 * @param {Goal | undefined} goal
 * @returns {"PASS" | "MISS" | "info"}
 */
export function verdict(value, goal) {
  if (!goal) return "info";
  if (typeof value !== "number" || Number.isNaN(value)) return "MISS";
  if (goal.max !== undefined && value > goal.max) return "MISS";
  if (goal.min !== undefined && value < goal.min) return "MISS";
  return "PASS";
}

/**
 * The goal as the table writes it.
 * @param {Goal | undefined} goal
 * @param {string} [unit]
 */
export function goalText(goal, unit = "") {
  if (!goal) return "";
  if (goal.max !== undefined && goal.min !== undefined) return `${goal.min}–${goal.max}${unit}`;
  return goal.max !== undefined ? `≤ ${goal.max}${unit}` : `≥ ${goal.min}${unit}`;
}
