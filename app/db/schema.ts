// The whole data model (docs/product/data.md, settled by docs/product/conflicts.md) in one place: the single
// source for drizzle-kit, which writes migrations/. snake_case in SQL, camelCase here.
// Timestamps are UTC ISO-8601 text (e.g. 2026-11-22T10:00:00.000Z); event dates are
// yyyy-MM-dd and block start times HH:mm, both local to the event.
import { sql } from "drizzle-orm";
import type { TemplateBody } from "~/modules/templates/template";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import {
  BILLING_INTERVALS,
  BLOCK_TYPES,
  SUN_ANCHORS,
  EVENT_STATUSES,
  FEED_BLOCKS,
  INVITE_STATUSES,
  INVITE_TYPES,
  OUTBOX_STATUSES,
  PERSON_ROLES,
  SHOOTER_TYPES,
  SHOT_CATEGORIES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
  TIME_FORMATS,
  HOUR_CYCLES,
  TEAM_MEMBER_STATUSES,
  TOKEN_PURPOSES,
  VENDOR_TYPES,
} from "./enums";

const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const id = () => text("id").primaryKey();
const createdAt = () => text("created_at").notNull().default(nowIso);
const updatedAt = () => text("updated_at").notNull().default(nowIso);
const bool = (name: string) => integer(name, { mode: "boolean" });

/** `column IN ('a','b')` for a CHECK constraint; values come from our own constants. */
function oneOf(column: string, values: readonly string[], nullable = false) {
  const list = values.map((v) => `'${v}'`).join(", ");
  return sql.raw(nullable ? `${column} IS NULL OR ${column} IN (${list})` : `${column} IN (${list})`);
}

// ---------------------------------------------------------------- accounts

export const users = sqliteTable(
  "users",
  {
    id: id(),
    // Stored lower-cased and trimmed; unique regardless of how it was typed.
    email: text("email").notNull(),
    // scrypt$N$r$p$salt$hash (app/utils/password.server.ts). Never returned to a client.
    passwordHash: text("password_hash").notNull(),
    emailConfirmedAt: text("email_confirmed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    check("users_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

export const profiles = sqliteTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text("first_name"),
    lastName: text("last_name"),
    businessName: text("business_name"),
    email: text("email").notNull(),
    // How times read for this user (screens, e-mails, pushes); 'auto' is the clock of their
    // browser's locale: a page reads it off the request, and what is sent without one
    // (e-mails, reminders) uses autoHourCycle, the clock their browser gave when they
    // signed up or last saved their business info.
    timeFormat: text("time_format", { enum: TIME_FORMATS }).notNull().default("auto"),
    autoHourCycle: text("auto_hour_cycle", { enum: HOUR_CYCLES }).notNull().default("12h"),
    subscriptionStatus: text("subscription_status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("inactive"),
    subscriptionType: text("subscription_type", { enum: SUBSCRIPTION_TYPES }),
    billingInterval: text("billing_interval", { enum: BILLING_INTERVALS }),
    subscriptionExpiresAt: text("subscription_expires_at"),
    appStoreReceipt: text("app_store_receipt"),
    stripeCustomerId: text("stripe_customer_id"),
    // The Stripe subscription the fields above describe, whether it ends at
    // the period's end (cancelled in the billing portal), and when (ms, our clock) its
    // state was read from Stripe: a sync that read earlier never overwrites a later one.
    stripeSubscriptionId: text("stripe_subscription_id"),
    subscriptionCancelAtPeriodEnd: bool("subscription_cancel_at_period_end").notNull().default(false),
    stripeSyncedAt: integer("stripe_synced_at"),
    // Decision 012: the store's Pro entitlement as RevenueCat's REST API
    // last said (never a webhook's word), stamped like stripeSyncedAt. Its own columns:
    // Pro is either source active and unexpired (billing/entitlement.ts).
    storeEntitlementExpiresAt: text("store_entitlement_expires_at"),
    storeProductId: text("store_product_id"),
    storePlatform: text("store_platform"),
    storeBillingIssue: bool("store_billing_issue").notNull().default(false),
    storeSyncedAt: integer("store_synced_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("profiles_email_idx").on(t.email),
    uniqueIndex("profiles_stripe_customer_unique").on(t.stripeCustomerId),
    check("profiles_subscription_status", oneOf("subscription_status", SUBSCRIPTION_STATUSES)),
    check("profiles_subscription_type", oneOf("subscription_type", SUBSCRIPTION_TYPES, true)),
    check("profiles_billing_interval", oneOf("billing_interval", BILLING_INTERVALS, true)),
    check("profiles_time_format", oneOf("time_format", TIME_FORMATS)),
    check("profiles_auto_hour_cycle", oneOf("auto_hour_cycle", HOUR_CYCLES)),
    check("profiles_first_name_len", sql`length(${t.firstName}) <= 100`),
    check("profiles_last_name_len", sql`length(${t.lastName}) <= 100`),
    check("profiles_business_name_len", sql`length(${t.businessName}) <= 200`),
  ],
);

/** A signed-in device. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // 'Stay logged in': 30 days extended on use; otherwise 12 hours.
    persistent: bool("persistent").notNull().default(false),
    expiresAt: text("expires_at").notNull(),
    lastUsedAt: text("last_used_at").notNull().default(nowIso),
    createdAt: createdAt(),
    // Decision 011: the passkey a sign-in session was opened with; removing
    // the passkey ends it (the settings action also closes its live sockets).
    passkeyId: text("passkey_id").references(() => passkeys.id, { onDelete: "cascade" }),
    // Decision 013, native biometric: the app's device sign-in this
    // session was opened with. Removing it in Settings ends the session explicitly (in
    // the same batch); only housekeeping's removal of an expired one leaves the session
    // to its own expiry, hence SET NULL rather than CASCADE.
    deviceSignInId: text("device_sign_in_id").references(() => deviceSignIns.id, { onDelete: "set null" }),
    // When the person last proved who they are in the signed-in session: the password or a passkey
    // at sign-in, or the password confirmed later. Adding a passkey needs it recent
    // (decision 011): a stolen session alone cannot plant a lasting way back in.
    verifiedAt: text("verified_at"),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
    index("sessions_passkey_idx").on(t.passkeyId),
    index("sessions_device_sign_in_idx").on(t.deviceSignInId),
  ],
);

/**
 * The native app's Face ID / Touch ID sign-in (decision 013): a random
 * secret the app keeps in the Keychain/Keystore, only its SHA-256 here. Each use replaces
 * the secret (the app stores the new one), so a copied secret works at most once.
 */
export const deviceSignIns = sqliteTable(
  "device_sign_ins",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    secretHash: text("secret_hash").notNull(),
    // The secret this one replaced and when (decision 013): presented again
    // within DEVICE_SIGN_IN_GRACE_MS it is a lost answer, answered once more (rotated_at goes
    // NULL); any other time it is reuse of a copied secret, and the entry is revoked.
    previousSecretHash: text("previous_secret_hash"),
    rotatedAt: text("rotated_at"),
    // "Event Flow app on iOS": what Settings lists.
    name: text("name").notNull(),
    platform: text("platform", { enum: ["ios", "android"] }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: text("last_used_at"),
    // Unused this long, it stops working (and housekeeping deletes it); each use extends it.
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("device_sign_ins_secret_unique").on(t.secretHash),
    index("device_sign_ins_previous_secret_idx").on(t.previousSecretHash),
    index("device_sign_ins_user_idx").on(t.userId),
    index("device_sign_ins_expires_idx").on(t.expiresAt),
    check("device_sign_ins_platform", oneOf("platform", ["ios", "android"])),
    check("device_sign_ins_name_len", sql`length(${t.name}) <= 100`),
  ],
);

/** A WebAuthn credential (passkey) of a user (decision 011). */
export const passkeys = sqliteTable(
  "passkeys",
  {
    // The credential id, base64url, as the authenticator returns it.
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // COSE public key, base64url.
    publicKey: text("public_key").notNull(),
    // The authenticator's signature counter: a lower or equal non-zero value is refused.
    counter: integer("counter").notNull().default(0),
    transports: text("transports", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: text("last_used_at"),
  },
  (t) => [index("passkeys_user_idx").on(t.userId), check("passkeys_name_len", sql`length(${t.name}) <= 100`)],
);

/**
 * A WebAuthn challenge: single-use (deleted when a response names it) and short-lived.
 * Registration challenges belong to the signed-in user; sign-in ones to nobody.
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: ["register", "signin"] }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt), check("webauthn_challenges_purpose", oneOf("purpose", ["register", "signin"]))],
);

/** Single-use links sent by e-mail (password reset, e-mail confirmation). */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // For e-mail confirmation: the address being confirmed at the time of sending.
    email: text("email"),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("auth_tokens_hash_unique").on(t.tokenHash),
    index("auth_tokens_user_idx").on(t.userId, t.purpose),
    index("auth_tokens_expires_idx").on(t.expiresAt),
    check("auth_tokens_purpose", oneOf("purpose", TOKEN_PURPOSES)),
  ],
);

/**
 * Fixed-window counters shared by every isolate (rate limits on sign-in, sign-up,
 * reset requests). key = "<action>:<ip|email>:<window>".
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("rate_limits_expires_idx").on(t.expiresAt)],
);

export const organizations = sqliteTable(
  "organizations",
  {
    id: id(),
    name: text("name").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("organizations_owner_unique").on(t.ownerId)],
);

/**
 * Decision 019: a user's private calendar feed (Settings → 'Calendar feed'). The link's
 * token is HMAC(SESSION_SECRET, nonce) and only its SHA-256 is stored: the feed is looked
 * up by that hash, and the settings page makes the link again from the nonce. 'Reset
 * link' writes a new nonce and hash, so the old link finds nothing at once.
 */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    tokenNonce: text("token_nonce").notNull(),
    // Which blocks the feed lists besides each event's day.
    blocks: text("blocks", { enum: FEED_BLOCKS }).notNull().default("none"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_unique").on(t.tokenHash), check("calendar_feeds_blocks", oneOf("blocks", FEED_BLOCKS))],
);

// ---------------------------------------------------------------- events

export const events = sqliteTable(
  "events",
  {
    id: id(),
    title: text("title").notNull(),
    coupleNames: text("couple_names"),
    date: text("date").notNull(),
    venue: text("venue"),
    // docs/product/flows.md#event-status: status is derived from the date in the event's time zone unless
    // the lead sets it by hand; a hand-set value lives here, null means derived.
    statusOverride: text("status_override", { enum: EVENT_STATUSES }),
    timeZone: text("time_zone").notNull().default("UTC"),
    // 'Venue location': where the light is computed (sun.ts); both or neither.
    venueLatitude: real("venue_latitude"),
    venueLongitude: real("venue_longitude"),
    // 'Client edits lock on': from this date (in the event's zone) a client link changes nothing.
    clientEditsLockOn: text("client_edits_lock_on"),
    // 'Back on time': the last 'Running late' shift's moves ([{id, from, to}], shift.ts), null once undone.
    lastShift: text("last_shift", { mode: "json" }).$type<{ minutes: number; moves: { id: string; from: string; to: string }[] }>(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    leadPhotographerId: text("lead_photographer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Decision 006: the number of the event's last published change.
    // Each batch that commits a change the live room is told of increments it and takes
    // its number in the same batch, so a page's reads see the sequence their data is at.
    liveSeq: integer("live_seq").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("events_lead_date_idx").on(t.leadPhotographerId, t.date),
    index("events_organization_idx").on(t.organizationId),
    index("events_date_idx").on(t.date),
    check("events_status_override", oneOf("status_override", EVENT_STATUSES, true)),
    check("events_date_format", sql`${t.date} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'`),
    check(
      "events_venue_location",
      sql`(${t.venueLatitude} IS NULL AND ${t.venueLongitude} IS NULL) OR (${t.venueLatitude} BETWEEN -90 AND 90 AND ${t.venueLongitude} BETWEEN -180 AND 180)`,
    ),
    check("events_client_edits_lock_on", sql`${t.clientEditsLockOn} IS NULL OR ${t.clientEditsLockOn} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'`),
  ],
);

export const eventSecondShooters = sqliteTable(
  "event_second_shooters",
  {
    id: id(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shooterType: text("shooter_type", { enum: SHOOTER_TYPES }),
    status: text("status", { enum: TEAM_MEMBER_STATUSES }).notNull(),
    coverageHours: real("coverage_hours"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("event_second_shooters_event_user_unique").on(t.eventId, t.userId),
    index("event_second_shooters_user_status_idx").on(t.userId, t.status),
    check("event_second_shooters_status", oneOf("status", TEAM_MEMBER_STATUSES)),
    check("event_second_shooters_type", oneOf("shooter_type", SHOOTER_TYPES, true)),
    check("event_second_shooters_coverage", sql`${t.coverageHours} IS NULL OR ${t.coverageHours} >= 0`),
  ],
);

export const timelineBlocks = sqliteTable(
  "timeline_blocks",
  {
    id: id(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    blockType: text("block_type", { enum: BLOCK_TYPES }).notNull().default("ceremony"),
    startTime: text("start_time"),
    durationMinutes: integer("duration_minutes").notNull().default(60),
    location: text("location"),
    notes: text("notes"),
    // Seen by the lead and the team, never by a client link (docs/product/roles.md#client-links).
    teamNotes: text("team_notes"),
    // Who shoots it ('Assign'): the user ids of team members (the lead included), any number.
    // The team's, never a client link's; a member removed from the team is taken off.
    assignees: text("assignees", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    orderIndex: integer("order_index").notNull(),
    isDone: bool("is_done").notNull().default(false),
    // Run mode's 'Skip': the block is over without being shot. A skipped block is also done
    // (is_done), so progress and Now/Next treat it as finished; unchecking clears both.
    isSkipped: bool("is_skipped").notNull().default(false),
    // 'Fixed time': ceremony start, sunset portraits, the exit: 'Running late' never moves it.
    fixedTime: bool("fixed_time").notNull().default(false),
    // 'Travel to next (min)': the leg from this block to the next; it moves with its block.
    travelMinutes: integer("travel_minutes"),
    // 'Anchor to': the block starts at this moment of the light plus the offset (minutes, negative before).
    anchor: text("anchor", { enum: SUN_ANCHORS }),
    anchorOffsetMinutes: integer("anchor_offset_minutes").notNull().default(0),
    doneBy: text("done_by").references(() => users.id, { onDelete: "set null" }),
    doneAt: text("done_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("timeline_blocks_event_order_idx").on(t.eventId, t.orderIndex),
    check("timeline_blocks_type", oneOf("block_type", BLOCK_TYPES)),
    check("timeline_blocks_duration", sql`${t.durationMinutes} >= 1`),
    check("timeline_blocks_start_time", sql`${t.startTime} IS NULL OR ${t.startTime} GLOB '[0-2][0-9]:[0-5][0-9]'`),
    check("timeline_blocks_skipped_done", sql`${t.isSkipped} = 0 OR ${t.isDone} = 1`),
    check("timeline_blocks_travel", sql`${t.travelMinutes} IS NULL OR ${t.travelMinutes} BETWEEN 1 AND 720`),
    check("timeline_blocks_anchor", oneOf("anchor", SUN_ANCHORS, true)),
    check("timeline_blocks_anchor_offset", sql`${t.anchorOffsetMinutes} BETWEEN -240 AND 240`),
  ],
);

export const shotListItems = sqliteTable(
  "shot_list_items",
  {
    id: id(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    category: text("category", { enum: SHOT_CATEGORIES }).notNull().default("other"),
    description: text("description"),
    // Seen by the lead and the team, never by a client link (docs/product/roles.md#client-links).
    teamNotes: text("team_notes"),
    // Who shoots it ('Assign'), as a block's.
    assignees: text("assignees", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    // A family formals grouping's people (docs/product/screens.md#family-formals): their ids
    // in order, as a JSON array of text, so a rename shows everywhere and a removed person
    // leaves every grouping in the removal's own batch. '[]' for a shot that is not a grouping.
    personIds: text("person_ids").notNull().default("[]"),
    // A grouping by role, as a template lays it (docs/decisions/023-templates.md): the roles
    // whose people it calls, in order, read against the people list when shown, so the
    // family added later is in it. '[]' otherwise; naming its people ('Edit grouping') clears it.
    personRoles: text("person_roles").notNull().default("[]"),
    orderIndex: integer("order_index").notNull(),
    isDone: bool("is_done").notNull().default(false),
    doneBy: text("done_by").references(() => users.id, { onDelete: "set null" }),
    doneAt: text("done_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("shot_list_items_event_order_idx").on(t.eventId, t.orderIndex),
    check("shot_list_items_category", oneOf("category", SHOT_CATEGORIES)),
  ],
);

export const eventPeople = sqliteTable(
  "event_people",
  {
    id: id(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    role: text("role", { enum: PERSON_ROLES }).notNull().default("guest"),
    isVip: bool("is_vip").notNull().default(false),
    pronunciation: text("pronunciation"),
    notes: text("notes"),
    // Seen by the lead and the team, never by a client link (docs/product/roles.md#client-links).
    teamNotes: text("team_notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("event_people_event_name_idx").on(t.eventId, t.firstName),
    check("event_people_role", oneOf("role", PERSON_ROLES)),
  ],
);

export const eventVendors = sqliteTable(
  "event_vendors",
  {
    id: id(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    vendorName: text("vendor_name").notNull(),
    companyName: text("company_name"),
    vendorType: text("vendor_type", { enum: VENDOR_TYPES }).notNull(),
    email: text("email"),
    phoneNumber: text("phone_number"),
    website: text("website"),
    instagramHandle: text("instagram_handle"),
    facebookHandle: text("facebook_handle"),
    twitterHandle: text("twitter_handle"),
    tiktokHandle: text("tiktok_handle"),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("event_vendors_event_type_idx").on(t.eventId, t.vendorType),
    check("event_vendors_type", oneOf("vendor_type", VENDOR_TYPES)),
  ],
);

/** Invitations of second and associate shooters (and clients, from the create flow). */
export const eventInvites = sqliteTable(
  "event_invites",
  {
    // The invitation's id: what the lead's team tab and the invitee's in-app
    // notification name it by. Not a capability: opening /accept-invite/{id} needs the
    // signed-in account whose confirmed address is the invited one.
    id: id(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    // Lower-cased and trimmed, like users.email: one seat per address and event.
    email: text("email").notNull(),
    // The first name the lead typed (team tab), for the team list and the e-mail.
    inviteeName: text("invitee_name"),
    inviteType: text("invite_type", { enum: INVITE_TYPES }).notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    coverageHours: real("coverage_hours"),
    startTime: text("start_time"),
    endTime: text("end_time"),
    status: text("status", { enum: INVITE_STATUSES }).notNull().default("pending"),
    // SHA-256 of the secret in the invitation e-mail's link (/accept-invite/{token}),
    // which proves the mailbox; the secret itself is stored nowhere. A new one with
    // every (re-)send. Null while no e-mail was sent (the seeded demo's). The id, the bell's
    // link, opens any invitation too, but only the secret proves the mailbox.
    tokenHash: text("token_hash"),
    createdAt: createdAt(),
    acceptedAt: text("accepted_at"),
    respondedAt: text("responded_at"),
  },
  (t) => [
    index("event_invites_event_created_idx").on(t.eventId, t.createdAt),
    uniqueIndex("event_invites_token_unique").on(t.tokenHash),
    // Inviting the same address twice to one event re-sends the invitation; it never
    // creates a second seat.
    uniqueIndex("event_invites_event_email_unique").on(t.eventId, t.email),
    index("event_invites_email_idx").on(t.email),
    check("event_invites_type", oneOf("invite_type", INVITE_TYPES)),
    check("event_invites_status", oneOf("status", INVITE_STATUSES)),
    check("event_invites_coverage", sql`${t.coverageHours} IS NULL OR (${t.coverageHours} >= 0 AND ${t.coverageHours} <= 24)`),
  ],
);

/** Client links. Only the SHA-256 of the 32-byte token is stored (docs/product/limits.md#client-links). */
export const eventClientAccess = sqliteTable(
  "event_client_access",
  {
    id: id(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    clientEmail: text("client_email").notNull(),
    accessTokenHash: text("access_token_hash").notNull(),
    canEditPeople: bool("can_edit_people").notNull().default(true),
    canEditTimeline: bool("can_edit_timeline").notNull().default(true),
    canEditShots: bool("can_edit_shots").notNull().default(true),
    canEditVendors: bool("can_edit_vendors").notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("event_client_access_token_unique").on(t.accessTokenHash),
    index("event_client_access_event_created_idx").on(t.eventId, t.createdAt),
  ],
);

/**
 * Decision 017: who may be told that an event was deleted (docs/product/flows.md#deleting-an-event).
 * One row per person who could open the event when it was deleted: a user (the lead or an
 * accepted member) or a client link (by its token's hash, so only the link's holder
 * learns of it). Written in the deletion's own batch; housekeeping removes rows after
 * DELETED_EVENT_NOTICE_DAYS. Nothing of the event but its id is kept.
 */
export const deletedEvents = sqliteTable(
  "deleted_events",
  {
    eventId: text("event_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    linkTokenHash: text("link_token_hash"),
    deletedAt: text("deleted_at").notNull().default(nowIso),
  },
  (t) => [
    uniqueIndex("deleted_events_user_event_unique").on(t.userId, t.eventId),
    uniqueIndex("deleted_events_link_unique").on(t.linkTokenHash),
    index("deleted_events_deleted_at_idx").on(t.deletedAt),
    check("deleted_events_one_viewer", sql`(${t.userId} IS NULL) <> (${t.linkTokenHash} IS NULL)`),
  ],
);

// ---------------------------------------------------------------- people the user keeps

export const shooterContacts = sqliteTable(
  "shooter_contacts",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shooterType: text("shooter_type", { enum: SHOOTER_TYPES }).notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    email: text("email").notNull(),
    phoneNumber: text("phone_number"),
    instagramHandle: text("instagram_handle"),
    notes: text("notes"),
    createdAt: createdAt(),
  },
  (t) => [
    index("shooter_contacts_user_idx").on(t.userId, t.createdAt),
    check("shooter_contacts_type", oneOf("shooter_type", SHOOTER_TYPES)),
  ],
);

/**
 * 'Save as template' (docs/product/data.md#templates): a lead's own copy of an event's
 * timeline and shot list (template.ts's TemplateBody), with its counts for the list.
 */
export const eventTemplates = sqliteTable(
  "event_templates",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    body: text("body", { mode: "json" }).$type<TemplateBody>().notNull(),
    blockCount: integer("block_count").notNull(),
    shotCount: integer("shot_count").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("event_templates_user_idx").on(t.userId, t.createdAt),
    check("event_templates_name", sql`length(${t.name}) BETWEEN 1 AND 80`),
    check("event_templates_body", sql`length(${t.body}) <= 262144`),
  ],
);

// ---------------------------------------------------------------- notifications

export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    read: bool("read").notNull().default(false),
    // JSON: { type, invite_id?, event_id?, access_url? } (docs/product/data.md).
    data: text("data", { mode: "json" }).$type<NotificationData>(),
    // The event a notification is about, so deleting the event removes it.
    eventId: text("event_id").references(() => events.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_event_idx").on(t.eventId),
  ],
);

export type NotificationData = {
  type?: string;
  invite_id?: string;
  event_id?: string;
  access_url?: string;
  [key: string]: unknown;
};

export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    upcomingEvents: bool("upcoming_events").notNull().default(true),
    eventReminderDays: integer("event_reminder_days").notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "notification_preferences_reminder_days",
      sql`${t.eventReminderDays} BETWEEN 1 AND 30`,
    ),
  ],
);

/** One row per browser/device that subscribed to web push. */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    // The session that subscribed this device: when that session ends (sign-out, expiry,
    // sign-out-others, password reset or change) its devices go with it, so a signed-out
    // browser gets no more push (decision 009).
    sessionHash: text("session_hash")
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: "cascade" }),
    // JSON of PushSubscription.toJSON(): { endpoint, expirationTime, keys: { p256dh, auth } }.
    subscriptionData: text("subscription_data", { mode: "json" }).notNull(),
    // "Chrome on Android": from the User-Agent at subscribe time, so the user can tell devices apart.
    deviceLabel: text("device_label").notNull().default("Unknown browser"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
    // The cascade from sessions looks rows up by session.
    index("push_subscriptions_session_idx").on(t.sessionHash),
  ],
);

/**
 * A native app's push token (decision 013): the APNs device token (iOS)
 * or FCM registration token (Android) that @capacitor/push-notifications gave the shell,
 * beside the browsers' push_subscriptions and sent by the same push job. Like a browser's
 * row it belongs to the session that registered it: when that session ends (sign-out,
 * expiry, sign-out-others, password reset or change, a removed passkey) the device gets no
 * more pushes. A token is one device: registered again by another user it moves to them.
 */
export const nativePushTokens = sqliteTable(
  "native_push_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionHash: text("session_hash")
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: "cascade" }),
    platform: text("platform", { enum: ["ios", "android"] }).notNull(),
    token: text("token").notNull(),
    deviceLabel: text("device_label").notNull(),
    createdAt: createdAt(),
    lastSeenAt: text("last_seen_at").notNull().default(nowIso),
  },
  (t) => [
    uniqueIndex("native_push_tokens_token_unique").on(t.token),
    index("native_push_tokens_user_idx").on(t.userId),
    index("native_push_tokens_session_idx").on(t.sessionHash),
    check("native_push_tokens_platform", oneOf("platform", ["ios", "android"])),
  ],
);

/**
 * Push coalescing of team-change notifications (decision 006), one row per recipient and
 * event: the first change of a minute is pushed at once, the rest of that minute in
 * one digest push when the window ends. `changes` counts the changes after the first.
 */
export const pushThrottle = sqliteTable(
  "push_throttle",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    windowStartedAt: text("window_started_at").notNull(),
    windowEndsAt: text("window_ends_at").notNull(),
    changes: integer("changes").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index("push_throttle_event_idx").on(t.eventId)],
);

// ---------------------------------------------------------------- outgoing work

/**
 * Every e-mail the app sends. Written in the same batch as the change that causes
 * it, then delivered by the queue consumer; in development the delivered rows are
 * the mailbox at /dev/mail.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    // What the message is about (e.g. "password_reset"), for the mailbox and logs.
    kind: text("kind").notNull(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    // "http-api" or "dev-mailbox"
    deliveredVia: text("delivered_via"),
    providerMessageId: text("provider_message_id"),
    lastError: text("last_error"),
    // A delivery in progress holds the row until then, so two deliveries of the same
    // queue message never both send.
    lockedUntil: text("locked_until"),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
  },
  (t) => [
    index("email_outbox_created_idx").on(t.createdAt),
    index("email_outbox_status_idx").on(t.status),
    check("email_outbox_status", oneOf("status", OUTBOX_STATUSES)),
  ],
);

/**
 * Keys of queue jobs and webhooks already handled, so a redelivered message or a
 * replayed webhook does its work once.
 */
export const processedJobs = sqliteTable(
  "processed_jobs",
  {
    key: text("key").primaryKey(),
    kind: text("kind").notNull(),
    processedAt: text("processed_at").notNull().default(nowIso),
  },
  (t) => [index("processed_jobs_processed_idx").on(t.processedAt)],
);

/**
 * The one exactly-once store (decision 010 "One exactly-once store"): every change made
 * at most once, written in the same D1 batch as the change and only when the change was
 * made; the key is the primary key, so a concurrent repeat fails and rolls back whole,
 * and a repeat answers with the first one's `result`.
 * - A list mutation (decision 010 "One mutation layer"): the key is the SHA-256 of who
 *   sent it (a user, or a client link) and the id its device made, so an outbox sent
 *   again after a lost answer changes nothing, and no one can read another's by its id.
 *   Kept 30 days.
 * - A creating form (`name` "form"): the key is the SHA-256 of "<who>:<intent>:<the
 *   page's key>:<SHA-256 of its other fields>" (app/utils/idempotency.server.ts), the
 *   material itself never stored. Kept a day.
 */
export const appliedMutations = sqliteTable(
  "applied_mutations",
  {
    key: text("key").primaryKey(),
    // The event it changed; null for a form that changes no event (a saved contact).
    eventId: text("event_id").references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // JSON: the row as the change left it (null for a delete), to answer a repeat with.
    result: text("result", { mode: "json" }).$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [index("applied_mutations_created_idx").on(t.createdAt)],
);
