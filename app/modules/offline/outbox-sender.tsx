import type { MouseEvent, ReactNode } from "react";
import { type Mutation, type MutationName, type MutationResult, MUTATIONS_FIELD, partsOf } from "~/modules/event/mutation-names";
import { rowSchemas } from "~/modules/live/row-schemas";
import { waitAtMost } from "~/utils/load-after-hydration";
import { showToast } from "~/components/ui/toaster";
import type { Change } from "~/modules/live/protocol";
import { changeOf } from "./apply-answer";
import { CONFLICT, FIELD_LABELS, SAVED_TOAST } from "./answer-messages";
import type { PostAnswer } from "./send";
import type { ConflictRecord } from "./conflict-record";
import { newToast } from "~/utils/result";

// The outbox's sender (decision 010): what a page needs only once it has
// a change to send, with a connection, and for the server's answers. It is not in a page's
// first JavaScript (decision 014): useOutbox loads it when its outbox
// holds something to send (the page's first change, or entries kept from before), and
// without a connection it is not needed: a change is kept and shown without it.

export { sendOutbox } from "./send";
export { mineAgain } from "./apply-answer";
export { accessEndedToast, signedOutToast } from "./answer-messages";

/**
 * A mutation's answer, once it has left the outbox: a refusal says why (and a row deleted
 * meanwhile reads the page again); an applied one joins the confirmed state, then shows
 * its conflict or, if it was made in this tab (`here`), its success toast.
 */
export function answer(
  mutation: Mutation,
  result: MutationResult,
  page: {
    live: { event: object; applyChange: (change: Change) => void };
    notice?: (name: MutationName) => string;
    refetch: () => void;
    here: boolean;
    conflict: (record: ConflictRecord) => void;
  },
) {
  if (result.status === "refused") {
    showToast(newToast("error", result.title, result.message));
    // A row deleted meanwhile: the page's data is read again (the message says so).
    if (result.code === 404) page.refetch();
    return;
  }
  const change = changeOf(mutation, result, page.live.event as Record<string, unknown>);
  if (change) page.live.applyChange(change);
  if (result.conflicts?.length) {
    const rowId = mutation.name === "edit-event" ? "event" : (mutation.args as { id: string }).id;
    page.conflict({ key: mutation.id, name: mutation.name, rowId, conflicts: result.conflicts });
    return;
  }
  const title = SAVED_TOAST[mutation.name];
  // Also for a repeat: its first answer was lost, so this is the first the user hears.
  if (page.here && title) {
    const description = page.notice?.(mutation.name);
    showToast(newToast("success", title, description));
  }
}

/** How long an answer waits for the row schemas' code before it is handed over anyway. */
const SCHEMAS_WAIT_MS = 3_000;

export async function post(path: string, mutations: Mutation[]): Promise<PostAnswer> {
  // The answer's rows join the page as a live change does, read by the lists' row schemas
  // (useLiveEvent): loaded while the request is under way (the page's first change), so the
  // answer replaces the pending entry in one render (no old value in between); the change
  // itself leaves at once. An answer never waits long for them nor is lost without them: the
  // live state holds a change until they are there.
  const schemas = rowSchemas.load();
  schemas.catch(() => {});
  let answer: PostAnswer;
  try {
    const response = await fetch(`${path}/mutations`, {
      method: "POST",
      body: new URLSearchParams({ [MUTATIONS_FIELD]: JSON.stringify(mutations) }),
      credentials: "same-origin",
      signal: AbortSignal.timeout(20_000),
    });
    answer = { status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return "network";
  }
  await waitAtMost(schemas, SCHEMAS_WAIT_MS);
  return answer;
}

function shownValue(value: unknown) {
  if (value === null || value === undefined || value === "") return CONFLICT.empty;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

/**
 * A conflict (ConflictNotice in use-outbox.tsx): which fields, the value saved now and this
 * device's, with "Apply mine" and "Keep theirs". Announced when it appears; after a choice
 * the focus goes to the row it belonged to.
 */
export function ConflictCard({
  notice,
  applyMine,
  dismiss,
  children,
}: {
  notice: ConflictRecord;
  applyMine: (notice: ConflictRecord) => void;
  dismiss: (notice: ConflictRecord) => void;
  children?: ReactNode;
}) {
  const { kind } = partsOf(notice.name);
  const choose = (event: MouseEvent<HTMLButtonElement>, choice: (notice: ConflictRecord) => void) => {
    const row = event.currentTarget.closest<HTMLElement>("[data-conflict-home]");
    choice(notice);
    if (row) {
      row.tabIndex = -1;
      row.focus();
    }
  };
  return (
    <div role="alert" data-conflict={notice.rowId} className="mt-2 w-full rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
      <p className="font-semibold text-amber-900">{CONFLICT.heading}</p>
      <p className="mt-1">{CONFLICT.intro}</p>
      <ul className="mt-1 space-y-1">
        {notice.conflicts.map((conflict) => (
          <li key={conflict.field}>
            <span className="font-medium">{FIELD_LABELS[kind]?.[conflict.field] ?? conflict.field}</span>: {CONFLICT.saved} “{shownValue(conflict.theirs)}”; {CONFLICT.yours} “
            {shownValue(conflict.mine)}”
          </li>
        ))}
      </ul>
      {children}
      <div className="mt-2 flex gap-2">
        <button type="button" onClick={(event) => choose(event, applyMine)} className="min-h-10 rounded-lg bg-brand-600 px-3 font-semibold text-white hover:bg-brand-700">
          {CONFLICT.applyMine}
        </button>
        <button type="button" onClick={(event) => choose(event, dismiss)} className="min-h-10 rounded-lg border border-slate-300 bg-white px-3 font-semibold text-slate-800 hover:bg-slate-100">
          {CONFLICT.dismiss}
        </button>
      </div>
    </div>
  );
}
