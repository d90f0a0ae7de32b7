import { z } from "~/utils/zod";
import { BLOCK_TYPES, PERSON_ROLES, SHOT_CATEGORIES, VENDOR_TYPES } from "~/db/enums";
import type { ListKind, PortalRow } from "~/modules/lists/registry";

// The rows of the four lists (app/modules/lists/registry.ts) as zod reads them. Its own module: the server
// and the tests import it, and a page loads it only when the live room sends a change
// (useLiveEvent), so that no page's first JavaScript carries zod (decision 014).

/**
 * A row as every page holds it: the fields a client link is given (each list's
 * `portalFields`, app/modules/lists/registry.ts). The dashboard's rows have `doneBy` besides, which no page shows. A
 * change's rows are read with these schemas, so a device only ever holds rows of this
 * shape (no cast at the socket's seam).
 */
export const LIST_ROW_SCHEMAS = {
  block: z.object({
    id: z.string(),
    eventId: z.string(),
    title: z.string(),
    blockType: z.enum(BLOCK_TYPES),
    startTime: z.string().nullable(),
    durationMinutes: z.number(),
    location: z.string().nullable(),
    notes: z.string().nullable(),
    orderIndex: z.number(),
    isDone: z.boolean(),
    doneAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  shot: z.object({
    id: z.string(),
    eventId: z.string(),
    title: z.string(),
    category: z.enum(SHOT_CATEGORIES),
    description: z.string().nullable(),
    orderIndex: z.number(),
    isDone: z.boolean(),
    doneAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  person: z.object({
    id: z.string(),
    eventId: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    role: z.enum(PERSON_ROLES),
    isVip: z.boolean(),
    pronunciation: z.string().nullable(),
    notes: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  vendor: z.object({
    id: z.string(),
    eventId: z.string(),
    vendorName: z.string(),
    companyName: z.string().nullable(),
    vendorType: z.enum(VENDOR_TYPES),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    website: z.string().nullable(),
    instagramHandle: z.string().nullable(),
    facebookHandle: z.string().nullable(),
    twitterHandle: z.string().nullable(),
    tiktokHandle: z.string().nullable(),
    notes: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
} as const;

// The schemas above and the drizzle tables (through PortalRow) must describe the same
// row: a column added to a table without its schema here fails the type check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rowsMatchTables: { [K in ListKind]: Same<z.infer<(typeof LIST_ROW_SCHEMAS)[K]>, PortalRow<K>> } = { block: true, shot: true, person: true, vendor: true };
void rowsMatchTables;

