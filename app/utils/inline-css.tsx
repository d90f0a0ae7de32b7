import { createContext, useContext } from "react";

// Issue 19 item 5 (LCP): the app's stylesheet is in the document itself, so the first
// paint waits for no other request. entry.server.tsx provides its text (app.css?inline,
// built with the server); the browser never needs it again (the <style> the server sent
// stays as it is: React does not rewrite an element's dangerouslySetInnerHTML when
// hydrating it), so no page's JavaScript carries it.
const InlineCssContext = createContext("");
export const InlineCssProvider = InlineCssContext.Provider;

/** The app's stylesheet, in the document's head. */
export function InlineStyles() {
  return <style dangerouslySetInnerHTML={{ __html: useContext(InlineCssContext) }} suppressHydrationWarning />;
}
