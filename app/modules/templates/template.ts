import type { BlockType, ShotCategory, SunAnchor } from "~/db/enums";

// A template (docs/product/data.md#templates): an event's timeline and shot list without
// its date, people, assignments or done marks. A block's start is kept as minutes after
// the first timed block's start, so the template can be laid from any first start.

export const TEMPLATES_PER_USER_MAX = 50;
export const TEMPLATE_NAME_MAX = 80;
/** The stored body's size (JSON characters): a form body's limit, so nothing made here is larger than a page can send. */
export const TEMPLATE_BODY_MAX = 256 * 1024;
const DAY = 24 * 60;

export type TemplateBlock = {
  title: string;
  blockType: BlockType;
  /** Minutes after the first timed block's start (0 to 1439, past midnight wraps); null: untimed. */
  offsetMinutes: number | null;
  durationMinutes: number;
  location: string | null;
  notes: string | null;
  teamNotes: string | null;
  fixedTime: boolean;
  travelMinutes: number | null;
  anchor: SunAnchor | null;
  anchorOffsetMinutes: number;
};

export type TemplateShot = {
  title: string;
  category: ShotCategory;
  description: string | null;
  teamNotes: string | null;
  /** A family grouping's people by role, in order (the groupings' seam; absent on a plain shot). */
  roles?: string[];
};

export type TemplateBody = { firstStart: string | null; blocks: TemplateBlock[]; shots: TemplateShot[] };

/** "HH:MM" as minutes after midnight; null when it is not a time of day. */
export function minutesOf(time: string): number | null {
  const match = /^([0-2][0-9]):([0-5][0-9])$/.exec(time);
  if (!match) return null;
  const hours = Number(match[1]);
  return hours < 24 ? hours * 60 + Number(match[2]) : null;
}

/** Minutes after midnight as "HH:MM", wrapping past midnight (as the timeline's spans do). */
export function timeOf(minutes: number): string {
  const wrapped = ((minutes % DAY) + DAY) % DAY;
  return `${String(Math.floor(wrapped / 60)).padStart(2, "0")}:${String(wrapped % 60).padStart(2, "0")}`;
}

/** The first timed block's start, in the timeline's order. */
export function firstStartOf(blocks: readonly { startTime: string | null }[]): string | null {
  return blocks.find((block) => block.startTime !== null && minutesOf(block.startTime) !== null)?.startTime ?? null;
}

/** Each start as minutes after the first timed start; a start before it is read as the next day's (the day runs on past midnight). */
export function offsetsOf(blocks: readonly { startTime: string | null }[]): (number | null)[] {
  const first = firstStartOf(blocks);
  const base = first === null ? 0 : minutesOf(first)!;
  return blocks.map((block) => {
    const minutes = block.startTime === null ? null : minutesOf(block.startTime);
    return minutes === null ? null : (minutes - base + DAY) % DAY;
  });
}

/** The starts a template's blocks get from `firstStart` ("HH:MM"); untimed blocks stay untimed. */
export function startsFrom(offsets: readonly (number | null)[], firstStart: string): (string | null)[] {
  const base = minutesOf(firstStart);
  if (base === null) throw new Error(`Not a time of day: ${firstStart}`);
  return offsets.map((offset) => (offset === null ? null : timeOf(base + offset)));
}

/** "12 blocks · 26 shots". */
export function templateSummary(blockCount: number, shotCount: number) {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return `${plural(blockCount, "block", "blocks")} · ${plural(shotCount, "shot", "shots")}`;
}
