import { plainCookie } from "~/utils/cookies.server";
import { isTheme, type Theme } from "./theme";

// The chosen theme lives in a cookie of this device, not in the account: a phone used in a
// dark church may be dark while the office computer is light, and a client's link (no
// account) follows the same rule. The root loader reads it, so the server renders the page
// in that theme (no flash of the other one).

const themeCookie = plainCookie("ef_theme");
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export async function readTheme(request: Request): Promise<Theme> {
  const value = await themeCookie.read(request);
  return isTheme(value) ? value : "auto";
}

/** The Set-Cookie of a chosen theme ('auto' clears the cookie: the system decides). */
export function themeCookieHeader(request: Request, theme: Theme) {
  return theme === "auto" ? themeCookie.write(request, "", 0) : themeCookie.write(request, theme, YEAR_SECONDS);
}
