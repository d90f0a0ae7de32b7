// A long list's window: the rows rendered at first, a page of them by `?page=`, and the
// rows a search matches. The server's render and the list's component use the same rules.

/** Rows rendered at first: a phone screen of rows and a bit more. */
export const LIST_WINDOW = 30;

/** The rows of a list matching a search, as its box matches them (lower case, anywhere in the text). */
export function matchingRows<Row>(rows: Row[], text: (row: Row) => string, query: string) {
  const needle = query.trim().toLowerCase();
  return needle ? rows.filter((row) => text(row).toLowerCase().includes(needle)) : rows;
}

/** Which page of a list (`?page=`, from 1) a window starts at, within the pages there are. */
export function windowPage(page: string | null, matching: number) {
  const pages = Math.max(1, Math.ceil(matching / LIST_WINDOW));
  return Math.min(pages, Math.max(1, Number.parseInt(page ?? "1", 10) || 1));
}
