import { lazy } from "react";
import { importRetrying } from "~/utils/load-after-hydration";

// The lists' tabs of the dashboard and the portal (decision 014): a page loads the code
// of the first tab (Timeline, shown without `?tab=`) with its own, and of another tab when
// it shows (React.lazy; the routes render them inside a Suspense boundary that stays
// mounted, so a client navigation to another tab keeps the shown one until the new one's
// code is there). Offline, the service worker's copy of a kept page's chunks serves it.

const loadShots = () => import("~/modules/shots/components/shots-tab");
const loadPeople = () => import("~/modules/people/components/people-tab");
const loadVendors = () => import("~/modules/vendors/components/vendors-tab");

export { TimelineTab } from "~/modules/timeline/components/timeline-tab";
export const ShotsTab = lazy(() => importRetrying(loadShots).then((module) => ({ default: module.ShotsTab })));
export const PeopleTab = lazy(() => importRetrying(loadPeople).then((module) => ({ default: module.PeopleTab })));
export const VendorsTab = lazy(() => importRetrying(loadVendors).then((module) => ({ default: module.VendorsTab })));

/**
 * The code of each list's tab, by the tab's id in the URL (`?tab=`): a client navigation
 * asks for it together with the page's data (the route's clientMiddleware) rather than
 * after the data, when the tab first renders.
 */
export const LIST_TAB_CODE: Record<string, () => Promise<unknown>> = { shots: loadShots, people: loadPeople, vendors: loadVendors };
