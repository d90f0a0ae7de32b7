import type { z } from "~/utils/zod";
import { PersonRowSchema } from "~/modules/people/row.schema";
import { ShotRowSchema } from "~/modules/shots/row.schema";
import { BlockRowSchema } from "~/modules/timeline/row.schema";
import { VendorRowSchema } from "~/modules/vendors/row.schema";
import type { ListKind, ListRow } from "~/modules/lists/registry";

// The rows of the four lists (app/modules/lists/registry.ts) as zod reads them. Its own module: the server
// and the tests import it, and a page loads it only when the live room sends a change
// (useLiveEvent), so that no page's first JavaScript carries zod (decision 014).

/**
 * A row as every page holds it: the fields a client link is given (each list's
 * `portalFields`, app/modules/lists/registry.ts), and on the lead's and the team's pages
 * its `teamFields` (optional here: a portal's rows have none). The dashboard's rows have `doneBy` besides, which no page shows. A
 * change's rows are read with these schemas, so a device only ever holds rows of this
 * shape (no cast at the socket's seam).
 */
export const LIST_ROW_SCHEMAS = {
  block: BlockRowSchema,
  shot: ShotRowSchema,
  person: PersonRowSchema,
  vendor: VendorRowSchema,
} as const;

// The schemas above and the drizzle tables (through ListRow) must describe the same
// row: a column added to a table without its schema here fails the type check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rowsMatchTables: { [K in ListKind]: Same<z.infer<(typeof LIST_ROW_SCHEMAS)[K]>, ListRow<K>> } = { block: true, shot: true, person: true, vendor: true };
void rowsMatchTables;

