import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import config from "../../capacitor.config";
import { NATIVE_APP_ID } from "~/modules/native/app-links";
import pkg from "../../package.json";

// Decision 013: what can be checked of the native shell on Linux (no Xcode,
// no Android SDK): its config, the start page, and what `cap sync` wrote into android/ and
// ios/. The native code itself is built on a Mac / in Android Studio (docs/deploying.md).

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const appUrl = read("wrangler.toml").match(/^APP_URL = "(.*)"$/m)![1]!;
const appHost = new URL(appUrl).host;
// The Capacitor plugins among our dependencies (a plugin's package.json has a "capacitor" field).
const plugins = Object.keys(pkg.dependencies).filter((name) => JSON.parse(read(`node_modules/${name}/package.json`)).capacitor !== undefined);

beforeAll(() => {
  // The same command CI runs (scripts/test-all.mjs), for the production site.
  const sync = spawnSync("node", ["scripts/native-sync.mjs"], { encoding: "utf8", env: { ...process.env, EVENT_FLOW_URL: "" } });
  expect(sync.status, sync.stderr).toBe(0);
}, 60_000);

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("capacitor.config.ts", () => {
  it("is the Event Flow app, opening the production site from its bundled start page", () => {
    expect(config).toMatchObject({ appId: NATIVE_APP_ID, appName: "Event Flow", webDir: "native/www" });
    expect(config.server?.allowNavigation).toEqual([appHost]);
    expect(config.server?.url).toBeUndefined(); // not the live-reload option
    expect(existsSync(`native/www/index.html`)).toBe(true);
    expect(existsSync(`native/www/${config.server?.errorPath}`)).toBe(true);
  });

  it("shows the splash 1500 ms and keeps the status bar above the page, dark text on white", () => {
    expect(config.plugins?.SplashScreen).toMatchObject({ launchShowDuration: 1500, launchAutoHide: true });
    expect(config.plugins?.StatusBar).toMatchObject({ overlaysWebView: false, style: "LIGHT", backgroundColor: "#ffffff" });
  });

  it("refuses a site that is not https, except on this machine", async () => {
    vi.stubEnv("EVENT_FLOW_URL", "http://eventflow.example");
    await expect(import("../../capacitor.config")).rejects.toThrow(/must be an https origin/);
    vi.resetModules();
    vi.stubEnv("EVENT_FLOW_URL", "http://10.0.2.2:5173");
    expect((await import("../../capacitor.config")).default.server?.allowNavigation).toEqual(["10.0.2.2:5173"]);
  });
});

describe("cap sync", () => {
  it("copies the config and the start page into both native projects", () => {
    const copied = JSON.parse(JSON.stringify(config));
    expect(JSON.parse(read("android/app/src/main/assets/capacitor.config.json"))).toEqual(copied);
    // iOS's copy also lists the plugin classes the bridge loads.
    const { packageClassList, ...ios } = JSON.parse(read("ios/App/App/capacitor.config.json"));
    expect(ios).toEqual(copied);
    expect(packageClassList).toEqual(
      expect.arrayContaining(["AppPlugin", "PushNotificationsPlugin", "SplashScreenPlugin", "StatusBarPlugin", "NativeBiometricPlugin", "PurchasesPlugin"]),
    );
    for (const dir of ["android/app/src/main/assets/public", "ios/App/App/public"]) {
      expect(read(`${dir}/index.html`)).toBe(read("native/www/index.html"));
      expect(read(`${dir}/app-url.js`)).toContain(`window.EVENT_FLOW_URL = "${appUrl}";`);
    }
  });

  it("registers every Capacitor plugin we depend on in both projects", () => {
    expect(plugins.length).toBeGreaterThanOrEqual(6);
    const gradle = read("android/capacitor.settings.gradle");
    const swift = read("ios/App/CapApp-SPM/Package.swift");
    for (const name of plugins) {
      expect(gradle, name).toContain(`../node_modules/${name}/android`);
      expect(swift, name).toContain(`../../../node_modules/${name}"`);
    }
  });

  it("refuses a site that iOS would not run the service worker or passkeys for", () => {
    const sync = spawnSync("node", ["scripts/native-sync.mjs"], { encoding: "utf8", env: { ...process.env, EVENT_FLOW_URL: "https://staging.example" } });
    expect(sync.status).toBe(1);
    expect(sync.stderr).toContain("staging.example is not listed in WKAppBoundDomains");
  });
});

describe("the native projects", () => {
  it("iOS: our bundle id, the site as an App-Bound Domain, Face ID text, push and passkey entitlements", () => {
    const pbxproj = read("ios/App/App.xcodeproj/project.pbxproj");
    expect(pbxproj.match(/PRODUCT_BUNDLE_IDENTIFIER = ([^;]+);/g)).toEqual(Array(2).fill(`PRODUCT_BUNDLE_IDENTIFIER = ${NATIVE_APP_ID};`));
    expect(pbxproj.match(/CODE_SIGN_ENTITLEMENTS = App\/App.entitlements;/g)).toHaveLength(2);
    const plist = read("ios/App/App/Info.plist");
    expect(plist).toMatch(new RegExp(`<key>WKAppBoundDomains</key>\\s*<array>\\s*<string>${appHost}</string>\\s*<string>localhost</string>`));
    expect(plist).toMatch(/<key>NSFaceIDUsageDescription<\/key>\s*<string>[^<]+<\/string>/);
    const entitlements = read("ios/App/App/App.entitlements");
    expect(entitlements).toContain("<key>aps-environment</key>");
    expect(entitlements).toContain(`<string>webcredentials:${appHost}</string>`);
    const delegate = read("ios/App/App/AppDelegate.swift");
    expect(delegate).toContain("capacitorDidRegisterForRemoteNotifications");
    expect(delegate).toContain("capacitorDidFailToRegisterForRemoteNotifications");
  });

  it("Android: our application id, notification permission, passkeys in the WebView", () => {
    const gradle = read("android/app/build.gradle");
    expect(gradle).toContain(`applicationId "${NATIVE_APP_ID}"`);
    expect(gradle).toContain('implementation "androidx.webkit:webkit:$androidxWebkitVersion"');
    expect(read("android/app/src/main/AndroidManifest.xml")).toContain('android.permission.POST_NOTIFICATIONS');
    expect(read("android/app/src/main/res/values/strings.xml")).toContain('<string name="app_name">Event Flow</string>');
    const activity = read(`android/app/src/main/java/${NATIVE_APP_ID.replace(/\./g, "/")}/MainActivity.java`);
    expect(activity).toContain(`package ${NATIVE_APP_ID};`);
    expect(activity).toContain("WEB_AUTHENTICATION_SUPPORT_FOR_APP");
    // Capacitor's bridge on the site's pages (decision 013): Android adds it for the app's
    // own origin only, so the activity adds it for allowNavigation's hosts.
    expect(activity).toMatch(/WebViewCompat\.addDocumentStartJavaScript\(bridge\.getWebView\(\), script, origins\)/);
    expect(activity).toContain("bridge.getConfig().getAllowNavigation()");
    for (const part of ["getGlobalJS", "getBridgeJS", "getPluginJS", "getCordovaJS", "getCordovaPluginsFileJS", "getCordovaPluginJS"]) {
      expect(activity).toContain(`JSExport.${part}(`);
    }
  });
});
