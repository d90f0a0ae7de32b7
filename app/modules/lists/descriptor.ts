import type { ClientFlags, EventAction } from "~/modules/event/permissions";
import type { TeamChangeType } from "~/modules/notifications/team-change-types";

// What a list under an event is, as one typed value per list (its folder's list.ts):
// the registry (registry.ts) is the one place that names them all, and everything
// that treats lists alike (the loaders' SQL order, the live room, the outbox's
// immediate apply, the portal, the mutation runner) reads them from there.
// Client-safe: no zod and no server code, so a page's first JavaScript may hold it.

/** The changes a list (or the event) may support, as a mutation's name starts: `add-block`, `toggle-shot`… */
export type ChangeVerb = "toggle" | "add" | "edit" | "move" | "delete" | "shift" | "assign" | "group" | "regroup";

/**
 * The changes a list (or the event) supports, each with the right of the roles table it
 * needs (docs/product/roles.md#what-each-may-do): a change named here is a mutation
 * (`{verb}-{kind}`), enforced by the server and shown by the UI alike.
 */
export type ChangeRights = { readonly [V in ChangeVerb]?: EventAction };
/** The changes a client link may make, each with the flag it needs (docs/product/roles.md#client-links); any other is refused to a link. */
export type ClientRights = { readonly [V in ChangeVerb]?: keyof ClientFlags };

/**
 * One key of a list's order, as SQL's ORDER BY reads it: ascending, NULL first (SQLite's
 * rule) or last (`nullsLast`: a block with no start time after the timed ones), text by
 * UTF-8 bytes (SQLite's BINARY), or with ASCII letters folded (`nocase`: SQLite's NOCASE),
 * so "anna" files beside "Anna", not after "Zoe".
 */
export type OrderKey<Row> = { readonly field: keyof Row & string; readonly nocase?: true; readonly nullsLast?: true };

/** The titles of a failed change's toast (docs/product/messages.md#events-and-team). */
export type FailureTitles = { readonly addFailed: string; readonly updateFailed: string; readonly deleteFailed: string };

/**
 * A list under an event. `Row`: the row as stored (the drizzle table's); `Shown`: the
 * fields every page holds and a client link is given (`portalFields`); `Team`: the fields
 * only the lead's and the team's pages hold besides (`teamFields`).
 */
export type ListDescriptor<Kind extends string, Row extends { id: string }, Shown extends keyof Row, Team extends Exclude<keyof Row, Shown> = never> = {
  readonly kind: Kind;
  /** The name every page and answer holds the list under (the loader, the lists route, the live and offline state). */
  readonly name: string;
  readonly rights: ChangeRights;
  readonly clientRights: ClientRights;
  /**
   * The fields of a row a client link is given, by its portal's loader and socket alike
   * (docs/product/roles.md#client-links: no team). An allow-list, so a column added later
   * stays away from clients until it is added here.
   */
  readonly portalFields: readonly Shown[];
  /**
   * The fields the lead and the team see besides (team notes), on their pages, in their
   * socket's rows and in their changes' answers; a client link is never given them and
   * never writes them (docs/product/roles.md#client-links).
   */
  readonly teamFields: readonly Team[];
  /** Its order; every order ends with the id, so rows equal in everything else still have one order on every device. */
  readonly order: readonly OrderKey<Pick<Row, Shown>>[];
  /** A ceiling per event, so no one can grow an event without bound. */
  readonly limit: { readonly max: number; readonly noun: string };
  readonly failed: FailureTitles;
  /** Titles a client link's portal shows instead, where they differ (docs/product/messages.md#client-portal). */
  readonly clientFailed?: Partial<FailureTitles>;
  /** The text its search box matches, for the page's box and the server's answer without JavaScript (`?q=`) alike. */
  readonly searchText: (row: Pick<Row, Shown>) => string;
  /** What a row is called in a notification. */
  readonly subject: (row: Pick<Row, Shown>) => string;
  /** The team-change notification per change (docs/product/notifications.md#types); a change not named notifies no one. */
  readonly notices: Partial<Record<ChangeVerb, TeamChangeType>>;
  /** What the lead is told of a client link's change (docs/product/screens.md: 'The photographer has been notified'), by the subject's name. */
  readonly clientChanges: Partial<Record<ChangeVerb, (subject: string) => string>>;
};

/** The event itself, changed like a list's row (edit, delete) but one per event. */
export type EventDescriptor<Row, Shown extends keyof Row, Field extends string> = {
  readonly kind: "event";
  readonly rights: ChangeRights;
  readonly clientRights: ClientRights;
  readonly portalFields: readonly Shown[];
  /** The column each field of its form writes. */
  readonly formColumns: { readonly [F in Field]: keyof Row & string };
  readonly failed: FailureTitles;
  readonly notices: Partial<Record<ChangeVerb, TeamChangeType>>;
};

/** SQLite's BINARY compares UTF-8 bytes, which order as code points; JS strings compare UTF-16 units, which differ above U+D7FF. */
const utf8Rank = (unit: number) => (unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit);
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

function compareText(a: string, b: string) {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return utf8Rank(x) - utf8Rank(y);
  }
  return a.length - b.length;
}

function compareValues(a: unknown, b: unknown, nocase: boolean, nullsLast: boolean) {
  if (a === b) return 0;
  if (a === null || a === undefined) return nullsLast ? 1 : -1;
  if (b === null || b === undefined) return nullsLast ? -1 : 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return nocase ? compareText(foldAscii(String(a)), foldAscii(String(b))) : compareText(String(a), String(b));
}

/** A list's order as a comparator: the same as its SQL (listOrderBy, lists.server.ts). */
export function comparator<R>(keys: readonly { readonly field: keyof R; readonly nocase?: true; readonly nullsLast?: true }[]) {
  return (a: R, b: R) => {
    for (const { field, nocase, nullsLast } of keys) {
      const order = compareValues(a[field], b[field], nocase === true, nullsLast === true);
      if (order !== 0) return order;
    }
    return 0;
  };
}
