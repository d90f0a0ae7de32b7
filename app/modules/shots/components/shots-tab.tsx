import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useListWindow } from "~/components/ui/list-window";
import { shotList } from "../list";
import { RowActionLink, RowMenuItems, useRowMenu } from "~/components/ui/row-actions";
import { assignedText, type RosterEntry } from "~/modules/team/assignees";
import { SHOT_CATEGORIES, SHOT_CATEGORY_LABELS, type ShotCategory } from "~/db/enums";
import type { ListRow } from "~/modules/lists/registry";
import { useDialogHrefs } from "~/modules/event/dialog-href";
import { ListHeader } from "~/modules/event/components/list-header";
import { ToggleRow } from "~/modules/event/components/toggle-row";
import { canDo } from "~/modules/event/intents";
import { ConflictNotice } from "~/modules/offline/use-outbox";
import type { Grant } from "~/modules/event/permissions";

// Who checked it off (doneBy) is not shown, and a client link is not given it (toPortalRow);
// its team notes only on the lead's and the team's pages.
export type Shot = ListRow<"shot">;

/**
 * docs/product/screens.md#shot-list: grouped by category, the category filter, tap to check off.
 * `categories`: the categories that have shots as the server counted them, while the page
 * holds only a window of the list (one category's); otherwise they are read off `shots`.
 */
export function ShotsTab({
  shots,
  role,
  categories,
  roster = [],
  summary,
  intro,
}: {
  shots: Shot[];
  role: Grant;
  categories?: readonly ShotCategory[];
  roster?: readonly RosterEntry[];
  /** In the header's count place ('All' / 'Mine'); `intro` above the rows (Mine's call time). */
  summary?: ReactNode;
  intro?: ReactNode;
}) {
  const [params] = useSearchParams();
  const dialogs = useDialogHrefs();
  const filter = SHOT_CATEGORIES.find((c) => c === params.get("category")) ?? "all";
  const withShots = categories ?? SHOT_CATEGORIES.filter((category) => shots.some((shot) => shot.category === category));
  // 'All', then each category that has shots (and the chosen one, even once it has none).
  const filters = ["all" as const, ...SHOT_CATEGORIES.filter((category) => withShots.includes(category) || category === filter)];
  const visible = filter === "all" ? shots : shots.filter((shot) => shot.category === filter);
  const list = useListWindow(visible, { noun: "shots", text: shotList.searchText });
  const groups = SHOT_CATEGORIES.map((category) => ({ category, items: list.shown.filter((shot) => shot.category === category) })).filter(
    (group) => group.items.length > 0,
  );
  const canEdit = canDo(role, "edit-shot");
  const canAssign = canDo(role, "assign-shot");
  const canDelete = canDo(role, "delete-shot");
  const menu = useRowMenu();
  return (
    <>
      <nav aria-label="Filter shots" className="scroll-cue mb-2 flex gap-2 lg:flex-wrap">
        {filters.map((f) => (
          <Link
            key={f}
            to={f === "all" ? "?tab=shots" : `?tab=shots&category=${f}`}
            replace
            preventScrollReset
            aria-current={filter === f ? "true" : undefined}
            className={`inline-flex min-h-9 shrink-0 items-center rounded-full border px-3 text-sm whitespace-nowrap ${
              filter === f ? "border-brand-600 bg-brand-50 text-brand-700" : "border-slate-300 text-slate-700"
            }`}
          >
            {f === "all" ? "All" : SHOT_CATEGORY_LABELS[f]}
          </Link>
        ))}
      </nav>
      <ListHeader count={list.count} noun={["shot", "shots"]} addLabel="Add Shot" addTo={canEdit ? dialogs.open("add-shot") : null} summary={summary} />
      {intro}
      {list.controls}
      {groups.map((group) => (
        <section key={group.category} className="mb-3" aria-labelledby={`shots-${group.category}`}>
          <h2 id={`shots-${group.category}`} className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {SHOT_CATEGORY_LABELS[group.category]}
          </h2>
          <ul className="space-y-1.5">
            {group.items.map((shot) => (
              <li key={shot.id}>
                <ToggleRow
                  intent="toggle-shot"
                  id={shot.id}
                  done={shot.isDone}
                  disabled={!canDo(role, "toggle-shot")}
                  title={shot.title}
                  meta={[assignedText(shot.assignees, roster), shot.description]}
                  teamNotes={shot.teamNotes}
                  conflict={<ConflictNotice rowId={shot.id} />}
                  actions={
                    canEdit || canDelete
                      ? menu.button(shot.id, shot.title, () => (
                          <RowMenuItems editTo={canEdit ? dialogs.open("edit-shot", shot.id) : null} deleteTo={canDelete ? dialogs.open("delete-shot", shot.id) : null}>
                            {canAssign ? <RowActionLink to={dialogs.open("assign-shot", shot.id)}>Assign</RowActionLink> : null}
                          </RowMenuItems>
                        ))
                      : null
                  }
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {list.count === 0 ? <p className="text-slate-600">{filter === "all" ? "No shots in list yet" : "No shots in this category"}</p> : null}
      {list.footer}
      {menu.form}
    </>
  );
}
