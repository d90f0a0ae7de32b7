import { z } from "~/utils/zod";
import { VENDOR_TYPES } from "~/db/enums";

// A vendor as every page holds it (the fields of its descriptor's `portalFields`, list.ts),
// as zod reads it: a live change's rows and an outbox answer's are read with it. Its own
// module, loaded with the other lists' row schemas (app/modules/event/lists.schema.ts)
// only when a page first needs them (decision 014).
export const VendorRowSchema = z.object({
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
});
