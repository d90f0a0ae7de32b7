import { describe, expect, it } from "vitest";
import { androidAppOrigins, appleAppSiteAssociation, assetLinks } from "~/modules/native/app-links";

// Decision 013: the app-link documents are off until configured, and a malformed setting
// fails loudly instead of vouching for less.
describe("app links", () => {
  it("serves nothing while the apps' identities are not configured", () => {
    expect(appleAppSiteAssociation({ APPLE_TEAM_ID: "" })).toBeNull();
    expect(assetLinks({ ANDROID_CERT_SHA256: "" })).toBeNull();
    expect(androidAppOrigins({})).toEqual([]);
  });

  it("refuses malformed identities", () => {
    expect(() => appleAppSiteAssociation({ APPLE_TEAM_ID: "team" })).toThrow(/APPLE_TEAM_ID/);
    expect(() => assetLinks({ ANDROID_CERT_SHA256: "AB:CD" })).toThrow(/ANDROID_CERT_SHA256/);
  });

  it("lists every signing certificate (upload and Play signing), normalised to upper case", () => {
    const upload = Array.from({ length: 32 }, () => "ab").join(":");
    const play = Array.from({ length: 32 }, () => "01").join(":");
    const statements = assetLinks({ ANDROID_CERT_SHA256: ` ${upload} , ${play}` });
    expect(statements?.[0]?.target.sha256_cert_fingerprints).toEqual([upload.toUpperCase(), play]);
    // 32 bytes of 0x01 → base64url "AQEB…AQE" (43 characters).
    expect(androidAppOrigins({ ANDROID_CERT_SHA256: play })).toEqual([`android:apk-key-hash:${"AQEB".repeat(10)}AQE`]);
  });
});
