// Team notes (docs/product/screens.md#team-notes): what only the lead and the team see
// of a block, shot or person, beside its notes, which a client link sees too.

/** The hints under the two fields of a team page's dialog: who sees each. */
export const NOTES_HINT = "Visible to your client.";
export const TEAM_NOTES_HINT = "Only you and your team see this.";

/** A row's team notes, marked as the team's own; nothing when it has none (always, on a client link's page). */
export function TeamNotes({ notes, className = "mt-0.5" }: { notes: string | null | undefined; className?: string }) {
  if (!notes) return null;
  return (
    <span data-team-notes className={`block text-sm leading-5 whitespace-pre-line text-slate-600 ${className}`}>
      <span className="mr-1.5 inline-block rounded bg-amber-100 px-1.5 text-xs leading-5 font-medium text-amber-900">
        Team<span className="sr-only"> notes:</span>
      </span>
      {notes}
    </span>
  );
}
