import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";

// A test double of the native side of the Capacitor shell (decision 013). The page runs
// Capacitor's real bridge script (native-bridge.js of @capacitor/ios or @capacitor/android,
// the file the shell injects at document start: on Android our MainActivity adds it for the
// site) over a fake `window.webkit.messageHandlers.bridge` (iOS) or
// `window.androidBridge` (Android). Every plugin call the web code makes
// (`Capacitor.nativePromise`) arrives here, in the test's Node process, where the test's
// handlers play the device: the store, the Keychain, Face ID, the push service. Answers go
// back through `Capacitor.fromNative`, exactly as the shell's Swift/Kotlin code answers.

export type NativeCall = { pluginId: string; methodName: string; options: Record<string, unknown> };

/** What a handler answers: data, or an error the plugin would reject with. */
export type NativeAnswer = unknown;

export class NativeError extends Error {
  constructor(
    message: string,
    readonly code?: string | number,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export type NativeHandler = (options: Record<string, unknown>, call: NativeCall) => NativeAnswer | Promise<NativeAnswer>;

/** Handlers by plugin id ("Purchases", "NativeBiometric", "PushNotifications", …), then method. */
export type NativePlugins = Record<string, Record<string, NativeHandler>>;

export type NativeDouble = {
  /** Every call the page made, in order (addListener included). */
  calls: NativeCall[];
  callsTo(pluginId: string, methodName?: string): NativeCall[];
  /** Fires a plugin event (e.g. PushNotifications "registration") to the page's listeners. */
  emit(pluginId: string, eventName: string, data: unknown): Promise<void>;
};

// The bridge script each platform's Capacitor injects (the same file today, kept per platform).
const bridgeScripts = {
  ios: readFileSync(fileURLToPath(import.meta.resolve("@capacitor/ios/Capacitor/Capacitor/assets/native-bridge.js")), "utf8"),
  android: readFileSync(fileURLToPath(import.meta.resolve("@capacitor/android/capacitor/src/main/assets/native-bridge.js")), "utf8"),
};

// Methods every Capacitor plugin has (the core registers listeners through the bridge).
const LISTENER_METHODS = ["addListener", "removeListener", "removeAllListeners"];

/**
 * Makes every document this page opens run as if inside the native shell on `platform`.
 * Call before the first navigation.
 */
export async function installNativeDouble(
  page: Page,
  { platform, plugins }: { platform: "ios" | "android"; plugins: NativePlugins },
): Promise<NativeDouble> {
  const calls: NativeCall[] = [];
  const listeners = new Map<string, string[]>(); // `${pluginId}:${eventName}` -> callback ids

  await page.exposeBinding("__nativeDoubleCall", async (_source, raw: string) => {
    const data = JSON.parse(raw) as NativeCall & { callbackId: string; type?: string };
    if (data.type && data.type !== "message") return JSON.stringify({ ignore: true }); // js.error, logs
    const call: NativeCall = { pluginId: data.pluginId, methodName: data.methodName, options: data.options ?? {} };
    calls.push(call);
    if (call.methodName === "addListener") {
      const key = `${call.pluginId}:${String(call.options.eventName)}`;
      listeners.set(key, [...(listeners.get(key) ?? []), data.callbackId]);
      return JSON.stringify({ success: true, save: true, data: undefined, keep: true });
    }
    if (call.methodName === "removeAllListeners") {
      for (const key of [...listeners.keys()]) if (key.startsWith(`${call.pluginId}:`)) listeners.delete(key);
      return JSON.stringify({ success: true, data: {} });
    }
    const handler = plugins[call.pluginId]?.[call.methodName];
    if (!handler) {
      return JSON.stringify({ success: false, error: { message: `${call.pluginId}.${call.methodName} is not implemented by the test double`, code: "UNIMPLEMENTED" } });
    }
    try {
      return JSON.stringify({ success: true, data: (await handler(call.options, call)) ?? {} });
    } catch (error) {
      if (!(error instanceof NativeError)) throw error;
      return JSON.stringify({ success: false, error: { message: error.message, code: error.code, ...error.data } });
    }
  });

  const headers = Object.entries(plugins).map(([name, methods]) => ({
    name,
    methods: [...Object.keys(methods), ...LISTENER_METHODS].map((method) => ({
      name: method,
      rtype: method === "addListener" ? "callback" : "promise",
    })),
  }));

  await page.addInitScript(
    ({ platform }) => {
      const w = window as unknown as Record<string, any>;
      // What the shell defines before its bridge (JSExport.exportCapacitorGlobalJS).
      w.Capacitor = { DEBUG: false, isLoggingEnabled: false, Plugins: {} };
      w.WEBVIEW_SERVER_URL = location.origin;
      const post = (data: { callbackId: string; pluginId: string; methodName: string }) => {
        w.__nativeDoubleCall(JSON.stringify(data)).then((answer: string) => {
          const result = JSON.parse(answer);
          if (result.ignore || result.keep) return;
          w.Capacitor.fromNative({ callbackId: data.callbackId, pluginId: data.pluginId, methodName: data.methodName, ...result });
        });
      };
      if (platform === "ios") {
        w.webkit = { messageHandlers: { bridge: { postMessage: post } } };
        // The iOS bridge asks native synchronously (prompt) whether its cookie and HTTP
        // patches are on; the shell leaves both off (capacitor.config.ts).
        const prompt = w.prompt;
        w.prompt = (message?: string) => {
          try {
            const type = JSON.parse(String(message)).type;
            if (type === "CapacitorCookies.isEnabled" || type === "CapacitorHttp.isEnabled") return "false";
          } catch {}
          return prompt.call(window, message);
        };
      } else {
        w.androidBridge = { postMessage: (json: string) => post(JSON.parse(json)) };
      }
    },
    { platform },
  );
  // Init scripts run in order, before the page's own, and are not subject to its CSP.
  await page.addInitScript({ content: bridgeScripts[platform] });
  await page.addInitScript((headers) => {
    (window as unknown as { Capacitor: { PluginHeaders: unknown } }).Capacitor.PluginHeaders = headers;
  }, headers);

  return {
    calls,
    callsTo: (pluginId, methodName) =>
      calls.filter((call) => call.pluginId === pluginId && (methodName === undefined || call.methodName === methodName)),
    async emit(pluginId, eventName, data) {
      for (const callbackId of listeners.get(`${pluginId}:${eventName}`) ?? []) {
        // A listener may navigate at once (a tapped notification opens its page), and a page
        // that navigated or closed meanwhile misses the event, as a closed webview would.
        await page.evaluate(
          ({ callbackId, pluginId, data }) =>
            (window as unknown as { Capacitor: { fromNative(result: unknown): void } }).Capacitor.fromNative({
              callbackId, pluginId, methodName: "addListener", success: true, save: true, data,
            }),
          { callbackId, pluginId, data },
        ).catch((error: Error) => {
          if (!/Execution context was destroyed|Target page, context or browser has been closed/.test(error.message)) throw error;
        });
      }
    },
  };
}
