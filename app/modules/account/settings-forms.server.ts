import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { data, redirect, type RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/context";
import { getViewer } from "~/utils/auth.server";
import { closeDialogHref } from "~/modules/event/dialog-href";
import { errorToast, newToast } from "~/utils/result";
import type { SettingsAnswer } from "./settings-answer";
import type { Flash } from "~/utils/toast";
import { redirectWithToast } from "~/utils/toast.server";
import { z } from "~/utils/zod";
import { CredentialSchema } from "./passkeys.server";
import { DeviceSignInIdSchema } from "./schema";

// What the settings forms share. Each form posts to its own route under /settings
// (app/routes/settings.*.ts), which answers the page again with its errors or redirects.

export type { SettingsAnswer } from "./settings-answer";

/** The settings page's address, with the form's tab and without its dialog. */
export const SETTINGS_PATH = "/settings";

/** The signed-in user; signed out, to sign in, coming back to the page (not to the form's route). */
export function signedIn(context: Readonly<RouterContextProvider>, request: Request) {
  const viewer = getViewer(context);
  if (viewer) return viewer;
  throw redirect(`/auth?returnTo=${encodeURIComponent(`${SETTINGS_PATH}${new URL(request.url).search}`)}`);
}

/**
 * A save answers with a redirect (post/redirect/get): a reload never sends a form again.
 * It goes back to /settings on the same tab, the dialog closed, replacing the dialog's
 * history entry; what the next page must see once travels as flash.
 */
export async function saved(context: Readonly<RouterContextProvider>, request: Request, title: string, description?: string | null, flash?: Flash): Promise<never> {
  const { env } = context.get(cloudflareContext);
  const url = new URL(request.url);
  throw await redirectWithToast(env, request, closeDialogHref(SETTINGS_PATH, url.searchParams), newToast("success", title, description), { headers: { "X-Remix-Replace": "true" } }, flash);
}

/** A refusal with a toast (and the form again when `result` is given). */
export function refuse(intent: string | null, status: 400 | 401 | 404 | 409 | 429 | 503, title: string, description?: string, result?: SettingsAnswer["result"]) {
  return data<SettingsAnswer>({ intent, ...(result ? { result } : {}), toast: errorToast(title, description) }, { status });
}

/** A post whose intent is not one of the route's forms. */
export const unknownAction = () => refuse(null, 400, "Error", "Unknown action");

// Contact and push device ids are UUIDs: anything else is refused (400) before it reaches D1.
// (The schemas are made when an action runs: a module-level one would keep zod in the
// page's JavaScript.)
export const uuidOf = (formData: FormData) => {
  const parsed = z.string().regex(/^[0-9a-f-]{36}$/).safeParse(formData.get("id"));
  return parsed.success ? parsed.data : null;
};

/** A device sign-in's id (decision 013), parsed by its own schema. */
export const deviceSignInId = (formData: FormData) => {
  const parsed = DeviceSignInIdSchema.safeParse(formData.get("id"));
  return parsed.success ? parsed.data : null;
};

/**
 * A passkey's answer posted as JSON (decision 015), in outline: the WebAuthn library
 * checks the rest. Null when it is not one.
 */
export function passkeyAnswer(json: string | undefined) {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  return CredentialSchema.safeParse(value).success ? (value as AuthenticationResponseJSON) : null;
}

// A passkey id is the authenticator's credential id, base64url (decision 011).
export const passkeyIdSchema = () => z.string().regex(/^[A-Za-z0-9_-]{1,1024}$/);
