import { type CookieOptions, createCookie } from "react-router";

/** What these cookies hold: one URL-safe token, or marks joined by dots. */
const PLAIN_VALUE = /^[A-Za-z0-9_.-]+$/;

/**
 * A cookie whose value travels as is. React Router's cookies carry a value as base64
 * JSON; these hold a random token whose SHA-256 is its key in D1 (or a list of marks),
 * so the browser keeps the token itself: `encode` unwraps the base64 JSON for the
 * header, `decode` wraps what the browser sent (anything not plain reads as null).
 * Attributes, parsing and serialising stay React Router's.
 */
export function plainCookie(name: string, options: CookieOptions = {}) {
  const cookie = createCookie(name, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    ...options,
    encode: (wrapped) => String(JSON.parse(atob(wrapped))),
    decode: (value) => btoa(JSON.stringify(PLAIN_VALUE.test(value) ? value : null)),
  });
  return {
    name,
    /** The value the browser sent, or null (none, or not plain). */
    async read(request: Request): Promise<string | null> {
      const value: unknown = await cookie.parse(request.headers.get("Cookie"));
      return typeof value === "string" && value !== "" ? value : null;
    },
    /** The Set-Cookie header: Secure on https (plain-http localhost development has none); `maxAge` absent: a browser-session cookie. */
    write(request: Request, value: string, maxAge?: number) {
      return cookie.serialize(value, { secure: new URL(request.url).protocol === "https:", ...(maxAge === undefined ? {} : { maxAge }) });
    },
  };
}
