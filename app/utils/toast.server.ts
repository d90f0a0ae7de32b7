import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { type Flash, FlashSchema, type Toast, type ToastInput, ToastSchema } from "./toast";

function toastCookie(env: Pick<Env, "SESSION_SECRET">, request: Request) {
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET is not set (wrangler secret put SESSION_SECRET)");
  return createCookie("en_toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    // Secure everywhere but plain-http localhost development.
    secure: new URL(request.url).protocol === "https:",
    secrets: [env.SESSION_SECRET],
    maxAge: 60,
  });
}

/** The cookie's value: the toast, and what else the next page is given once. */
const CookieValueSchema = ToastSchema.extend({ flash: FlashSchema.optional() });

export async function createToastHeader(
  env: Pick<Env, "SESSION_SECRET">,
  request: Request,
  input: ToastInput,
  flash?: Flash,
): Promise<string> {
  const value: z.infer<typeof CookieValueSchema> = CookieValueSchema.parse({ ...input, id: input.id ?? crypto.randomUUID(), ...(flash ? { flash } : {}) });
  return toastCookie(env, request).serialize(value);
}

/** Redirect and show a toast (and hand `flash` once) on the page that follows. */
export async function redirectWithToast(
  env: Pick<Env, "SESSION_SECRET">,
  request: Request,
  url: string,
  input: ToastInput,
  init?: ResponseInit,
  flash?: Flash,
) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await createToastHeader(env, request, input, flash));
  return redirect(url, { ...init, headers });
}

/**
 * A response marked with this header hands out a one-time toast (and its flash, e.g. a
 * client link shown once): the service worker does not keep it for offline reading, or
 * a copy would show them again (public/sw.js).
 */
export const ONCE_HEADER = "X-Event-Flow-Once";

/**
 * The service worker's own fetch of a page to keep (public/sw.js keepPage): nobody sees
 * its answer now, so it must leave a pending toast for the page the user opens next.
 */
export const KEEP_HEADER = "X-Event-Flow-Keep";

/** Whether the request brings a pending toast that the page answering it shows, once. */
export function bringsToast(request: Request) {
  return !request.headers.has(KEEP_HEADER) && (request.headers.get("Cookie")?.includes("en_toast=") ?? false);
}

/** Reads (and clears) the pending toast. A forged or stale cookie is ignored. */
export async function getToast(
  env: Pick<Env, "SESSION_SECRET">,
  request: Request,
): Promise<{ toast: Toast | null; flash: Flash | null; headers: Headers }> {
  const cookie = toastCookie(env, request);
  const headers = new Headers();
  if (!bringsToast(request)) return { toast: null, flash: null, headers };
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  const parsed = CookieValueSchema.safeParse(value);
  if (!parsed.success) return { toast: null, flash: null, headers };
  const { flash, ...toast } = parsed.data;
  return { toast, flash: flash ?? null, headers };
}
