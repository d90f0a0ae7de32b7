// The enumerations of docs/product/enumerations.md, one list each.
// Client-safe: imported by the drizzle schema (CHECK constraints), zod schemas and UI.

export const EVENT_STATUSES = ["upcoming", "active", "completed"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const BLOCK_TYPES = [
  "prep",
  "first_look",
  "ceremony",
  "cocktail",
  "portrait",
  "reception",
  "exit",
  "other",
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];
export const BLOCK_TYPE_LABELS: Record<BlockType, string> = {
  prep: "Getting Ready",
  first_look: "First Look",
  ceremony: "Ceremony",
  cocktail: "Cocktail Hour",
  portrait: "Portraits",
  reception: "Reception",
  exit: "Exit",
  other: "Other",
};

/** What a block can be anchored to ('Anchor to'): it then moves with the light, never by 'Running late'. */
export const SUN_ANCHORS = ["sunset", "golden_hour_start", "golden_hour_end"] as const;
export type SunAnchor = (typeof SUN_ANCHORS)[number];
export const SUN_ANCHOR_LABELS: Record<SunAnchor, string> = {
  sunset: "Sunset",
  golden_hour_start: "Golden hour start",
  golden_hour_end: "Golden hour end",
};

export const SHOT_CATEGORIES = [
  "getting_ready",
  "details",
  "first_look",
  "ceremony",
  "family_formals",
  "wedding_party",
  "portraits",
  "reception",
  "exit",
  "other",
] as const;
export type ShotCategory = (typeof SHOT_CATEGORIES)[number];
export const SHOT_CATEGORY_LABELS: Record<ShotCategory, string> = {
  getting_ready: "Getting Ready",
  details: "Details",
  first_look: "First Look",
  ceremony: "Ceremony",
  family_formals: "Family Formals",
  // The label observed in the dashboard's filter (docs/product/enumerations.md#shot-category).
  wedding_party: "Newlywed Portraits",
  portraits: "Portraits",
  reception: "Reception",
  exit: "Exit",
  other: "Other",
};

export const VENDOR_TYPES = [
  "venue",
  "caterer",
  "florist",
  "dj",
  "band",
  "videographer",
  "hair_makeup",
  "planner",
  "decorator",
  "baker",
  "transportation",
  "officiant",
  "other",
] as const;
export type VendorType = (typeof VENDOR_TYPES)[number];
export const VENDOR_TYPE_LABELS: Record<VendorType, string> = {
  venue: "Venue",
  caterer: "Caterer",
  florist: "Florist",
  dj: "DJ",
  band: "Band",
  videographer: "Videographer",
  hair_makeup: "Hair & Makeup",
  planner: "Wedding Planner",
  decorator: "Decorator",
  baker: "Baker",
  transportation: "Transportation",
  officiant: "Officiant",
  other: "Other",
};

export const PERSON_ROLES = [
  "bride",
  "groom",
  "parent",
  "grandparent",
  "sibling",
  "wedding_party",
  "guest",
  "vendor",
  "other",
] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];
export const PERSON_ROLE_LABELS: Record<PersonRole, string> = {
  bride: "Bride",
  groom: "Groom",
  parent: "Parent",
  grandparent: "Grandparent",
  sibling: "Sibling",
  wedding_party: "Wedding Party",
  guest: "Guest",
  vendor: "Vendor",
  other: "Other",
};

export const INVITE_TYPES = ["second_shooter", "associate_shooter", "client"] as const;
export type InviteType = (typeof INVITE_TYPES)[number];
export const SHOOTER_TYPES = ["second_shooter", "associate_shooter"] as const;
export type ShooterType = (typeof SHOOTER_TYPES)[number];
export const SHOOTER_TYPE_LABELS: Record<ShooterType, string> = {
  second_shooter: "Second Shooter",
  associate_shooter: "Associate Shooter",
};
export const INVITE_TYPE_LABELS = { ...SHOOTER_TYPE_LABELS, client: "Client" } as const;

/** docs/product/screens.md#invitation-acceptance: the position a type stands for. */
export function positionLabel(type: InviteType | null | undefined) {
  return type ? INVITE_TYPE_LABELS[type] : "Team Member";
}

/** Settings → 'Calendar feed': which timeline blocks the feed lists besides each event's day (docs/product/screens.md#notifications-tab). */
export const FEED_BLOCKS = ["none", "all", "mine"] as const;
export type FeedBlocks = (typeof FEED_BLOCKS)[number];
export const FEED_BLOCKS_LABELS: Record<FeedBlocks, string> = {
  none: "No blocks, only event days",
  all: "Every block",
  mine: "Only blocks assigned to me",
};

export const INVITE_STATUSES = ["pending", "accepted", "declined"] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

// 'active' was seen on event_second_shooters rows in the observed build (docs/product/enumerations.md#invite-and-team-member-status).
export const TEAM_MEMBER_STATUSES = ["accepted", "declined", "active"] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];
/** The statuses of a member who is on the event's team ('active' is older data's word). */
export const ON_TEAM_STATUSES = ["accepted", "active"] as const satisfies readonly TeamMemberStatus[];
export const isOnTeam = (status: string | null | undefined): boolean => (ON_TEAM_STATUSES as readonly (string | null | undefined)[]).includes(status);

export const SUBSCRIPTION_STATUSES = [
  "active",
  "trialing",
  "past_due",
  "canceled",
  "inactive",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
// docs/product/subscription.md#plan: the type that grants create rights stays `business`;
// monthly/yearly is the billing interval.
export const SUBSCRIPTION_TYPES = ["business"] as const;
export const BILLING_INTERVALS = ["monthly", "yearly"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const TOKEN_PURPOSES = ["password_reset", "email_confirmation"] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

export const OUTBOX_STATUSES = ["queued", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

// docs/product/screens.md#settings: how times read (Settings → Business info 'Time format').
// 'auto' follows the browser's locale (12-hour for en-US).
export const TIME_FORMATS = ["auto", "12h", "24h"] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
export const TIME_FORMAT_LABELS: Record<TimeFormat, string> = { auto: "Automatic", "12h": "12-hour", "24h": "24-hour" };
export const HOUR_CYCLES = ["12h", "24h"] as const;
