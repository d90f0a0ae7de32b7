import { lazyValue } from "~/utils/lazy-value";

// The lists' row schemas (zod) are not in a page's first JavaScript
// (decision 014): a page loads them when its first change arrives (useLiveEvent) or
// before its outbox first sends (its answers' rows are read with them too).
export const rowSchemas = lazyValue(() => import("~/modules/event/lists.schema").then((module) => module.LIST_ROW_SCHEMAS));
