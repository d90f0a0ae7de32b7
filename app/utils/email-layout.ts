export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The HTML of every e-mail we send: a title, paragraphs, one button (none when there is nothing to open), a footer. */
export function emailLayout(title: string, paragraphs: string[], action: { label: string; url: string } | null, footer: string) {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:32rem;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#6d28d9;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>\n` : ""}<p style="color:#64748b;font-size:13px">${escapeHtml(footer)}</p>
</body></html>`;
}


/**
 * What users typed, with no `{{` left that could read as a placeholder of ours (the
 * secrets filled in at delivery, email.server.ts): every e-mail quoting user text
 * passes it through here.
 */
export function plain<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === "string" ? value.replaceAll("{{", "{ {") : value]),
  ) as T;
}
