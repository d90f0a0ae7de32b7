import type { NativeDouble, NativePlugins } from "./double";

// The device's side of @capacitor/push-notifications (plugin id "PushNotifications") for the
// double (decision 013): the permission prompt, and `register`, which answers like APNs / FCM
// through the OS: a `registration` event with the device's token, just after the call.

export type PushDevice = {
  /** "prompt" until asked; what the user answers at the prompt is `answer`. */
  permission: "prompt" | "granted" | "denied";
  answer: "granted" | "denied";
  token: string;
};

/** A token of the platform's form: APNs 32 bytes hex, FCM `<instance>:APA91b<…>`. */
export function deviceToken(platform: "ios" | "android") {
  const hex = (n: number) => [...crypto.getRandomValues(new Uint8Array(n))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return platform === "ios" ? hex(32) : `${hex(11)}:APA91b${Buffer.from(crypto.getRandomValues(new Uint8Array(105))).toString("base64url")}`;
}

/**
 * Handlers for installNativeDouble: PushNotifications as the device answers it, plus the
 * shell's status bar and splash (decision 013), so the page's start-up calls succeed.
 * `double()` is the installed double (for `emit`), read when `register` is called.
 */
export function pushPlugins(device: PushDevice, double: () => NativeDouble): NativePlugins {
  return {
    PushNotifications: {
      checkPermissions: () => ({ receive: device.permission }),
      requestPermissions: () => {
        if (device.permission === "prompt") device.permission = device.answer;
        return { receive: device.permission };
      },
      register: () => {
        // The OS answers asynchronously, after the call returned.
        // A page that navigated meanwhile misses it (NativeDouble.emit).
        setTimeout(
          () =>
            void double().emit("PushNotifications", "registration", { value: device.token }),
          50,
        );
        return {};
      },
      unregister: () => ({}),
      // Capacitor's listener handles call it (not awaited by the core): answered, not kept.
      removeListener: () => ({}),
    },
    // iOS's bridge forwards every console call to native (native-bridge.js); unanswered, its
    // error is logged again, and so on: the page never goes idle.
    Console: { log: () => ({}) },
    SplashScreen: { hide: () => ({}) },
    StatusBar: { setStyle: () => ({}), setBackgroundColor: () => ({}), setOverlaysWebView: () => ({}) },
  };
}
