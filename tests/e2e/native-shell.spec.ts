import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test, expect, waitForHydration } from "./fixtures";
import { demoSessionCookies, waitUntilKept } from "./helpers";
import { installNativeDouble, NativeError } from "./native/double";

// The native shell (decision 013): the deployed site inside Capacitor's webview, with the
// device played by tests/e2e/native/double.ts at the bridge.

const DEMO_EVENT = "/events/00000000-0000-4000-8000-00000000d003";
const DEMO_TITLE = "Emma & James Wedding";

test("the bridge double answers plugin calls through Capacitor's own bridge script", async ({ page }) => {
  const device = await installNativeDouble(page, {
    platform: "ios",
    plugins: {
      Echo: {
        echo: (options) => ({ value: options.value }),
        fail: () => {
          throw new NativeError("No", "7");
        },
      },
    },
  });
  await page.goto("/about");
  const answers = await page.evaluate(async () => {
    const cap = (window as unknown as { Capacitor: any }).Capacitor;
    const echoed = await cap.nativePromise("Echo", "echo", { value: "hi" });
    const failed = await cap.nativePromise("Echo", "fail", {}).catch((error: { message: string; code: string }) => [error.message, error.code]);
    return { native: cap.isNativePlatform(), platform: cap.getPlatform(), echoed, failed };
  });
  expect(answers).toEqual({ native: true, platform: "ios", echoed: { value: "hi" }, failed: ["No", "7"] });
  expect(device.callsTo("Echo").map((call) => call.methodName)).toEqual(["echo", "fail"]);
});

test("inside the shell the page hides the native splash after 1500 ms and puts the status bar above itself, dark text on white", async ({ page }) => {
  const device = await installNativeDouble(page, {
    platform: "android",
    plugins: {
      SplashScreen: { hide: () => ({}) },
      StatusBar: { setStyle: () => ({}), setBackgroundColor: () => ({}), setOverlaysWebView: () => ({}) },
    },
  });
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  // The page's own clock at each native call: the splash's 1500 ms count from the document's
  // start, which a slow machine may pass before the test looks, so the time is recorded, not raced.
  await page.addInitScript(() => {
    const w = window as unknown as { androidBridge: { postMessage(json: string): void }; __splashHiddenAt?: number };
    const post = w.androidBridge.postMessage;
    w.androidBridge.postMessage = (json: string) => {
      const data = JSON.parse(json) as { pluginId?: string; methodName?: string };
      if (data.pluginId === "SplashScreen" && data.methodName === "hide") w.__splashHiddenAt = performance.now();
      post(json);
    };
  });
  await page.goto("/about");
  await expect.poll(() => device.callsTo("StatusBar").length).toBe(3);
  expect(device.callsTo("StatusBar").map((call) => [call.methodName, call.options])).toEqual(
    expect.arrayContaining([
      ["setOverlaysWebView", { overlay: false }],
      ["setStyle", { style: "LIGHT" }],
      ["setBackgroundColor", { color: "#ffffff" }],
    ]),
  );
  await expect.poll(() => device.callsTo("SplashScreen", "hide").length).toBe(1);
  const hiddenAt = await page.evaluate(() => (window as unknown as { __splashHiddenAt?: number }).__splashHiddenAt);
  expect(hiddenAt).toBeGreaterThanOrEqual(1500);
  // The chunk the next test expects a browser never to load.
  expect(scripts.some((url) => /shell\.client/.test(url))).toBe(true);
});

test("a browser loads none of the native code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/about");
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((url) => /shell\.client|status-bar|splash-screen/i.test(url))).toEqual([]);
});

test.describe("the bundled start page", () => {
  let server: Server;
  let shellOrigin: string;

  // native/www as the app bundles it, with app-url.js naming this test's server, served the
  // way the shell serves it (https://localhost on Android, capacitor://localhost on iOS).
  test.beforeAll(async ({ baseURL }) => {
    const dir = mkdtempSync(join(tmpdir(), "ef-native-www-"));
    cpSync("native/www", dir, { recursive: true });
    writeFileSync(join(dir, "app-url.js"), `window.EVENT_FLOW_URL = ${JSON.stringify(baseURL)};\n`);
    const types: Record<string, string> = { ".html": "text/html", ".css": "text/css", ".js": "text/javascript" };
    server = createServer((request, response) => {
      const file = join(dir, new URL(request.url ?? "/", "http://localhost").pathname.replace(/^\/$/, "/index.html"));
      if (!file.startsWith(dir) || !existsSync(file)) return void response.writeHead(404).end();
      response.writeHead(200, { "Content-Type": types[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    shellOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("opens the site in place of itself", async ({ page, baseURL }) => {
    await page.goto(`${shellOrigin}/index.html`);
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
    // replace(): going back never shows the start page again.
    await page.goBack();
    expect(page.url()).not.toContain(shellOrigin);
  });

  test("the first-start offline page explains and retries, accessibly", async ({ page, baseURL }) => {
    await page.goto(`${shellOrigin}/offline.html`);
    await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  });
});

test.describe("without signal", () => {
  // The lost network is the point: cut-off requests and sockets are logged by the browser.
  test.use({
    expectedConsoleErrors: [[/net::ERR_INTERNET_DISCONNECTED/, /WebSocket connection to .* failed/], { scope: "test" }],
  });

  const SHELL = {
    SplashScreen: { hide: () => ({}) },
    StatusBar: { setStyle: () => ({}), setBackgroundColor: () => ({}), setOverlaysWebView: () => ({}) },
  };

  test("the app started again with no signal opens the events kept on the phone, from the web app's offline store", async ({ page, context, browser }) => {
    await context.addCookies(await demoSessionCookies(browser));
    await installNativeDouble(page, { platform: "ios", plugins: SHELL });
    await page.goto(DEMO_EVENT);
    await waitForHydration(page);
    await waitUntilKept(page, DEMO_EVENT);
    await page.close();

    // The app is closed and opened again at the venue: the start page opens the site's root.
    await context.setOffline(true);
    const app = await context.newPage();
    const device = await installNativeDouble(app, { platform: "ios", plugins: SHELL });
    await app.goto("/").catch(() => {});
    await expect(app.getByRole("heading", { name: "You're offline" })).toBeVisible();
    await app.getByRole("region", { name: "Event pages on this device" }).getByRole("link", { name: DEMO_TITLE }).click();
    await expect(app.getByRole("heading", { level: 1, name: DEMO_TITLE })).toBeVisible();
    // Still the native app: its shell started on the kept page.
    await expect.poll(() => device.callsTo("StatusBar").length).toBeGreaterThan(0);
  });
});
