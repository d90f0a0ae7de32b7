import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useListWindow } from "~/components/ui/list-window";
import { ButtonLink } from "~/components/ui/button";
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
import type { Person } from "~/modules/people/components/people-tab";
import { isGroupable, isGrouping, namesOf } from "../groupings";

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
  people = [],
}: {
  shots: Shot[];
  /** The event's people: the names of the family formals groupings. */
  people?: readonly Person[];
  role: Grant;
  categories?: readonly ShotCategory[];
  roster?: readonly RosterEntry[];
  /** In the header's count place ('All' / 'Mine'); `intro` above the rows (Mine's call time). */
  summary?: ReactNode;
  intro?: ReactNode;
}) {
  const [params] = useSearchParams();
  // docs/product/screens.md#name-caller: full screen, for the lead and the team, once there are groupings.
  const callNames = typeof role !== "object" && shots.some(isGrouping) ? namesHref(params) : null;
  const canGroup = canDo(role, "group-shot");
  const canRegroup = canDo(role, "regroup-shot");
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
      <ListHeader count={list.count} noun={["shot", "shots"]} addLabel="Add Shot" addTo={canEdit ? dialogs.open("add-shot") : null} summary={summary}>
        {canGroup ? (
          <ButtonLink to={dialogs.open("group-shot")} replace preventScrollReset variant="secondary" className="min-h-9 whitespace-nowrap">
            Add grouping
          </ButtonLink>
        ) : null}
      </ListHeader>
      {intro}
      {list.controls}
      {groups.map((group) => (
        <section key={group.category} className="mb-3" aria-labelledby={`shots-${group.category}`}>
          <div className="mb-1 flex items-center justify-between gap-2">
            <h2 id={`shots-${group.category}`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {SHOT_CATEGORY_LABELS[group.category]}
            </h2>
            {group.category === "family_formals" && callNames ? (
              <Link to={callNames} className="-my-2 inline-flex min-h-11 items-center px-1 text-sm font-semibold text-brand-700 hover:underline">
                Call names
              </Link>
            ) : null}
          </div>
          <ul className="space-y-1.5">
            {group.items.map((shot) => (
              <li key={shot.id}>
                <ToggleRow
                  intent="toggle-shot"
                  id={shot.id}
                  done={shot.isDone}
                  disabled={!canDo(role, "toggle-shot")}
                  title={shot.title}
                  meta={[isGrouping(shot) ? namesOf(shot, people) : null, assignedText(shot.assignees, roster), shot.description]}
                  teamNotes={shot.teamNotes}
                  conflict={<ConflictNotice rowId={shot.id} />}
                  actions={
                    canEdit || canDelete || (canRegroup && isGroupable(shot))
                      ? menu.button(shot.id, shot.title, () => (
                          <RowMenuItems editTo={canEdit ? dialogs.open("edit-shot", shot.id) : null} deleteTo={canDelete ? dialogs.open("delete-shot", shot.id) : null}>
                            {canRegroup && isGroupable(shot) ? <RowActionLink to={dialogs.open("regroup-shot", shot.id)}>Edit grouping</RowActionLink> : null}
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

/** The name caller's address: this page in its view, without a dialog or an open menu. */
function namesHref(params: URLSearchParams) {
  const next = new URLSearchParams(params);
  for (const name of ["dialog", "id", "menu"]) next.delete(name);
  next.set("view", "names");
  return `?${next}`;
}
