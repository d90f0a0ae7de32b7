// Every action reads a form (React Router's <Form>, useSubmit and
// fetchers post the form's own encoding, urlencoded or multipart, to the page URL or its
// `.data` URL). Anything else used to reach `request.formData()` and answer 500; it is
// refused here, once for the whole app, before routing (workers/app.ts).

import { WEBHOOK_PATH_PREFIX } from "./webhooks";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Paths whose posts are not forms and are exempt from this check: providers' webhooks
 * (JSON), which check their own body, size and signature.
 */
export const NON_FORM_PATH_PREFIXES: readonly string[] = [WEBHOOK_PATH_PREFIX];

/**
 * Our largest form (an event's notes, the invite step's 20 entries) is a few kilobytes;
 * anything far larger is refused before it is read.
 */
export const FORM_BODY_MAX_BYTES = 256 * 1024;
export const FORM_TOO_LARGE = "The form is too large.";

export const UNSUPPORTED_CONTENT_TYPE = "Unsupported Content-Type: send the form as application/x-www-form-urlencoded or multipart/form-data.";
export const UNREADABLE_FORM = "The form could not be read. Please reload the page and try again.";

/** A 415 or 400 answer for a post that is not a readable form; null when it is one (or need not be). */
export async function formBodyRefusal(request: Request): Promise<Response | null> {
  if (SAFE_METHODS.has(request.method)) return null;
  const { pathname } = new URL(request.url);
  if (NON_FORM_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return null;
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType)) return plain(415, UNSUPPORTED_CONTENT_TYPE);
  if (Number(request.headers.get("Content-Length") ?? 0) > FORM_BODY_MAX_BYTES) return plain(413, FORM_TOO_LARGE);
  try {
    // A copy is read, so the action still gets the whole body; a body sent without a
    // length (chunked) is measured once read.
    const body = await request.clone().arrayBuffer();
    if (body.byteLength > FORM_BODY_MAX_BYTES) return plain(413, FORM_TOO_LARGE);
    await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type")! } }).formData();
  } catch {
    return plain(400, UNREADABLE_FORM);
  }
  return null;
}

function plain(status: number, message: string) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
