import { z } from "~/utils/zod";

// Toasts travel from an action to the next page in a short-lived signed cookie, so
// they show with JavaScript off too (progressive enhancement). Client-only toasts
// (e.g. "Link copied") use the same shape.
export const ToastSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(["success", "error", "info"]),
  title: z.string().min(1).max(200),
  description: z.string().max(500).optional(),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = Omit<Toast, "id"> & { id?: string };

/**
 * What else a redirect may carry to the next page, once, beside its toast (decision
 * 007: saves answer with a redirect, so a refresh never sends the form again):
 * a client link shown once right after its creation, and the device's audit entry.
 */
const ClientLinkSchema = z.object({ url: z.string().max(300), email: z.string().max(320), emailFailed: z.boolean() });
export const FlashSchema = z.object({
  clientLink: ClientLinkSchema.optional(),
  /** The invite step's client links, shown once after 'send'. */
  clientLinks: z.array(ClientLinkSchema).max(20).optional(),
  audit: z
    .object({
      timestamp: z.string().max(40),
      userId: z.string().max(64),
      userEmail: z.string().max(320),
      action: z.string().max(64),
      eventId: z.string().max(64).nullable(),
      details: z.string().max(500).nullable(),
    })
    .optional(),
});
export type Flash = z.infer<typeof FlashSchema>;
