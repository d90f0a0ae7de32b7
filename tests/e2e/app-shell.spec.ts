import { expect, test, waitForHydration } from "./fixtures";

test.describe("app shell", () => {
  test("home shows a visitor the sign-in screen with the brand, under a strict CSP and with no console errors", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(csp).not.toContain("unsafe-inline' 'unsafe-eval");
    expect(response?.headers()["x-frame-options"]).toBe("DENY");

    await expect(page.getByRole("main").getByText("Event Flow", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome" })).toBeVisible();
    await expect(page.getByText("What You'll Get")).toBeVisible();
    await waitForHydration(page);
  });

  test("navigates between the static pages from the footer after hydration", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const footer = page.getByRole("navigation", { name: "Footer" });

    await footer.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { name: "About Event Flow" })).toBeVisible();
    await expect(page.getByText("Save 17%")).toBeVisible();
    await expect(page.getByText("$9.99").first()).toBeVisible();
    await expect(page.getByText("$99.99").first()).toBeVisible();

    await footer.getByRole("link", { name: "Support" }).click();
    await expect(page.getByRole("heading", { name: "Support", level: 1 })).toBeVisible();
    await page.getByText("Pro versus free guest access").click();
    await expect(page.getByText("use Event Flow free")).toBeVisible();

    await footer.getByRole("link", { name: "Legal" }).click();
    await page.getByRole("main").getByRole("link", { name: /Terms of Use/ }).click();
    await expect(page.getByRole("heading", { name: "Terms of Use", level: 1 })).toBeVisible();
    await expect(page.locator("main h2")).toHaveCount(13);

    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
    // Its sections, with 'Downloading Your Data' and 'Deleting Your Account'.
    await expect(page.locator("main h2")).toHaveCount(11);
    await expect(page.getByRole("heading", { name: "7. Deleting Your Account", level: 2 })).toBeVisible();
  });

  test("registers the service worker and serves the web manifest", async ({ page, request }) => {
    await page.goto("/");
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toMatch(/\/$/);

    const manifest = await (await request.get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({ name: "Event Flow", display: "standalone", start_url: "/" });
    for (const icon of manifest.icons as Array<{ src: string }>) {
      expect((await request.get(icon.src)).status(), icon.src).toBe(200);
    }
  });

  test("the splash screen stays hidden in a normal browser tab (docs/product/screens.md#app-shell)", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator(".app-splash")).toBeHidden();
  });
});

test.describe("not found", () => {
  // The browser logs the document's own 404 status; nothing else may fail.
  test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404/] });

  test("an unknown address shows the 404 page with a link home", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("What You'll Get")).toBeVisible();
  });
});

test.describe("offline", () => {
  // Requests that fail while offline are logged by the browser; that is the point.
  test.use({ expectedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

  test("shows the offline page instead of the browser's error when the network is gone", async ({ page, context }) => {
    await page.goto("/");
    // Let the page settle first: once hydrated, React Router fetches the manifest of the
    // routes its links lead to, and that request must not be the one cut off.
    await waitForHydration(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
      }
    });
    await context.setOffline(true);
    await page.goto("/support").catch(() => {});
    await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
    await context.setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByText("What You'll Get")).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every static page renders from the server", async ({ page }) => {
    for (const [path, heading] of [
      ["/support", "Support"],
      ["/privacy-policy", "Privacy Policy"],
      ["/terms-of-use", "Terms of Use"],
      ["/legal", "Legal"],
      ["/about", "About Event Flow"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    }
  });

  test("the FAQ opens without scripts", async ({ page }) => {
    await page.goto("/support");
    await page.getByText("How do I invite team members to an event?").click();
    await expect(page.getByText("Open the event and go to its Team tab.")).toBeVisible();
  });
});
