/// <reference types="@capacitor/splash-screen" />
/// <reference types="@capacitor/status-bar" />
/// <reference types="@capacitor/push-notifications" />
// (The reference lines must come first, or the plugins' config below is untyped.)
import type { CapacitorConfig } from "@capacitor/cli";

// The native shell (decision 013): the app bundles a start page (native/www) that opens the
// deployed site inside the webview, where Capacitor's bridge gives it the native features.
// EVENT_FLOW_URL is read when `npm run native:sync` copies this config into the native
// projects (default: production). It must be https, except on this machine.
const appUrl = new URL(process.env.EVENT_FLOW_URL || "https://eventflow.app");
if (appUrl.protocol !== "https:" && !["localhost", "127.0.0.1", "10.0.2.2"].includes(appUrl.hostname)) {
  throw new Error(`EVENT_FLOW_URL must be an https origin, not ${appUrl.origin}`);
}

const config: CapacitorConfig = {
  appId: "app.eventflow.planner",
  appName: "Event Flow",
  webDir: "native/www",
  // The server can tell the shell's requests apart (e.g. in logs); the web code asks
  // Capacitor's bridge, never this string, whether it runs natively.
  appendUserAgent: "EventFlowApp",
  server: {
    // The site the start page opens stays inside the webview (everything else opens in the
    // system browser). iOS injects Capacitor's bridge into every page of the webview;
    // Android only into the app's own origin, so MainActivity adds it for these hosts.
    allowNavigation: [appUrl.host],
    // Shown when the site cannot load and its service worker has nothing kept: the first
    // start without signal.
    errorPath: "offline.html",
    androidScheme: "https",
  },
  ios: {
    // With WKAppBoundDomains in Info.plist (the site and localhost), WKWebView runs the
    // site's service worker, so the app opens the kept events without signal.
    limitsNavigationsToAppBoundDomains: true,
    contentInset: "never",
  },
  plugins: {
    SplashScreen: {
      launchShowDuration: 1500,
      launchAutoHide: true,
      backgroundColor: "#ffffff",
      showSpinner: false,
    },
    StatusBar: {
      overlaysWebView: false,
      style: "LIGHT",
      backgroundColor: "#ffffff",
    },
    PushNotifications: {
      presentationOptions: ["badge", "sound", "alert"],
    },
    // The site's own fetch and cookies are used as they are (first-party, same origin).
    CapacitorHttp: { enabled: false },
    CapacitorCookies: { enabled: false },
  },
};

export default config;
