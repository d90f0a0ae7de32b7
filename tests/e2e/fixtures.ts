import { test as base, expect } from "@playwright/test";

// Every page a test opens fails the test on a console error or an uncaught
// exception: a CSP violation, a hydration mismatch or a broken script shows up here.
//
// One browser message is not the page's fault: every signed-in page opens its
// notification channel (/live/me) after hydration, and a test that navigates at once
// abandons that handshake, which Chromium logs. A refused socket still fails a test:
// it logs "Unexpected response code" instead.
const ABANDONED_HANDSHAKE = /^WebSocket connection to '[^']*\/live\/me' failed: Connection closed before receiving a handshake response$/;

export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp[] }>({
  // A test that expects an error (e.g. the 404 of the document it opened) lists it here.
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (message.type() !== "error" || ABANDONED_HANDSHAKE.test(text)) return;
        if (!expectedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Resolves once React has hydrated the document (event handlers are live). */
export async function waitForHydration(page: import("@playwright/test").Page) {
  // Committed, not only started: React marks its root dehydrated until the hydration's
  // commit, and a click before it would be the browser's own (a full page load).
  await page.waitForFunction(() => {
    const key = Object.keys(document).find((name) => name.startsWith("__reactContainer$"));
    const fiber = key ? (document as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[key] : undefined;
    return fiber?.stateNode?.current?.memoizedState?.isDehydrated === false;
  });
  await page.waitForLoadState("networkidle");
}

/**
 * Until React has hydrated this element (its props are attached): a part of the page in
 * a Suspense boundary of its own (a lazily loaded dialog) hydrates after the root, and
 * until then its form posts to the server as it would without JavaScript.
 */
export async function waitForElementHydration(locator: import("@playwright/test").Locator) {
  await expect.poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$")))).toBe(true);
}
