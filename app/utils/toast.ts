import { z } from "zod";

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
