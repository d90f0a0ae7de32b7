import { describe, expect, it } from "vitest";
import { notificationDestination, pushDestination } from "~/modules/notifications/destination";
import { randomToken } from "~/utils/crypto.server";

const ID = "3f1c2b9e-8d4a-4c5e-9f10-2a3b4c5d6e7f";

describe("where a click on a notification leads (docs/product/screens.md#header-and-notifications)", () => {
  it.each([
    ["an invite with invite_id", { type: "invite", invite_id: ID }, `/accept-invite/${ID}`],
    ["an event_invite with invite_id", { type: "event_invite", invite_id: ID, event_id: "e1" }, `/accept-invite/${ID}`],
    ["an invite_response with event_id", { type: "invite_response", event_id: ID }, `/events/${ID}`],
    ["a client_access with a path of ours", { type: "client_access", access_url: "/client/abc123", event_id: "e1" }, "/client/abc123"],
    ["a client_access path keeps its query", { type: "client_access", access_url: "/client-access?token=abc" }, "/client-access?token=abc"],
    ["any other type with event_id", { type: "timeline_updated", event_id: ID }, `/events/${ID}`],
    ["any other type with eventId", { type: "shots_updated", eventId: ID }, `/events/${ID}`],
    ["event_id before eventId", { event_id: "first", eventId: "second" }, "/events/first"],
    ["no type, with eventId", { eventId: ID }, `/events/${ID}`],
    ["a passkey_added, to remove it in Settings", { type: "passkey_added" }, "/settings"],
    ["nothing to go by", { type: "announcement" }, "/"],
    ["empty data", {}, "/"],
  ])("%s", (_label, data, expected) => {
    expect(notificationDestination(data)).toBe(expected);
  });

  it.each([
    ["an invite without invite_id", { type: "invite", event_id: "e1" }, "/events/e1"],
    ["an invite with an invalid invite_id", { type: "event_invite", invite_id: "../settings" }, "/"],
    ["an invite_response with only eventId", { type: "invite_response", eventId: "e2" }, "/events/e2"],
    ["a client_access without access_url", { type: "client_access", event_id: "e3" }, "/events/e3"],
  ])("falls through to the next rule: %s", (_label, data, expected) => {
    expect(notificationDestination(data)).toBe(expected);
  });

  // An invitation's id is 24 random bytes in base64url (newInviteId): about one in 32 begins
  // with '-' or '_', and its notification must still lead to the invitation, not to the
  // event its invitee cannot open yet (found by tests/e2e/native-push.spec.ts failing so).
  it.each(["-Yk3v0Qb8cJm1xT9aR2sLw4pZn7eHd6fU", "_Yk3v0Qb8cJm1xT9aR2sLw4pZn7eHd6fU", "Yk3v0Qb8cJm1xT9aR2sLw4pZn7eHd6f-"])(
    "leads an invitation whose id begins or ends with '-' or '_' to the invitation: %s",
    (inviteId) => {
      const data = { type: "event_invite", invite_id: inviteId, event_id: ID };
      expect(notificationDestination(data)).toBe(`/accept-invite/${inviteId}`);
      expect(pushDestination(data)).toBe(`/accept-invite/${inviteId}`);
    },
  );

  it("leads every invitation id as the app makes them (24 random bytes, base64url) to its invitation", () => {
    for (let i = 0; i < 2000; i++) {
      const inviteId = randomToken(24);
      expect(notificationDestination({ type: "event_invite", invite_id: inviteId, event_id: ID })).toBe(`/accept-invite/${inviteId}`);
    }
  });

  it.each([null, undefined, "a string", 42, [ID], true])("goes home for data that is not an object: %j", (data) => {
    expect(notificationDestination(data)).toBe("/");
  });

  it.each([
    "https://evil.example/phish",
    "//evil.example/phish",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "client/abc",
    " /client/abc",
    "",
    42,
  ])("never leaves our origin for access_url %j", (accessUrl) => {
    expect(notificationDestination({ type: "client_access", access_url: accessUrl })).toBe("/");
    expect(notificationDestination({ type: "client_access", access_url: accessUrl, event_id: "e9" })).toBe("/events/e9");
  });

  it.each([
    "../../settings",
    "..",
    "a/b",
    "abc?x=1",
    "abc#top",
    "a b",
    "%2e%2e",
    "x".repeat(129),
    42,
    "",
  ])("refuses an id that is not a plain id: %j", (badId) => {
    expect(notificationDestination({ type: "invite", invite_id: badId })).toBe("/");
    expect(notificationDestination({ type: "invite_response", event_id: badId })).toBe("/");
    expect(notificationDestination({ eventId: badId })).toBe("/");
  });
});

describe("where a push leads (decision 009)", () => {
  it.each([
    ["an invite", { type: "event_invite", invite_id: ID, event_id: "e1" }, `/accept-invite/${ID}`],
    ["an invite_response", { type: "invite_response", event_id: ID }, `/events/${ID}`],
    ["a team change", { type: "timeline_updated", eventId: ID }, `/events/${ID}`],
    ["a client_access with its event: the event, never the access link", { type: "client_access", access_url: "/client/secret-token", event_id: ID }, `/events/${ID}`],
    ["a client_access without an event: home", { type: "client_access", access_url: "/client-access?token=secret" }, "/"],
  ])("%s", (_label, data, expected) => {
    expect(pushDestination(data)).toBe(expected);
  });
});
