import { lazyComponent } from "~/components/lazy-component";

// The lists' tabs of the dashboard and the portal (decision 014): a page loads the code
// of the first tab (Timeline, shown without `?tab=`) with its own, and of another tab when
// it shows; the server renders any at once (lazyComponent). A client navigation to another
// tab waits for its code with its data (waitForCode in the routes); offline, the service
// worker's copy of a kept page's chunks serves it.

export { TimelineTab } from "~/modules/timeline/components/timeline-tab";
export const ShotsTab = lazyComponent(() => import("~/modules/shots/components/shots-tab").then((module) => module.ShotsTab));
export const PeopleTab = lazyComponent(() => import("~/modules/people/components/people-tab").then((module) => module.PeopleTab));
export const VendorsTab = lazyComponent(() => import("~/modules/vendors/components/vendors-tab").then((module) => module.VendorsTab));

/** The code of each list's tab loaded apart, by the tab's id in the URL (`?tab=`). */
export const LIST_TABS: Record<string, { load: () => Promise<unknown> }> = { shots: ShotsTab, people: PeopleTab, vendors: VendorsTab };
