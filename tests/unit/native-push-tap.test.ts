import { describe, expect, it } from "vitest";
import { tappedDestination } from "~/modules/native/push.client";

// A tapped native notification opens its page in the app, never another site.
describe("tappedDestination", () => {
  it("opens the push's own path, from iOS's whole payload or Android's data map", () => {
    expect(tappedDestination({ aps: { alert: { title: "T", body: "B" } }, url: "/events/evt-1", tag: "team:/events/evt-1" })).toBe("/events/evt-1");
    expect(tappedDestination({ url: "/accept-invite/inv-1", tag: "event_invite:/accept-invite/inv-1" })).toBe("/accept-invite/inv-1");
  });

  it("leads home for anything that is not one of our paths", () => {
    for (const data of [undefined, null, {}, { url: 42 }, { url: "https://evil.example/" }, { url: "//evil.example/x" }, { url: "/\\evil.example" }, { url: "/\t/evil.example" }, { url: "/%2e//evil.example" }, { url: "javascript:alert(1)" }, "text"]) {
      expect(tappedDestination(data)).toBe("/");
    }
  });
});
