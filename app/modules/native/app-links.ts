// Decision 013: the native apps and the site vouch for each other, so passkeys (decision
// 011) made in the app are the site's passkeys. iOS asks the site's
// /.well-known/apple-app-site-association (Associated Domains, `webcredentials`), Android its
// /.well-known/assetlinks.json (Digital Asset Links, `get_login_creds`). In the Android app
// a WebAuthn response is signed for the origin `android:apk-key-hash:<app's signing cert>`.

import { base64Url } from "~/utils/base64url";

/** The apps' identifier (bundle id and Android package): capacitor.config.ts's appId. */
export const NATIVE_APP_ID = "app.eventflow.planner";

type AppLinkSettings = { APPLE_TEAM_ID?: string; ANDROID_CERT_SHA256?: string };

const TEAM_ID = /^[A-Z0-9]{10}$/;
const FINGERPRINT = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;

/**
 * The Android signing certificates' SHA-256 fingerprints, as the Play Console shows them
 * ("AB:CD:…", 32 bytes), comma-separated in ANDROID_CERT_SHA256 (upload and Play signing keys).
 * A malformed entry is a configuration error: it throws rather than silently vouching for less.
 */
export function androidCertFingerprints(settings: AppLinkSettings): string[] {
  const entries = (settings.ANDROID_CERT_SHA256 ?? "").split(",").map((entry) => entry.trim().toUpperCase()).filter(Boolean);
  for (const entry of entries) {
    if (!FINGERPRINT.test(entry)) throw new Error(`ANDROID_CERT_SHA256: "${entry}" is not a SHA-256 fingerprint (32 bytes as AB:CD:…)`);
  }
  return entries;
}

/** The WebAuthn origins of our Android app: `android:apk-key-hash:` + base64url(certificate SHA-256). */
export function androidAppOrigins(settings: AppLinkSettings): string[] {
  return androidCertFingerprints(settings).map((fingerprint) => {
    const bytes = String.fromCharCode(...fingerprint.split(":").map((hex) => parseInt(hex, 16)));
    return `android:apk-key-hash:${base64Url(bytes)}`;
  });
}

/** The apple-app-site-association document, or null when APPLE_TEAM_ID is not set. */
export function appleAppSiteAssociation(settings: AppLinkSettings) {
  const teamId = (settings.APPLE_TEAM_ID ?? "").trim();
  if (!teamId) return null;
  if (!TEAM_ID.test(teamId)) throw new Error(`APPLE_TEAM_ID: "${teamId}" is not a 10-character Apple team id`);
  return { webcredentials: { apps: [`${teamId}.${NATIVE_APP_ID}`] } };
}

/** The assetlinks.json statements, or null when ANDROID_CERT_SHA256 is not set. */
export function assetLinks(settings: AppLinkSettings) {
  const fingerprints = androidCertFingerprints(settings);
  if (fingerprints.length === 0) return null;
  return [
    {
      relation: ["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"],
      target: { namespace: "android_app", package_name: NATIVE_APP_ID, sha256_cert_fingerprints: fingerprints },
    },
  ];
}
