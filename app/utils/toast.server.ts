import { createCookie, redirect } from "react-router";
import { type Toast, type ToastInput, ToastSchema } from "./toast";

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

export async function createToastHeader(
  env: Pick<Env, "SESSION_SECRET">,
  request: Request,
  input: ToastInput,
): Promise<string> {
  const toast: Toast = ToastSchema.parse({ ...input, id: input.id ?? crypto.randomUUID() });
  return toastCookie(env, request).serialize(toast);
}

/** Redirect and show a toast on the page that follows. */
export async function redirectWithToast(
  env: Pick<Env, "SESSION_SECRET">,
  request: Request,
  url: string,
  input: ToastInput,
  init?: ResponseInit,
) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await createToastHeader(env, request, input));
  return redirect(url, { ...init, headers });
}

/** Reads (and clears) the pending toast. A forged or stale cookie is ignored. */
export async function getToast(
  env: Pick<Env, "SESSION_SECRET">,
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const cookie = toastCookie(env, request);
  const headers = new Headers();
  const raw = request.headers.get("Cookie");
  if (!raw?.includes("en_toast=")) return { toast: null, headers };
  const value: unknown = await cookie.parse(raw);
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  const parsed = ToastSchema.safeParse(value);
  return { toast: parsed.success ? parsed.data : null, headers };
}
