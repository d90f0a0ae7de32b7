// Who shoots what (docs/product/screens.md#who-shoots-what): a block or a shot is assigned to
// team members (the lead included), any number each. 'Mine' shows a member only theirs,
// with their call time: the start of their first assigned block. Client-safe and pure.

/** At most this many people on one row: more than any photography team, so a bound only. */
export const ASSIGNEES_MAX = 20;

/** Refused: an id that is not the lead's or an accepted team member's. */
export const NOT_ON_TEAM = "Only the lead and team members can be assigned.";

type Assigned = { readonly assignees?: readonly string[] | null };

/** Whether `userId` shoots this row. */
export function isAssigned(row: Assigned, userId: string) {
  return (row.assignees ?? []).includes(userId);
}

/** The rows `userId` shoots, in their order. */
export function mineOf<R extends Assigned>(rows: readonly R[], userId: string): R[] {
  return rows.filter((row) => isAssigned(row, userId));
}

/** The call time: the start ("HH:MM") of the first block in time order assigned to `userId`; null when none has a start. */
export function callTimeOf(blocks: readonly (Assigned & { readonly startTime: string | null })[], userId: string): string | null {
  const starts = mineOf(blocks, userId)
    .map((block) => block.startTime)
    .filter((start): start is string => start !== null)
    .sort();
  return starts[0] ?? null;
}

/** Each member's count of blocks and shots assigned, by user id. */
export function countsOf(blocks: readonly Assigned[], shots: readonly Assigned[]) {
  const counts = new Map<string, { blocks: number; shots: number }>();
  const add = (rows: readonly Assigned[], key: "blocks" | "shots") => {
    for (const row of rows)
      for (const id of row.assignees ?? []) {
        const count = counts.get(id) ?? { blocks: 0, shots: 0 };
        count[key] += 1;
        counts.set(id, count);
      }
  };
  add(blocks, "blocks");
  add(shots, "shots");
  return counts;
}

/** 'Mine' and 'All' as the Team tab and a row's menu say them: "2 blocks · 5 shots". */
export function countText({ blocks, shots }: { blocks: number; shots: number }) {
  return `${blocks} ${blocks === 1 ? "block" : "blocks"} · ${shots} ${shots === 1 ? "shot" : "shots"}`;
}

/** The ids as stored: each once, in a stable order (a repeat or another device sets the same). */
export function normalizedAssignees(userIds: readonly string[]) {
  return [...new Set(userIds)].sort();
}

/** Who may be assigned, as the dashboard reads them: the lead and the accepted members. */
export type RosterEntry = { readonly userId: string; readonly firstName: string | null; readonly lastName: string | null };

/** A person's name on a row: their first name (a profile not filled in yet: 'Team member'). */
export function shortName(entry: RosterEntry | undefined) {
  return entry?.firstName?.trim() || "Team member";
}

/** "Alex, Maya": the row's people by first name, in the roster's order; those no longer on the team are left out. */
export function assigneeNames(assignees: readonly string[] | null | undefined, roster: readonly RosterEntry[]) {
  const on = new Set(assignees ?? []);
  return roster
    .filter((entry) => on.has(entry.userId))
    .map(shortName)
    .join(", ");
}

/** A row's people as its details show them: "Assigned: Alex, Maya"; null when no one is. */
export function assignedText(assignees: readonly string[] | null | undefined, roster: readonly RosterEntry[]) {
  const names = assigneeNames(assignees, roster);
  return names ? `Assigned: ${names}` : null;
}
