import { and, eq, type SQL, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { SHOT_CATEGORIES } from "~/db/enums";
import { events, shotListItems } from "~/db/schema";
import { pageSeq } from "~/modules/live/room.server";
import type { Db, NamedResults } from "~/utils/db.server";
import { dashboardView, type DashboardView } from "./dashboard-view";
import { LIST_NAME, LISTS, type ListKind, type ListRow } from "~/modules/lists/registry";
import { LIST_WINDOW, matchingRows, windowPage } from "~/utils/list-window";
import { LIST_TABLES } from "~/modules/lists/tables.server";
import { listQuery } from "./lists.server";
import type { Grant } from "./permissions";
import { dashboardReads, type Reads, requireEventAccess, teamReads } from "./service.server";

// What the dashboard sends. The document (and its `.data`) carries what
// the URL shows: the shown list's window, the header's figures counted in SQL, the team
// data on the tabs and dialogs that show it. The rest (every list whole, the team) is
// the lists route's (GET /events/:id/lists), which the page fetches once hydrated.

/**
 * A dashboard read (the page's loader, the lists route): the access check with `reads`
 * in one D1 batch, and the sequence the data is at (pageSeq: the event row of that
 * batch; no room is asked). Whatever the room published after it is
 * replayed to the page, so no change falls between its data and its socket. One
 * function for both, so the sequence is read one way.
 */
export async function readDashboard<R extends Reads>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  eventId: string | undefined,
  reads: (db: Db, eventId: string, userId: string | SQL<string>) => R,
) {
  const readAt = Date.now();
  const access = await requireEventAccess(context, request, eventId, "view", reads);
  const seq = pageSeq(access.event);
  // A copy kept offline says how old it is.
  return { ...access, seq, syncedAt: new Date(readAt).toISOString() };
}

type TeamReads = NamedResults<ReturnType<typeof teamReads>>;

/** The team as the viewer may see it: the addresses and the client links are the lead's business only. */
export function teamFor(role: Grant, team: Partial<TeamReads>) {
  const isLead = role === "lead";
  return {
    members: team.members ? (isLead ? team.members : team.members.filter((m) => m.status !== "declined").map((m) => ({ ...m, email: null }))) : null,
    invites: team.invites ? (isLead ? team.invites : []) : null,
    clientAccess: team.clientAccess ? (isLead ? team.clientAccess : []) : null,
    contacts: team.contacts ? (isLead ? team.contacts : []) : null,
  };
}

const count = (table: (typeof LIST_TABLES)[ListKind], where: SQL | undefined) => sql<number>`(select count(*) from ${table} where ${where})`;

/** The shots' category filter as SQL (the other lists have none). */
const listFilter = (view: DashboardView) => (view.list === "shot" && view.category ? eq(shotListItems.category, view.category) : undefined);

/**
 * The statements of a dashboard URL's first load, for requireEventAccess's batch: the
 * header's figures, the shown list's window (its page, in SQL; a search `?q=`, which
 * only a page without JavaScript sends, reads the list to match it as the page's box
 * does), a row dialog's row, and the team data where it is shown.
 */
export function dashboardWindowReads(params: URLSearchParams) {
  return (db: Db, eventId: string, userId: string | SQL<string>) => {
    // The role is known only once the batch is back. The views of the lead and of anyone
    // else differ only on the lead's Client tab, which shows others the Timeline: its
    // window is then read for anyone but the lead.
    const view = dashboardView(params, "lead");
    const other = dashboardView(params, "team");
    const windowed = view.list ? view : other;
    const notLead = view.list ? undefined : sql`not exists (select 1 from ${events} where ${events.id} = ${eventId} and ${events.leadPhotographerId} = ${userId})`;
    const blocks = LIST_TABLES.block;
    const shots = LIST_TABLES.shot;
    const shown = windowed.list ? LIST_TABLES[windowed.list] : null;
    const also = listFilter(windowed);
    const reads: Reads = {
      counts: db
        .select({
          // Named: D1 answers columns by name, and two counts of the same SQL would share one.
          blocks: count(blocks, eq(blocks.eventId, eventId)).as("blocks"),
          blocksDone: count(blocks, and(eq(blocks.eventId, eventId), eq(blocks.isDone, true))).as("blocks_done"),
          shots: count(shots, eq(shots.eventId, eventId)).as("shots"),
          shotsDone: count(shots, and(eq(shots.eventId, eventId), eq(shots.isDone, true))).as("shots_done"),
          listed: (shown ? count(shown, and(eq(shown.eventId, eventId), also)) : sql<number>`0`).as("listed"),
          // The categories that have shots, for the filter while the page holds one category's window.
          shotCategories: sql<string | null>`(select group_concat(category) from (select distinct ${shots.category} as category from ${shots} where ${eq(shots.eventId, eventId)}))`.as("shot_categories"),
        })
        .from(events)
        .where(eq(events.id, eventId)),
    };
    if (windowed.list) {
      const list = listQuery(db, windowed.list, eventId, and(also, notLead));
      const requested = Math.max(0, (Number.parseInt(windowed.page ?? "1", 10) || 1) - 1) * LIST_WINDOW;
      // A page past the end shows the last (as windowPage): the offset is clamped in SQL, in the same statement.
      // The window's size written into the SQL: a bound number is a REAL to D1, whose division would not round down.
      const size = sql.raw(String(LIST_WINDOW));
      const last = sql`max(0, (${count(shown!, and(eq(shown!.eventId, eventId), also))} - 1) / ${size} * ${size})`;
      reads.window = windowed.q ? list : list.limit(LIST_WINDOW).offset(sql`min(${sql.raw(String(requested))}, ${last})` as unknown as number);
    }
    // Run mode reads the whole timeline and shot list: Now, Next and Now's shots.
    if (view.run) Object.assign(reads, { allBlocks: listQuery(db, "block", eventId), allShots: listQuery(db, "shot", eventId) });
    // Family formals: the groupings' people, and the groupings a removal names.
    if (view.allPeople) reads.allPeople = listQuery(db, "person", eventId);
    else if (view.groupedPeople) {
      const named = sql`(${LIST_TABLES.person.id} IN (SELECT value FROM ${shots}, json_each(${shots.personIds}) WHERE ${shots.eventId} = ${eventId})
        OR ${LIST_TABLES.person.role} IN (SELECT value FROM ${shots}, json_each(${shots.personRoles}) WHERE ${shots.eventId} = ${eventId} AND ${shots.personIds} = '[]'))`;
      reads.allPeople = listQuery(db, "person", eventId, named);
    }
    if (view.allShots) reads.allShots = listQuery(db, "shot", eventId);
    if (view.dialogRow) reads.dialogRow = listQuery(db, view.dialogRow.list, eventId, eq(LIST_TABLES[view.dialogRow.list].id, view.dialogRow.id));
    const team = teamReads(db, eventId, userId);
    // Names for who shoots what, on every row that has someone assigned.
    reads.roster = team.roster;
    if (view.team) Object.assign(reads, { members: team.members, invites: team.invites });
    if (view.clientAccess) reads.clientAccess = team.clientAccess;
    if (view.contacts) reads.contacts = team.contacts;
    return reads;
  };
}

type WindowResults = Partial<TeamReads> & {
  counts: { blocks: number; blocksDone: number; shots: number; shotsDone: number; listed: number; shotCategories: string | null }[];
  window?: ListRow<ListKind>[];
  dialogRow?: ListRow<ListKind>[];
  allBlocks?: ListRow<"block">[];
  allShots?: ListRow<"shot">[];
  allPeople?: ListRow<"person">[];
};


/** The loader's lists and what the page needs to show their window (see useListWindow), for the viewer's role. */
export function dashboardWindow(params: URLSearchParams, role: Grant, results: Record<string, unknown>) {
  const view = dashboardView(params, role);
  const reads = results as WindowResults;
  const [counts = { blocks: 0, blocksDone: 0, shots: 0, shotsDone: 0, listed: 0, shotCategories: null }] = reads.counts;
  const withShots = new Set((counts.shotCategories ?? "").split(","));
  const lists = { blocks: [] as ListRow<"block">[], shots: [] as ListRow<"shot">[], people: [] as ListRow<"person">[], vendors: [] as ListRow<"vendor">[] };
  let window = null;
  if (view.list) {
    let rows = reads.window ?? [];
    let offset = (windowPage(view.page, counts.listed) - 1) * LIST_WINDOW;
    let matching = counts.listed;
    if (view.q) {
      const found = matchingRows(rows, LISTS[view.list].searchText as (row: ListRow<ListKind>) => string, view.q);
      matching = found.length;
      offset = (windowPage(view.page, matching) - 1) * LIST_WINDOW;
      rows = found.slice(offset, offset + LIST_WINDOW);
    }
    (lists as Record<string, unknown>)[LIST_NAME[view.list]] = rows;
    window = { list: view.list, category: view.category, q: view.q, offset, count: counts.listed, matching };
  }
  if (view.run && reads.allBlocks && reads.allShots) Object.assign(lists, { blocks: reads.allBlocks, shots: reads.allShots });
  // The whole lists family formals read, where the window is not already the list.
  if ((view.allPeople || view.groupedPeople) && reads.allPeople && view.list !== "person") lists.people = reads.allPeople;
  // The name caller goes through every grouping, whatever window of the shots the tab shows.
  if (view.allShots && reads.allShots && (view.list !== "shot" || view.names)) lists.shots = reads.allShots;
  const dialogRow = view.dialogRow && reads.dialogRow?.[0] ? { list: view.dialogRow.list, row: reads.dialogRow[0] } : null;
  return {
    ...lists,
    window,
    counts: { blocks: { done: counts.blocksDone, total: counts.blocks }, shots: { done: counts.shotsDone, total: counts.shots } },
    /** The categories that have shots, in the list's order of categories. */
    shotCategories: SHOT_CATEGORIES.filter((category) => withShots.has(category)),
    dialogRow,
    roster: reads.roster ?? [],
    ...teamFor(role, reads),
  };
}

/** The lists route's answer: every list whole and the team as the viewer may see it, with the page's sequence. */
export function restOfDashboard(role: Grant, seq: number, syncedAt: string, reads: NamedResults<ReturnType<typeof dashboardReads>>) {
  const { blocks, shots, people, vendors, ...team } = reads;
  return { seq, syncedAt, blocks, shots, people, vendors, ...teamFor(role, team) };
}
export type EventRest = ReturnType<typeof restOfDashboard>;
