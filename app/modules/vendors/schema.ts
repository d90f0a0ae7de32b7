import { z } from "~/utils/zod";
import { VENDOR_TYPES } from "~/db/enums";
import { EMAIL_MAX } from "~/modules/account/schema";
import { optionalText, requiredText, socialHandle } from "~/utils/schema-fields";

// docs/product/validation.md#vendor: vendorName and vendorType required with their messages; email and
// website optional but valid ('Invalid email', 'Invalid URL').

/**
 * A website as people type it ("bloomandco.com" or a full address). Stored as an
 * absolute http(s) URL: it becomes a link, so no other scheme (javascript:, data:)
 * may get through.
 */
const website = z
  .string()
  .trim()
  .max(500, { error: "Website must be less than 500 characters" })
  .transform((value) => (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`))
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".") && !/\s/.test(value);
      } catch {
        return false;
      }
    },
    { error: "Invalid URL" },
  )
  .optional()
  .transform((value) => value ?? null);

export const VendorSchema = z.object({
  vendorName: requiredText(200, "Vendor name"),
  vendorType: z.enum(VENDOR_TYPES, { error: "Vendor type is required" }),
  companyName: optionalText(200, "Company name"),
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX, { error: "Invalid email" })
    .pipe(z.email({ error: "Invalid email" }))
    .optional()
    .transform((value) => value?.toLowerCase() ?? null),
  phoneNumber: optionalText(50, "Phone number"),
  website,
  instagramHandle: socialHandle("Instagram handle"),
  facebookHandle: socialHandle("Facebook handle"),
  twitterHandle: socialHandle("X (Twitter) handle"),
  tiktokHandle: socialHandle("TikTok handle"),
  notes: optionalText(2000, "Notes"),
});
