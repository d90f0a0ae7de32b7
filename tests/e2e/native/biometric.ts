import type { NativePlugins } from "./double";
import { NativeError } from "./double";

// The device's side of @capgo/capacitor-native-biometric (plugin id "NativeBiometric") for
// the bridge double (decision 013): a Keychain that lives in the test's process (so it
// outlasts the webview, as the real one outlasts the app) and a Face ID / fingerprint
// sensor the test tells to succeed, be cancelled or fail, with the plugin's error codes.

/** `accessControl` as stored (the plugin's AccessControl: 0 none, 1 current biometry set, 2 any). */
export type Keychain = Map<string, { username: string; password: string; accessControl?: number }>;

/** What verifyIdentity does next: succeed, the person cancels (code 16), or no match (code 10). */
export type IdentityCheck = "match" | "cancel" | "no-match";

export type FakeBiometrics = {
  keychain: Keychain;
  /** What the next identity checks answer. */
  identity: IdentityCheck;
  /** Held this long before answering, so the page's state while it runs can be seen. */
  delayMs: number;
  plugins: NativePlugins;
};

/** `biometryType` as the plugin reports it: 2 is Face ID (iOS), 3 fingerprint (Android). */
export function fakeBiometrics({ biometryType, keychain = new Map() }: { biometryType: number; keychain?: Keychain }): FakeBiometrics {
  const device: FakeBiometrics = {
    keychain,
    identity: "match",
    delayMs: 0,
    plugins: {
      NativeBiometric: {
        isAvailable: () => ({ isAvailable: true, biometryType, authenticationStrength: 1, deviceIsSecure: true, strongBiometryIsAvailable: true }),
        isCredentialsSaved: ({ server }) => ({ isSaved: keychain.has(String(server)) }),
        getCredentials: ({ server }) => {
          const credentials = keychain.get(String(server));
          if (!credentials) throw new NativeError("No credentials found");
          return credentials;
        },
        setCredentials: ({ server, username, password, accessControl }) => {
          keychain.set(String(server), { username: String(username), password: String(password), accessControl: Number(accessControl ?? 0) });
          return {};
        },
        // The OS releases a protected item only after the face or finger matched (the prompt is the read).
        getSecureCredentials: async ({ server }) => {
          const credentials = keychain.get(String(server));
          if (!credentials?.accessControl) throw new NativeError("No protected credentials found for server", "21");
          await new Promise((resolve) => setTimeout(resolve, device.delayMs));
          if (device.identity === "cancel") throw new NativeError("User canceled biometric authentication", "16");
          if (device.identity === "no-match") throw new NativeError("Biometric authentication failed", "10");
          return { username: credentials.username, password: credentials.password };
        },
        deleteCredentials: ({ server }) => {
          keychain.delete(String(server));
          return {};
        },
        verifyIdentity: async () => {
          await new Promise((resolve) => setTimeout(resolve, device.delayMs));
          if (device.identity === "cancel") throw new NativeError("User canceled biometric authentication", "16");
          if (device.identity === "no-match") throw new NativeError("Biometric authentication failed", "10");
          return {};
        },
      },
      // iOS's bridge forwards every console call to native; unanswered, it loops (see push.ts).
      Console: { log: () => ({}) },
      // The shell's own start (app/modules/native/shell.client.ts) on every page.
      SplashScreen: { hide: () => ({}) },
      StatusBar: { setStyle: () => ({}), setBackgroundColor: () => ({}), setOverlaysWebView: () => ({}) },
    },
  };
  return device;
}
