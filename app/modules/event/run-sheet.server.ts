import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { ON_TEAM_STATUSES, SHOOTER_TYPE_LABELS } from "~/db/enums";
import { events, eventSecondShooters, profiles, shooterContacts, users } from "~/db/schema";
import { ACCESS_NOT_FOUND, loadPortalPage } from "~/modules/client-access/portal.server";
import { EVENT_DELETED, EVENT_DELETED_STATUS } from "~/modules/event/deleted-event";
import { toPortalRow } from "~/modules/live/protocol";
import { hourCycleForRequest } from "~/modules/timeline/span";
import type { Db } from "~/utils/db.server";
import { TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import { readDashboard } from "./dashboard-data.server";
import { allListQueries } from "./lists.server";
import { defaultPaper, PAPERS, type Paper } from "./run-sheet-pdf.server";
import { nameOf } from "~/modules/shots/groupings";
import { type RunSheetMember, runSheetOf, runSheetPath } from "./run-sheet";

// The run sheet's data (docs/product/screens.md#run-sheet): every list whole and the team
// with the phone numbers the lead keeps for them, read with the access check in one D1
// batch, as the dashboard is.

export const NOT_ON_THIS_TEAM = "That person is not on this event's team.";
export const UNKNOWN_PAPER = "Choose A4 or US Letter.";

/** The lead and the accepted members, the lead first; a member's phone number from the lead's saved contacts (by address). */
function teamWithPhones(db: Db, eventId: string) {
  const lead = sql`(select ${events.leadPhotographerId} from ${events} where ${events.id} = ${eventId})`;
  return db
    .select({
      userId: profiles.userId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      isLead: sql<number>`${profiles.userId} = ${lead}`.as("is_lead"),
      shooterType: eventSecondShooters.shooterType,
      phoneNumber: sql<string | null>`(select ${shooterContacts.phoneNumber} from ${shooterContacts}
        where ${shooterContacts.userId} = ${lead} and lower(${shooterContacts.email}) = lower(${users.email}) and ${shooterContacts.phoneNumber} is not null limit 1)`.as("phone_number"),
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(eventSecondShooters, and(eq(eventSecondShooters.userId, profiles.userId), eq(eventSecondShooters.eventId, eventId), inArray(eventSecondShooters.status, ON_TEAM_STATUSES)))
    .where(sql`${profiles.userId} = ${lead} or ${eventSecondShooters.id} is not null`)
    .orderBy(sql`is_lead desc`, profiles.firstName);
}

const runSheetReads = (db: Db, eventId: string, _userId: string | SQL<string>) => ({ ...allListQueries(db, eventId), team: teamWithPhones(db, eventId) });

const isPaper = (value: string): value is Paper => Object.hasOwn(PAPERS, value);

/** The paper asked for (`?paper=`), or the event's usual one. */
function paperOf(url: URL, timeZone: string): Paper {
  const asked = url.searchParams.get("paper");
  if (asked === null || asked === "") return defaultPaper(timeZone);
  if (isPaper(asked)) return asked;
  throw data(UNKNOWN_PAPER, { status: 400 });
}

/** The lead's or a team member's sheet: the whole team's, or one member's (`?for=<user id>`). */
export async function loadRunSheet(context: Readonly<RouterContextProvider>, request: Request, eventId: string | undefined) {
  const url = new URL(request.url);
  const { event, viewer, reads, seq } = await readDashboard(context, request, eventId, runSheetReads);
  const team: RunSheetMember[] = reads.team.map((member) => ({
    userId: member.userId,
    firstName: member.firstName,
    lastName: member.lastName,
    role: member.isLead ? "Lead" : member.shooterType ? SHOOTER_TYPE_LABELS[member.shooterType] : "Team Member",
    phoneNumber: member.phoneNumber,
  }));
  const forUserId = url.searchParams.get("for") || null;
  if (forUserId !== null && !team.some((member) => member.userId === forUserId)) throw data(NOT_ON_THIS_TEAM, { status: 400 });
  const sheet = runSheetOf({
    event,
    blocks: reads.blocks,
    shots: reads.shots,
    people: reads.people,
    vendors: reads.vendors,
    team,
    forUserId,
    seq,
    madeAt: Date.now(),
    hourCycle: hourCycleForRequest(viewer.timeFormat, request),
  });
  return {
    sheet,
    paper: paperOf(url, event.timeZone),
    liveUrl: `${url.origin}/events/${event.id}`,
    path: runSheetPath(event.id),
    choices: team.map((member) => ({ userId: member.userId, label: member.userId === viewer.userId ? "Mine" : nameOf(member) })),
    forUserId,
  };
}

/** A client link's sheet: what its portal shows, nothing of the team's. Refused as the portal refuses. */
export async function loadPortalRunSheet(context: Readonly<RouterContextProvider>, request: Request, accessId: string) {
  const url = new URL(request.url);
  const loaded = await loadPortalPage(context, request, accessId);
  if (loaded.refused) {
    if (loaded.deleted) throw data(EVENT_DELETED, { status: EVENT_DELETED_STATUS });
    throw data(loaded.refused === 429 ? TOO_MANY_ATTEMPTS : ACCESS_NOT_FOUND, { status: loaded.refused });
  }
  const { portal, seq } = loaded;
  if (url.searchParams.has("for")) throw data(NOT_ON_THIS_TEAM, { status: 400 });
  const sheet = runSheetOf({
    event: portal.event,
    blocks: portal.blocks.map((row) => toPortalRow("block", row)),
    shots: portal.shots.map((row) => toPortalRow("shot", row)),
    people: portal.people.map((row) => toPortalRow("person", row)),
    vendors: portal.vendors.map((row) => toPortalRow("vendor", row)),
    team: null,
    forUserId: null,
    seq,
    madeAt: Date.now(),
    hourCycle: hourCycleForRequest("auto", request),
  });
  return { sheet, paper: paperOf(url, portal.event.timeZone), liveUrl: `${url.origin}/client/view/${accessId}`, path: `/client/view/${accessId}/run-sheet`, choices: [], forUserId: null };
}

export type LoadedRunSheet = Awaited<ReturnType<typeof loadRunSheet>>;
