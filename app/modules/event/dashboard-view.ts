import { SHOT_CATEGORIES } from "~/db/enums";
import type { Grant } from "./permissions";
import { LIST_KINDS, type ListKind } from "~/modules/lists/registry";

// What a dashboard URL shows: its tab, the tab's list, filter, search
// and page, and the dialog. The loader sends only what this needs; the page, once
// hydrated, fetches the rest (GET /events/:id/lists). Client-safe.

export const DASHBOARD_TABS = [
  { id: "timeline", label: "Timeline", list: "block" },
  { id: "shots", label: "Shots", list: "shot" },
  { id: "people", label: "People", list: "person" },
  { id: "team", label: "Team" },
  { id: "vendors", label: "Vendors", list: "vendor" },
  { id: "client", label: "Client", leadOnly: true },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const tabsFor = (role: Grant) => DASHBOARD_TABS.filter((t) => !("leadOnly" in t) || role === "lead");

/** The list a row dialog (`?dialog=edit-shot&id=…`) is about, and whether it names a row. */
function dialogList(dialog: string | null): ListKind | null {
  const match = /^(?:edit|delete|regroup)-(block|shot|person|vendor)$/.exec(dialog ?? "");
  return match && (LIST_KINDS as readonly string[]).includes(match[1]!) ? (match[1] as ListKind) : null;
}

export function dashboardView(params: URLSearchParams, role: Grant) {
  const tab = tabsFor(role).find((t) => t.id === params.get("tab")) ?? DASHBOARD_TABS[0];
  const list: ListKind | null = "list" in tab ? tab.list : null;
  const category = list === "shot" ? SHOT_CATEGORIES.find((c) => c === params.get("category")) : undefined;
  const dialog = params.get("dialog");
  const id = params.get("id");
  return {
    tab: tab.id,
    /** Run mode (`?view=run`): the day's Now and Next, full screen, for the lead and the team. */
    run: params.get("view") === "run" && typeof role !== "object",
    /** The name caller (`?view=names`): the family formals groupings, full screen, for the lead and the team. */
    names: params.get("view") === "names" && typeof role !== "object",
    /**
     * The lists family formals read whole beside the shown window: the people, for a
     * grouping's dialog; the shots, for the groupings a person's removal names. The name
     * caller reads both. The Shots tab reads only the people its groupings name.
     */
    allPeople: params.get("view") === "names" || dialog === "group-shot" || dialog === "regroup-shot",
    groupedPeople: tab.id === "shots",
    allShots: params.get("view") === "names" || dialog === "delete-person",
    list,
    /** The shots' category filter; null for all. */
    category: category ?? null,
    q: list ? (params.get("q") ?? "").trim() : "",
    page: params.get("page"),
    dialog,
    /** A row dialog's list and row, which the page must have even if the row is not in the window. */
    dialogRow: dialogList(dialog) && id ? { list: dialogList(dialog)!, id } : null,
    /** The team's rows: the Team tab and its remove dialog. */
    team: tab.id === "team" || dialog === "remove-team",
    /** The client links: the Client and Team tabs, and the revoke dialog. */
    clientAccess: tab.id === "client" || tab.id === "team" || dialog === "revoke-client-access",
    /** The lead's saved contacts: the invite dialog. */
    contacts: dialog === "invite-team",
  };
}
export type DashboardView = ReturnType<typeof dashboardView>;
