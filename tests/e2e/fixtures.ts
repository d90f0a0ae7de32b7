import { test as base, expect } from "@playwright/test";

// Every page a test opens fails the test on a console error or an uncaught
// exception: a CSP violation, a hydration mismatch or a broken script shows up here.
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp[] }>({
  // A test that expects an error (e.g. the 404 of the document it opened) lists it here.
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (message.type() === "error" && !expectedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
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
  await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
  await page.waitForLoadState("networkidle");
}
