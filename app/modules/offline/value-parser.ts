import { lazyValue } from "~/utils/lazy-value";

// A queued add or edit is shown with its values as the dialog's own schema reads them
// (decision 010), which takes zod and the form schemas: none of it is in a page's first
// JavaScript (decision 014). The page loads it with a dialog (the
// dialogs' loader asks for it too) or, for entries left in the outbox from before, as
// soon as it finds them (useOutbox), and shows those entries' values from then on.
export const valueParser = lazyValue(() => import("~/modules/event/mutations").then((module) => module.parseValues));
