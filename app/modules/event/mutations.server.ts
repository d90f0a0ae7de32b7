import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { appliedMutations, events } from "~/db/schema";
import { toPortalRow } from "~/modules/live/protocol";
import { closeEventRoom, nextLiveSeq, publishChange, seqOf } from "~/modules/live/room.server";
import { dispatchTeamChange, notifyClientChange, notifyTeamChange, type TeamChange, teamChangeJobsOf, teamChangeStatementsIn } from "~/modules/notifications/team-changes.server";
import { sha256Hex } from "~/utils/crypto.server";
import { batchNamed, type Db, type NamedResults, rawAll, violatesUnique } from "~/utils/db.server";
import { consume, LIMITS, TOO_MANY_CHANGES } from "~/utils/rate-limit.server";
import { type AccessQuery, accessOf, accessQuery, type EventAccess } from "./access.server";
import { canDo, isClientIntent } from "./intents";
import { CLIENT_EDITS_LOCKED, clientEditsLocked } from "./client-lock";
import { todayIn } from "./status";
import { z } from "zod";
import {
  type Conflict,
  type FormValues,
  type Mutation,
  type MutationName,
  type MutationResponse,
  type MutationResult,
  type MutationVerb,
  MUTATIONS_FIELD,
  parseValues,
  partsOf,
  MUTATIONS_PER_REQUEST,
  MutationSchema,
  ONLINE_ONLY,
} from "./mutations";
import type { Grant } from "./permissions";
import { CHANGEABLE, type ChangeableKind, limitMessage, LISTS, type ListKind, type ListRow, teamFieldsOf } from "~/modules/lists/registry";
import { CHANGES, type ChangesByKind } from "~/modules/lists/changes.server";
import { type ChangedRow, conflictsOf, fromDriver, mineOf, type Plan, type PlanContext, rowJson } from "~/modules/lists/plan.server";
import { toDashboardEvent } from "./service.server";
import { personNameSql } from "~/modules/team/service.server";

// Decision 010 "One mutation layer": the one server function that
// runs a change to an event, whoever sends it (a dashboard form, a client portal form,
// a device's outbox). One D1 batch holds the access check, the mutation's record (its
// id, per sender), the write (carrying the same permission in SQL: refused, it changes
// nothing) and the row as it was left; then the live room is told and the team
// notified. A repeat of an applied mutation id fails on its record, so the whole batch
// rolls back, and is answered with the first result. What a change writes, and what its
// list is, are the list's own (its folder's changes.server.ts and list.ts, reached
// through the registries CHANGES and CHANGEABLE): this runner knows no list by name.

/**
 * Who sends a mutation: a signed-in user (named, for the team's notifications) or a
 * client link. A user whose session is read in the mutation's own batch (one
 * round trip) is known to it only as SQL (`userId` NULL unless the session is
 * live, `name` from the profile); that batch names them (senderRow), and the
 * sender is the user by name from then on.
 */
export type Sender = NamedSender | SqlSender;
type SqlSender = { userId: SQL<string>; name: SQL<string> };
const isSqlSender = (sender: Sender): sender is SqlSender => "userId" in sender && typeof sender.userId !== "string";

/** The answer to a request whose session is gone (the outbox's: the device asks its user to sign in). */
export const SIGNED_OUT = "Please sign in again.";

type NamedSender = { userId: string; name: string } | { token: string; accessId: string };

/** A user known to the mutation's batch only by their id as SQL (a session read in that batch). */
export function sqlSender(userId: SQL<string>): Sender {
  return { userId, name: personNameSql(userId) };
}

/**
 * The caller's reads that join the first batch a mutation runs (the route's session
 * statements): read first in it, and `results` holds that batch's results. Plain data the
 * runner does not look into; without `results`, no batch carried them and the caller runs them.
 */
export type JoinedReads = { statements: Record<string, BatchItem<"sqlite">>; results?: object };

/** The SQL sender by id and name, read in a batch (no row, or a NULL id: signed out). */
const senderRow = (db: Db, sender: SqlSender) => rawAll<{ user_id: string | null; name: string }>(db, sql`SELECT ${sender.userId} AS user_id, ${sender.name} AS name`);

/** The sender by name once the batch named them (null: signed out or expired). */
function namedSender(rows: { user_id: string | null; name: string }[]): NamedSender | null {
  const row = rows[0];
  return row?.user_id ? { userId: row.user_id, name: row.name } : null;
}

/**
 * The result, with the access it was decided under (null: none); `ended` when the event
 * is gone for the sender (no access, or the event deleted), which callers answer as a
 * stranger's request rather than as a refused change; `signedOut` when the sender was a
 * session read in the batch that named no one.
 */
export type Ran = { result: MutationResult; access: EventAccess | null; ended?: true; signedOut?: true };

type RowKind = ListKind;

// ------------------------------------------------------------------ messages (docs/product/messages.md)

export const GONE_MESSAGE = "It was deleted or belongs to another event. The list has been refreshed.";
/** A request our pages would never send (a malformed form or outbox). */
export const NOT_UNDERSTOOD = "That request was not understood.";
function failedTitle(name: MutationName, sender?: Sender) {
  // A client link's portal may title a failure its own way (a descriptor's clientFailed).
  const { kind, verb } = partsOf(name);
  const descriptor = CHANGEABLE[kind];
  const titles = { ...descriptor.failed, ...(sender && !("userId" in sender) && "clientFailed" in descriptor ? descriptor.clientFailed : {}) };
  return verb === "add" ? titles.addFailed : verb === "delete" ? titles.deleteFailed : titles.updateFailed;
}

export const NO_PERMISSION = "You do not have permission to do that.";
export const ACCESS_ENDED = "Event not found";
export const ID_TAKEN = "That item already exists.";
export const ID_REUSED = "This change was already sent as another change.";

function refused(id: string, code: 400 | 403 | 404 | 409 | 429, title: string, message: string, fieldErrors?: Record<string, string[]>): MutationResult {
  return { id, status: "refused", code, title, message, ...(fieldErrors ? { fieldErrors } : {}) };
}

/** The sender has no access to the event (or it was deleted): nothing ran. */
const accessEnded = (id: string): Ran => ({ result: refused(id, 404, "Error", ACCESS_ENDED), access: null, ended: true });

// ------------------------------------------------------------------ notifications

/** What a row is called in a notification (its list's `subject`). */
export function subjectOf<K extends RowKind>(kind: K, row: object | null | undefined) {
  if (!row || !hasShownFields(kind, row)) return "";
  return SUBJECTS[kind](row);
}

/** Each list's `subject`, through a mapped type, so a generic kind's row meets its own list's. */
const SUBJECTS: { readonly [K in RowKind]: (row: ListRow<K>) => string } = {
  block: LISTS.block.subject,
  shot: LISTS.shot.subject,
  person: LISTS.person.subject,
  vendor: LISTS.vendor.subject,
};

/** Whether a row holds every field its list shows (the fields its `subject` reads). */
function hasShownFields<K extends RowKind>(kind: K, row: object): row is ListRow<K> {
  const fields: readonly string[] = LISTS[kind].portalFields;
  return fields.every((field) => field in row);
}

/** Whether a changed row is the event's (the one row with a lead photographer). */
const isEventRow = (row: ChangedRow): row is typeof events.$inferSelect => "leadPhotographerId" in row;

// ------------------------------------------------------------------ plans

/** How many times a move is planned again when other moves keep changing the order under it. */
const MOVE_ATTEMPTS = 3;

/**
 * The change a mutation names, from its list's changes (the registry), as statements
 * for the batch; null when its list does not support it (MutationSchema only lets
 * through names that are a change of their list).
 */
function planOf<K extends ChangeableKind>(kind: K, verb: MutationVerb, context: PlanContext, mutation: Mutation, value: FormValues[K] | undefined): Plan | Promise<Plan> | null {
  // Through the mapped type, so the kind's changes take the kind's form values.
  const changes: ChangesByKind[K] = CHANGES[kind];
  const args = mutation.args;
  const id = "id" in args ? args.id : null;
  switch (verb) {
    case "toggle":
      return changes.toggle && id !== null && "done" in args ? changes.toggle(context, id, args.done, ("skipped" in args && args.skipped) || false) : null;
    case "add":
      return changes.add && id !== null && value ? changes.add(context, id, value) : null;
    case "edit":
      return changes.edit && value ? changes.edit(context, id, value, "base" in args ? args.base : undefined) : null;
    case "move":
      return changes.move && id !== null && "direction" in args ? changes.move(context, id, args.direction) : null;
    case "delete":
      return changes.delete ? changes.delete(context, id) : null;
    case "shift":
      return changes.shift && ("undo" in args || "minutes" in args) ? changes.shift(context, args) : null;
    case "assign":
      return changes.assign && id !== null && "userIds" in args ? changes.assign(context, id, args.userIds) : null;
    case "group":
      return changes.group && id !== null && value ? changes.group(context, id, value) : null;
    case "regroup":
      return changes.regroup && id !== null && value ? changes.regroup(context, id, value, "base" in args ? args.base : undefined) : null;
  }
}

// ------------------------------------------------------------------ the one function

/** The record's key: who sent it and the id its device made, so no one reads another's. */
async function recordKey(sender: Sender, eventId: string | null, mutationId: string): Promise<string | SQL<string>> {
  // A link opens one event.
  if (!("userId" in sender)) return sha256Hex(`link:${sender.accessId}:${mutationId}`);
  // A user's id is scoped to the event too (an id reused on another event is not a
  // repeat). The user is named in clear, so that a batch knowing the
  // user only as SQL (a session read in it) makes the same key.
  const scoped = await sha256Hex(`${eventId}:${mutationId}`);
  return typeof sender.userId === "string" ? `user:${sender.userId}:${scoped}` : sql<string>`${"user:"} || ${sender.userId} || ${`:${scoped}`}`;
}

const grantOf = (access: EventAccess): Grant => (access.role === "client" ? { kind: "client", ...access.flags } : access.role);

/**
 * Runs one mutation for `sender` on `eventId` (null: a link's own event) and answers its
 * result. The caller has validated the mutation's shape (MutationSchema); its values are
 * validated here by their form's schema.
 */
export async function runMutation(db: Db, env: Env, sender: Sender, eventId: string | null, mutation: Mutation, joined?: JoinedReads): Promise<Ran> {
  const query = await accessQuery(db, "userId" in sender ? { userId: sender.userId } : { token: sender.token, accessId: sender.accessId }, eventId);
  if (!query) return accessEnded(mutation.id);
  const key = await recordKey(sender, eventId, mutation.id);
  const { kind, verb } = partsOf(mutation.name);
  let lockGuard: SQL | undefined;

  if (!("userId" in sender)) {
    // A client link is known valid before anything else: before its values are read (an
    // answer other than "no access" to a wrong token would let guesses go uncounted) and
    // before its writes are counted (a wrong token must not use up the real client's).
    const link = await accessOf(db, { token: sender.token, accessId: sender.accessId }, null);
    if (!link) return accessEnded(mutation.id);
    // Locked by the lead: nothing is written, and a repeat of a change made before is still answered.
    if (clientEditsLocked(link.event)) {
      return (await replayOf(db, env, query, key, mutation)) ?? { result: refused(mutation.id, 403, failedTitle(mutation.name, sender), CLIENT_EDITS_LOCKED), access: null };
    }
    // The same in the write's own batch, should the lead lock it meanwhile.
    lockGuard = sql`NOT EXISTS (SELECT 1 FROM ${events} WHERE ${events.id} = ${query.eventId} AND ${events.clientEditsLockOn} <= ${todayIn(link.event.timeZone)})`;
    // Its writes are counted (decision 007); a repeat is answered, never refused.
    if (await consume(db, [[LIMITS.portalWritesPerLink, sender.accessId]])) {
      const replay = await replayOf(db, env, query, key, mutation);
      return replay ?? { result: refused(mutation.id, 429, "Error", TOO_MANY_CHANGES), access: null };
    }
  }

  // A client link never writes what only the team sees (docs/product/roles.md#client-links);
  // the portal's forms have no such field, so one sent is refused, not quietly dropped.
  const unwritable = "userId" in sender ? [] : teamFieldsOf(kind);
  const sent = "values" in mutation.args ? mutation.args.values : {};
  if (unwritable.some((field) => Object.hasOwn(sent, field))) {
    return { result: refused(mutation.id, 403, "Error", NO_PERMISSION), access: null };
  }

  let value: FormValues[typeof kind] | undefined;
  if ("values" in mutation.args) {
    const parsed = parseValues(kind, mutation.args.values);
    if (!parsed.value) {
      const first = Object.values(parsed.errors).flat()[0] ?? "Please check the form.";
      return { result: refused(mutation.id, 400, "Validation Error", first, parsed.errors), access: null };
    }
    value = parsed.value;
  }

  const context: PlanContext = {
    db,
    eventId: query.eventId,
    guard: lockGuard ? and(query.permitted(mutation.name), lockGuard)! : query.permitted(mutation.name),
    userId: "userId" in sender ? sender.userId : null,
    now: new Date().toISOString(),
    key,
    unwritable,
  };

  // A move is planned on the order it read; if another change moved the blocks before its
  // batch ran, it wrote nothing (plan.precondition) and is planned again on the new order.
  let plan: Plan;
  let writes: Record<string, BatchItem<"sqlite">>;
  let results: { access: unknown; record: unknown; unrecord: unknown; sender?: { user_id: string | null; name: string }[] } & NamedResults<Record<string, BatchItem<"sqlite">>>;
  // The sender by name: known from the start, or named by the batch (a session read in it).
  let named: NamedSender | null = isSqlSender(sender) ? null : sender;
  let notice: ReturnType<typeof noticeIn>;
  for (let attempt = 1; ; attempt++) {
    const planned = await planOf(kind, verb, context, mutation, value);
    if (!planned) return { result: refused(mutation.id, 400, "Error", NOT_UNDERSTOOD), access: null };
    plan = planned;
    const record = db
      .insert(appliedMutations)
      .select(sql`SELECT ${key}, ${query.eventId}, ${mutation.name}, NULL, ${context.now} WHERE ${and(context.guard, plan.precondition)}`);
    // Nothing written (refused, gone, full): no record, so nothing stands in the way of a retry.
    const unrecord = db.delete(appliedMutations).where(and(eq(appliedMutations.key, key), plan.noop ? plan.noop.missing : sql`changes() = 0`));
    const keep =
      plan.rowId === null
        ? null
        : db.update(appliedMutations).set({ result: sql`(SELECT ${rowJson(plan.table)} FROM ${plan.table} WHERE id = ${plan.rowId})` }).where(eq(appliedMutations.key, key));
    // The plan's writes are named write_a, write_b… in their order (batchNamed: no integer names).
    writes = Object.fromEntries(plan.statements.map((write, i) => [`write_${String.fromCharCode(97 + i)}`, write]));
    notice = noticeIn(db, sender, query, key, kind, verb, plan, mutation, context.now);
    // The live room's number for the change, taken only if it took
    // effect (its record stands). After `unrecord`, whose changes() is the writes'; for
    // the event's deletion before it, while the event's row is still there.
    const numbered = plan.noop ? null : nextLiveSeq(db, query.eventId, sql`EXISTS (SELECT 1 FROM ${appliedMutations} WHERE ${appliedMutations.key} = ${key})`);
    const numberFirst = kind === "event" && verb === "delete";
    // The caller's reads (a session), read first, so every statement after names the user through them.
    const asSql = isSqlSender(sender) ? sender : null;
    try {
      results = await batchNamed(db, {
        ...(joined && !joined.results ? joined.statements : {}),
        ...(asSql ? { sender: senderRow(db, asSql) } : {}),
        access: query.statement,
        record,
        ...(numbered && numberFirst ? { seq: numbered } : {}),
        ...writes,
        unrecord,
        ...(numbered && !numberFirst ? { seq: numbered } : {}),
        ...(keep ? { keep } : {}),
        ...notice?.statements,
      });
    } catch (error) {
      // Nothing was written; a user known only as SQL is still named through it in the repeat's answer.
      // A repeat: the batch failed on the mutation's own record (its key is UNIQUE).
      if (violatesUnique(error, appliedMutations.key)) {
        const replay = await replayOf(db, env, query, key, mutation);
        if (replay) return replay;
      }
      throw error;
    }
    if (joined && !joined.results) joined.results = results;
    if (asSql) {
      // Gone or expired, the session named no one: the batch wrote nothing (its SQL id was NULL).
      named = namedSender(results.sender ?? []);
      if (!named) return { ...accessEnded(mutation.id), signedOut: true };
      sender = named;
    }
    const stale = plan.precondition && "gone" in plan.read(Object.keys(writes).map((name) => results[name]));
    if (!stale || attempt === MOVE_ATTEMPTS) break;
  }
  const access = query.decide(results.access);
  if (!access) return accessEnded(mutation.id);
  if (!canDo(grantOf(access), mutation.name)) return { result: refused(mutation.id, 403, "Error", NO_PERMISSION), access };
  if (access.role === "client" && clientEditsLocked(access.event, new Date(context.now))) {
    return { result: refused(mutation.id, 403, failedTitle(mutation.name, sender), CLIENT_EDITS_LOCKED), access };
  }
  const outcome = plan.read(Object.keys(writes).map((name) => results[name]));
  if ("gone" in outcome) {
    const result = refused(mutation.id, 404, failedTitle(mutation.name, sender), kind === "event" ? ACCESS_ENDED : GONE_MESSAGE);
    return kind === "event" ? { result, access, ended: true } : { result, access };
  }
  if ("taken" in outcome) return { result: refused(mutation.id, 409, failedTitle(mutation.name, sender), ID_TAKEN), access };
  if ("refused" in outcome) return { result: refused(mutation.id, outcome.refused.code, failedTitle(mutation.name, sender), outcome.refused.message), access };
  if ("full" in outcome) return { result: refused(mutation.id, 400, failedTitle(mutation.name, sender), kind === "event" ? NOT_UNDERSTOOD : limitMessage(kind)), access };

  const row = outcome.row;
  const told = notice ? teamChangeJobsOf(access.event.id, results.noticeRows, results.noticeWindows, new Date(context.now)) : undefined;
  // The sender is named by now: a sender known as SQL was named by the batch.
  if (!named) return { ...accessEnded(mutation.id), signedOut: true };
  if (!plan.noop) await tell(db, env, named, access, mutation, outcome, seqOf(results.seq), told);
  const shown = (r: ChangedRow) => (access.role === "client" && kind !== "event" ? toPortalRow(kind, r) : r);
  return {
    result: {
      id: mutation.id,
      status: "applied",
      ...(row ? { row: shown(row) } : {}),
      ...(outcome.rows ? { rows: outcome.rows.map(shown) } : {}),
      ...(outcome.conflicts?.length ? { conflicts: outcome.conflicts } : {}),
    },
    access,
  };
}

/**
 * A repeat: answered with the first result, but only to a sender who still has access
 * and the right (a device whose access ended learns nothing), and only
 * for the same change (an id reused for another change is refused). The room is told
 * the row as it is now: the first run's news may never have reached it (the request cut
 * off after D1 committed, or the room unreachable), and devices apply a change they
 * already have without harm (the newer row wins; a deleted row stays deleted).
 */
async function replayOf(db: Db, env: Env, query: AccessQuery, key: string | SQL<string>, mutation: Mutation): Promise<Ran | null> {
  const { kind } = partsOf(mutation.name);
  const table = CHANGES[kind].table;
  const argsId = "id" in mutation.args ? mutation.args.id : null;
  // The row the first run wrote: its id from the record (a form's add names its row anew on each submit).
  const rowId = kind === "event" ? query.eventId : sql`COALESCE((SELECT json_extract(${appliedMutations.result}, '$.id') FROM ${appliedMutations} WHERE ${appliedMutations.key} = ${key}), ${argsId})`;
  const { access: accessRows, records, current, seq } = await batchNamed(db, {
    access: query.statement,
    records: db.select({ name: appliedMutations.name, result: appliedMutations.result }).from(appliedMutations).where(eq(appliedMutations.key, key)),
    // The retelling's number (retell), only for a sender still allowed to make this change.
    seq: nextLiveSeq(
      db,
      query.eventId,
      and(query.permitted(mutation.name), sql`EXISTS (SELECT 1 FROM ${appliedMutations} WHERE ${appliedMutations.key} = ${key} AND ${appliedMutations.name} = ${mutation.name})`),
    ),
    current: db
      .select()
      .from(table)
      .where(kind === "event" ? eq(events.id, query.eventId) : and(eq(table.id, rowId), "eventId" in table ? eq(table.eventId, query.eventId) : undefined)),
  });
  const access = query.decide(accessRows);
  if (!access) return accessEnded(mutation.id);
  if (!canDo(grantOf(access), mutation.name)) return { result: refused(mutation.id, 403, "Error", NO_PERMISSION), access };
  const record = records[0];
  if (!record) return null;
  if (record.name !== mutation.name) return { result: refused(mutation.id, 409, failedTitle(mutation.name), ID_REUSED), access };
  const row = record.result ? fromDriver(table, record.result) : null;
  const mine = row ? mineOfRepeat(kind, mutation, access.role === "client" ? teamFieldsOf(kind) : []) : null;
  const conflicts = row && mine ? conflictsOf(CHANGES[kind].fields, row, mine) : [];
  await retell(env, access, kind, current[0] ?? null, String(row?.id ?? argsId ?? ""), seqOf(seq));
  const shown = row && access.role === "client" && kind !== "event" ? toPortalRow(kind, row) : row;
  return { result: { id: mutation.id, status: "applied", replay: true, ...(shown ? { row: shown } : {}), ...(conflicts.length ? { conflicts } : {}) }, access };
}

/** A repeat's news to the room: the row as it is now, or its deletion (never the team's notifications again). */
async function retell(env: Env, access: EventAccess, kind: RowKind | "event", current: ChangedRow | null, id: string, seq: number | null) {
  if (kind === "event") {
    if (current && !isEventRow(current)) throw new Error("An event's change read back a row that is not the event's");
    await publishChange(env, access.event.id, seq, current ? { entity: "event", op: "upsert", rows: [toDashboardEvent(current)], actor: null } : { entity: "event", op: "delete", ids: [access.event.id], actor: null });
    return;
  }
  await publishChange(env, access.event.id, seq, current ? { entity: kind, op: "upsert", rows: [current], actor: null } : { entity: kind, op: "delete", ids: [id], actor: null });
}

/** The columns an edit with `base` wrote (as its plan chose them), to re-derive its conflicts. */
function mineOfRepeat(kind: ChangeableKind, mutation: Mutation, unwritable: readonly string[]) {
  if (!("values" in mutation.args) || !("base" in mutation.args) || !mutation.args.base) return null;
  const parsed = parseValues(kind, mutation.args.values);
  return parsed.value ? mineOf(CHANGES[kind].fields, parsed.value, mutation.args.base, unwritable) : null;
}

/**
 * A check-off writes and notifies the team in one batch. The team's
 * notifications (teamChangeStatementsIn) follow the write, only if it took effect (its
 * record is still there: a refused, gone or repeated change notifies no one), and read
 * the row's title and the event's as the batch runs. Other changes notify after
 * committing (tell), as their subject may be gone by then (a delete) or many rows.
 */
function noticeIn(db: Db, sender: Sender, query: AccessQuery, key: string | SQL<string>, kind: ChangeableKind, verb: string, plan: Plan, mutation: Mutation, now: string) {
  if (kind === "event") return null;
  if (verb !== "toggle" || plan.rowId === null || !plan.subject) return null;
  const notices: Partial<Record<MutationVerb, TeamChange["type"]>> = LISTS[kind].notices;
  const type = notices.toggle;
  if (!type) return null;
  const actor = "userId" in sender ? { userId: sender.userId, name: sender.name } : null;
  const [rows, windows] = teamChangeStatementsIn({
    eventId: query.eventId,
    eventTitle: sql`(SELECT ${events.title} FROM ${events} WHERE ${events.id} = ${query.eventId})`,
    subject: plan.subject,
    change: { type, done: "done" in mutation.args && mutation.args.done },
    actor,
    // A link's change: the lead has the client notification instead (notify's exceptLead).
    alsoExcept: actor ? undefined : sql`SELECT lead_photographer_id FROM events WHERE id = ${query.eventId}`,
    onlyIf: sql`EXISTS (SELECT 1 FROM ${appliedMutations} WHERE ${appliedMutations.key} = ${key})`,
    now: new Date(now),
  });
  return { statements: { noticeRows: rawAll(db, rows), noticeWindows: rawAll(db, windows) } };
}

/** After D1 committed: the room (and revoked sockets), then the team's notifications. */
async function tell(
  db: Db,
  env: Env,
  sender: NamedSender,
  access: EventAccess,
  mutation: Mutation,
  outcome: { row: ChangedRow | null; rows?: ChangedRow[]; assigned?: string[] },
  /** The live room's number for it (nextLiveSeq, in the change's batch). */
  seq: number | null,
  /** The team's notifications, when the change's own batch wrote them (noticeIn): only their pushes and bells are left. */
  told?: ReturnType<typeof teamChangeJobsOf>,
) {
  const { kind, verb } = partsOf(mutation.name);
  const event = access.event;
  const actor = "userId" in sender ? { userId: sender.userId, name: sender.name } : null;
  if (kind === "event") {
    if (verb === "delete") {
      // The devices hear of the deletion, then the room closes and forgets the event.
      await publishChange(env, event.id, seq, { entity: "event", op: "delete", ids: [event.id], actor: actor?.userId ?? null });
      await closeEventRoom(env, event.id);
      return;
    }
    const updated = outcome.row;
    // An edit of the event answers the event's row (eventChanges.edit).
    if (!updated || !isEventRow(updated)) throw new Error("An edit of the event answered no event row");
    await publishChange(env, event.id, seq, { entity: "event", op: "upsert", rows: [toDashboardEvent(updated)], actor: actor?.userId ?? null });
    await notify(db, env, event, { type: "event_updated", subject: updated.title }, actor, false);
    return;
  }
  const change =
    verb === "delete"
      ? { entity: kind, op: "delete" as const, ids: [String(outcome.row?.id ?? ("id" in mutation.args ? mutation.args.id : ""))] }
      : { entity: kind, op: "upsert" as const, rows: outcome.rows ?? (outcome.row ? [outcome.row] : []) };
  // The room first: devices see the change before the notifications are written.
  await publishChange(env, event.id, seq, { ...change, actor: actor?.userId ?? null });
  if (verb === "shift") {
    // 'Running late' tells the team once, with the next block's new time; 'Back on time' tells no one.
    const first = outcome.rows?.[0] ?? outcome.row;
    if ("minutes" in mutation.args && first && "startTime" in first && first.startTime) {
      await notify(db, env, event, { type: "running_late", subject: subjectOf(kind, first), minutes: mutation.args.minutes, time: first.startTime }, actor, false);
    }
    return;
  }
  if (verb === "assign") {
    // Those newly on the row are told, each once (their pushes coalesced); no one else.
    const assigned = (outcome.assigned ?? []).filter((userId) => userId !== actor?.userId);
    if (assigned.length) await notifyTeamChange(db, env, { event, change: { type: "assigned", subject: subjectOf(kind, outcome.row) }, actor, onlyTo: assigned });
    return;
  }
  const notices: Partial<Record<MutationVerb, TeamChange["type"]>> = LISTS[kind].notices;
  const type = notices[verb];
  const done = "done" in mutation.args ? mutation.args.done : undefined;
  if (told) await dispatchTeamChange(env, told);
  else if (type) await notify(db, env, event, { type, subject: subjectOf(kind, outcome.row), ...(done === undefined ? {} : { done }) }, actor, !actor);
  // Each client change is told to the lead (in-app; its push coalesced).
  const clientChanges: Partial<Record<MutationVerb, (subject: string) => string>> = LISTS[kind].clientChanges;
  const clientText = clientChanges[verb];
  if (access.role === "client" && isClientIntent(mutation.name) && clientText) {
    await notifyClientChange(db, env, event, `${access.link.clientEmail} ${clientText(subjectOf(kind, outcome.row))} in ${event.title}.`);
  }
}

/**
 * The team (lead and accepted members but the actor) is notified; for a client link's
 * change, `exceptLead`: the lead has the client notification.
 */
function notify(db: Db, env: Env, event: { id: string; title: string }, change: TeamChange, actor: { userId: string; name: string } | null, exceptLead: boolean) {
  return notifyTeamChange(db, env, {
    event,
    change,
    actor,
    alsoExcept: exceptLead ? sql`SELECT lead_photographer_id FROM events WHERE id = ${event.id}` : undefined,
  });
}

// ------------------------------------------------------------------ a device's outbox

export const OUTBOX_MALFORMED = NOT_UNDERSTOOD;
export const OUTBOX_TOO_LARGE = `Send at most ${MUTATIONS_PER_REQUEST} changes at a time.`;

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * A device's queued mutations (decision 010), posted as a form whose `mutations`
 * field is their JSON, in the order they were made: all are checked before any runs
 * (malformed, unknown, too many: 4xx and nothing changes), then each is run by the one
 * function, in order, and answered in order. An answer of 404 for the whole request
 * means the sender has no access to the event (any more): the device forgets it.
 */
export async function runOutbox(db: Db, env: Env, sender: Sender, eventId: string | null, formData: FormData, joined?: JoinedReads): Promise<Response | null> {
  const raw = formData.get(MUTATIONS_FIELD);
  let parsed: unknown;
  try {
    parsed = typeof raw === "string" ? JSON.parse(raw) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed)) return json({ error: OUTBOX_MALFORMED }, 400);
  if (parsed.length > MUTATIONS_PER_REQUEST) return json({ error: OUTBOX_TOO_LARGE }, 413);
  const mutations = z.array(MutationSchema).min(1).safeParse(parsed);
  if (!mutations.success || mutations.data.some((mutation) => ONLINE_ONLY.has(mutation.name)) || new Set(mutations.data.map((m) => m.id)).size !== mutations.data.length) {
    return json({ error: OUTBOX_MALFORMED }, 400);
  }
  const results: MutationResult[] = [];
  // Whether a mutation's own batch found the sender's access (its check
  // is that batch's, not a round trip of its own before the first).
  let accessSeen = false;
  let by: Sender = sender;
  for (const mutation of mutations.data) {
    const ran = await runMutation(db, env, by, eventId, mutation, joined);
    if (isSqlSender(by)) {
      // The session joined the first mutation's batch (or is read now, with the caller's
      // reads, if that mutation was refused before its batch): gone, nothing was written and
      // the device is told to sign in.
      if (ran.signedOut) return json({ error: SIGNED_OUT }, 401);
      if (!joined?.results) {
        const { sender: rows, ...results } = await batchNamed(db, { ...joined?.statements, sender: senderRow(db, by) });
        if (joined) joined.results = results;
        const named = namedSender(rows);
        if (!named) return json({ error: SIGNED_OUT }, 401);
        by = named;
      }
    }
    // No access at all (a removed member, a revoked link, a deleted event): the rest are not tried.
    if (!ran.access && ran.ended) {
      return results.length ? json({ error: ACCESS_ENDED, results }, 404) : null;
    }
    accessSeen ||= ran.access !== null;
    results.push(ran.result);
  }
  // A user with no access to the event is answered so, whatever the mutations hold: when
  // none reached its batch (each refused on its values first), access is checked here
  // (nothing was written either way). A client link is checked by runMutation first of all.
  if (!accessSeen && "userId" in by && typeof by.userId === "string" && !(await accessOf(db, { userId: by.userId }, eventId))) return null;
  return json({ results } satisfies MutationResponse);
}

/** The answer to a request with no access: a user's 404, or a link's guess (the caller counts it). */
export const noAccessResponse = () => json({ error: ACCESS_ENDED }, 404);
