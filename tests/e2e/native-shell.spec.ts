import { test, expect } from "./fixtures";
import { installNativeDouble, NativeError } from "./native/double";

// The native shell (decision 013): the deployed site inside Capacitor's webview, with the
// device played by tests/e2e/native/double.ts at the bridge.

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
  await page.clock.install();
  await page.goto("/about");
  await expect.poll(() => device.callsTo("StatusBar").length).toBe(3);
  expect(device.callsTo("StatusBar").map((call) => [call.methodName, call.options])).toEqual(
    expect.arrayContaining([
      ["setOverlaysWebView", { overlay: false }],
      ["setStyle", { style: "LIGHT" }],
      ["setBackgroundColor", { color: "#ffffff" }],
    ]),
  );
  expect(device.callsTo("SplashScreen")).toEqual([]);
  await page.clock.runFor(1500);
  await expect.poll(() => device.callsTo("SplashScreen", "hide").length).toBe(1);
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
