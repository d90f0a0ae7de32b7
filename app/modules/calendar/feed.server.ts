import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { type FeedBlocks, ON_TEAM_STATUSES } from "~/db/enums";
import { calendarFeeds, events, eventSecondShooters, profiles, timelineBlocks } from "~/db/schema";
import { hourCycleOf } from "~/modules/timeline/span";
import { sha256Hex } from "~/utils/crypto.server";
import { batchNamed, type Db, type NamedResults } from "~/utils/db.server";
import { clientIp, consumeIfStatements, LIMITS } from "~/utils/rate-limit.server";
import { type CalendarBlock, calendarOf } from "./ics";

// A user's private calendar feed (docs/product/screens.md#calendar-feed, decision 019).
// The link is a capability: `/calendar/<token>.ics`, the token HMAC(SESSION_SECRET, a random
// nonce), 32 bytes as hex. D1 holds the nonce and the token's SHA-256; the feed is found by
// that hash, and the settings page makes the link again from the nonce, so 'Copy link'
// works on any device while a copy of the database alone opens no feed. 'Reset link'
// writes a new nonce and hash in one statement: the old link finds nothing from then on.

/** docs/product/limits.md#calendar-feeds: a feed's token is 32 bytes as hex; anything else is never looked up. */
export const FEED_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export const feedPath = (token: string) => `/calendar/${token}.ics`;

const hex = (bytes: ArrayBuffer | Uint8Array) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

async function tokenOf(env: Pick<Env, "SESSION_SECRET">, nonce: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(env.SESSION_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`calendar-feed:${nonce}`)));
}

export function feedQuery(db: Db, userId: string) {
  return db.select({ tokenNonce: calendarFeeds.tokenNonce, tokenHash: calendarFeeds.tokenHash, blocks: calendarFeeds.blocks }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/**
 * What the settings card shows: the link (null before there is one, or when the secret it
 * was made with has changed: then only 'Reset link' helps) and the blocks setting.
 */
export async function feedCardOf(env: Pick<Env, "SESSION_SECRET">, origin: string, rows: Array<{ tokenNonce: string; tokenHash: string; blocks: FeedBlocks }>) {
  const feed = rows[0];
  if (!feed) return { url: null, exists: false, blocks: "none" as FeedBlocks };
  const token = await tokenOf(env, feed.tokenNonce);
  const url = (await sha256Hex(token)) === feed.tokenHash ? `${origin}${feedPath(token)}` : null;
  return { url, exists: true, blocks: feed.blocks };
}

async function newLink(env: Pick<Env, "SESSION_SECRET">) {
  const nonce = hex(crypto.getRandomValues(new Uint8Array(32)));
  const token = await tokenOf(env, nonce);
  return { tokenNonce: nonce, tokenHash: await sha256Hex(token) };
}

/** 'Reset link' (and the first 'Create link'): a new token; the blocks setting stays. */
export async function resetFeed(db: Db, env: Pick<Env, "SESSION_SECRET">, userId: string) {
  const link = await newLink(env);
  await db
    .insert(calendarFeeds)
    .values({ userId, ...link })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: link });
}

/** 'Save feed settings': which blocks the feed lists; a user with no link yet gets one. */
export async function saveFeedBlocks(db: Db, env: Pick<Env, "SESSION_SECRET">, userId: string, blocks: FeedBlocks) {
  await db
    .insert(calendarFeeds)
    .values({ userId, blocks, ...(await newLink(env)) })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { blocks } });
}

export type FeedAnswer = { status: 200; body: string } | { status: 404 | 429 };

/**
 * The feed of a token: one D1 round trip reads the feed, its owner's events (led, or on the
 * team), their blocks, and counts the request (a known feed against its own allowance,
 * an unknown token against its IP's guesses). A malformed token is never looked up, and
 * counts as a guess.
 */
export async function readFeed(db: Db, request: Request, token: string, origin: string, now = new Date()): Promise<FeedAnswer> {
  const ip = clientIp(request);
  if (!FEED_TOKEN_PATTERN.test(token)) {
    const guess = consumeIfStatements(db, [[LIMITS.calendarFeedGuessesPerIp, ip, sql`1`]], now.getTime());
    const results = await batchNamed(db, guess.statements);
    return { status: guess.over(results, 0) ? 429 : 404 };
  }
  const tokenHash = await sha256Hex(token);
  const known = sql`EXISTS (SELECT 1 FROM ${calendarFeeds} WHERE ${calendarFeeds.tokenHash} = ${tokenHash})`;
  const limits = consumeIfStatements(
    db,
    [
      [LIMITS.calendarFeedReads, tokenHash, known],
      [LIMITS.calendarFeedGuessesPerIp, ip, sql`NOT ${known}`],
    ],
    now.getTime(),
  );
  const owner: SQL = sql`(SELECT ${calendarFeeds.userId} FROM ${calendarFeeds} WHERE ${calendarFeeds.tokenHash} = ${tokenHash})`;
  // docs/product/roles.md: the events the owner leads or is on the team of (an accepted member; a removed one's row is gone).
  const theirs = or(
    eq(events.leadPhotographerId, owner),
    inArray(
      events.id,
      db
        .select({ id: eventSecondShooters.eventId })
        .from(eventSecondShooters)
        .where(and(eq(eventSecondShooters.userId, owner), inArray(eventSecondShooters.status, ON_TEAM_STATUSES))),
    ),
  );
  const reads = {
    feed: db
      .select({ userId: calendarFeeds.userId, blocks: calendarFeeds.blocks, timeFormat: profiles.timeFormat, autoHourCycle: profiles.autoHourCycle })
      .from(calendarFeeds)
      .leftJoin(profiles, eq(profiles.userId, calendarFeeds.userId))
      .where(eq(calendarFeeds.tokenHash, tokenHash)),
    events: db
      .select({ id: events.id, title: events.title, coupleNames: events.coupleNames, date: events.date, venue: events.venue, timeZone: events.timeZone, liveSeq: events.liveSeq })
      .from(events)
      .where(theirs)
      .orderBy(asc(events.date), asc(events.id)),
    blocks: db
      .select({
        id: timelineBlocks.id,
        eventId: timelineBlocks.eventId,
        title: timelineBlocks.title,
        startTime: timelineBlocks.startTime,
        durationMinutes: timelineBlocks.durationMinutes,
        location: timelineBlocks.location,
        notes: timelineBlocks.notes,
        teamNotes: timelineBlocks.teamNotes,
        assignees: timelineBlocks.assignees,
      })
      .from(timelineBlocks)
      .where(inArray(timelineBlocks.eventId, db.select({ id: events.id }).from(events).where(theirs)))
      .orderBy(asc(timelineBlocks.eventId), asc(timelineBlocks.orderIndex)),
  };
  // The limits first: a feed's reads count before they are answered.
  const results = (await batchNamed(db, { ...limits.statements, ...reads })) as NamedResults<typeof reads> & Record<string, unknown>;
  const feed = results.feed[0];
  if (!feed) return { status: limits.over(results, 1) ? 429 : 404 };
  if (limits.over(results, 0)) return { status: 429 };
  const byEvent = new Map<string, Array<CalendarBlock & { assignees: string[] }>>();
  for (const block of results.blocks) byEvent.set(block.eventId, [...(byEvent.get(block.eventId) ?? []), block]);
  const listed = (block: { assignees: string[] }) => feed.blocks === "all" || (feed.blocks === "mine" && block.assignees.includes(feed.userId));
  const body = calendarOf(
    results.events.map((event) => {
      const timeline = byEvent.get(event.id) ?? [];
      return { event, timeline, blockEntries: timeline.filter(listed) };
    }),
    {
      name: "Event Flow",
      origin,
      eventUrl: (id) => `${origin}/events/${id}`,
      hourCycle: hourCycleOf(feed.timeFormat ?? "auto", feed.autoHourCycle ?? "12h"),
      now,
    },
  );
  return { status: 200, body };
}
