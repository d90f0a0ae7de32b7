// The demo data for local use: a lead photographer with an active Pro subscription
// and one realistic upcoming wedding. `npm run dev` applies it through
// scripts/seed-local.mjs (plain Node, so this file imports nothing at run time), and
// tests/integration/seed.test.ts runs the same statements in workerd.
//
// Idempotent, and it never undoes the developer's work: every statement is guarded by
// a marker row in processed_jobs, so the demo is written once and later runs change
// nothing (not even re-adding a block the developer deleted).

import type { SunAnchor } from "./enums";

export const DEMO_EMAIL = "demo@eventflow.app";
export const DEMO_PASSWORD = "EventFlow2026";
export const DEMO_USER_ID = "00000000-0000-4000-8000-00000000d001";
export const DEMO_ORGANIZATION_ID = "00000000-0000-4000-8000-00000000d002";
export const DEMO_EVENT_ID = "00000000-0000-4000-8000-00000000d003";
export const SEED_MARKER = "seed:demo:v1";
/** A second shooter on the demo wedding: the team member's view of the app. */
export const DEMO_SHOOTER_EMAIL = "alex@eventflow.app";
export const DEMO_SHOOTER_ID = "00000000-0000-4000-8000-00000000d004";

type Value = string | number | boolean | null;
type Row = Record<string, Value>;

// Team notes (the seventh value, where given) are the lead's and the team's only: the couple's portal never shows them.
const DEMO_TIMELINE: Array<[title: string, type: string, start: string, minutes: number, location: string | null, notes: string | null, teamNotes?: string]> = [
  ["Getting Ready: Emma", "prep", "12:00", 90, "Bridal suite, main house", "Window light is best before 13:00. Dress hangs in the suite."],
  ["Getting Ready: James", "prep", "13:30", 45, "Groom's cottage", "Cufflinks are from his grandfather: get a detail shot."],
  ["Details and Flat Lays", "prep", "14:15", 30, "Bridal suite", "Rings, invitation suite, shoes, grandmother's brooch."],
  ["First Look", "first_look", "14:45", 30, "Willow grove behind the barn", "Emma walks up from the left; keep James facing the creek."],
  ["Wedding Party Portraits", "portrait", "15:15", 40, "Willow grove", null],
  ["Ceremony", "ceremony", "16:00", 30, "Creek-side lawn", "Unplugged ceremony. No flash during the vows.", "Keep Alex at the north gate"],
  ["Family Formals", "portrait", "16:30", 30, "Barn porch", "Shot list by group below; Niamh will help gather people."],
  ["Cocktail Hour", "cocktail", "17:00", 60, "Garden terrace", "Second shooter covers candids; lead takes couple portraits."],
  ["Grand Entrance and Dinner", "reception", "18:00", 60, "The barn", null],
  ["Toasts and First Dance", "reception", "19:00", 45, "The barn", "Toasts: Oluwaseun (best man), then Niamh (maid of honor)."],
  ["Golden Hour Portraits", "portrait", "19:45", 20, "Meadow west of the barn", "Meet at the meadow gate; the Golden hour row says when the light is best."],
  ["Cake Cutting", "reception", "20:15", 15, "The barn", null],
  ["Open Dancing", "reception", "20:30", 75, "The barn", null],
  ["Sparkler Exit", "exit", "21:45", 15, "Barn driveway", "Sparklers handed out by the planner at 21:35."],
];

// The day's fixed moments and travel legs: 'Running late' moves everything else.
const DEMO_FIXED = new Set(["Ceremony", "Sparkler Exit"]);
const DEMO_TRAVEL: Record<string, number> = { "Wedding Party Portraits": 5 };
// 'Anchor to': the couple's portraits start 10 minutes into golden hour at the barn, whatever
// the seeded date (its start in DEMO_TIMELINE is kept only should the sun not be computed).
const DEMO_ANCHORED: Record<string, [anchor: SunAnchor, offsetMinutes: number]> = { "Golden Hour Portraits": ["golden_hour_start", 10] };
export const DEMO_VENUE = { latitude: 35.579, longitude: -82.67, timeZone: "America/New_York" } as const;

// Who shoots what: the second shooter's blocks and shots (their 'Mine', from a 13:30 call time).
const ALEX_BLOCKS = new Set(["Getting Ready: James", "Ceremony", "Cocktail Hour"]);
const ALEX_SHOTS = new Set(["James putting on his grandfather's cufflinks", "James's reaction at the first look", "Recessional", "Toasts with reactions"]);

const DEMO_SHOTS: Array<[title: string, category: string, description: string | null]> = [
  ["Dress hanging in window light", "getting_ready", null],
  ["Emma's hair and makeup finishing touches", "getting_ready", null],
  ["Mother helping with the dress", "getting_ready", "Siobhan buttons the dress."],
  ["James putting on his grandfather's cufflinks", "getting_ready", null],
  ["Rings", "details", "Both rings plus the engagement ring, on the invitation suite."],
  ["Dress", "details", null],
  ["Shoes and the grandmother's brooch", "details", null],
  ["Invitation suite flat lay", "details", null],
  ["James's reaction at the first look", "first_look", "Second angle from behind Emma."],
  ["Processional: Emma and her father", "ceremony", null],
  ["Exchange of rings", "ceremony", null],
  ["First kiss", "ceremony", null],
  ["Recessional", "ceremony", null],
  ["Couple with both families", "family_formals", null],
  ["Couple with the Okafor family", "family_formals", null],
  ["Couple with the Carter family", "family_formals", null],
  ["Couple with all grandparents", "family_formals", "Aoife uses a cane: bring a chair."],
  ["Full wedding party", "wedding_party", null],
  ["Bride with bridesmaids", "wedding_party", null],
  ["Groom with groomsmen", "wedding_party", null],
  ["Golden hour couple portraits", "portraits", null],
  ["Grand entrance", "reception", null],
  ["First dance", "reception", null],
  ["Toasts with reactions", "reception", null],
  ["Cake cutting", "reception", null],
  ["Sparkler exit", "exit", null],
];

const DEMO_PEOPLE: Array<[first: string, last: string | null, role: string, vip: boolean, pronunciation: string | null, notes: string | null]> = [
  ["Emma", "Carter", "bride", true, null, "Prefers her left side."],
  ["James", "Okafor", "groom", true, "oh-KAH-for", null],
  ["Siobhan", "Carter", "parent", true, "shiv-AWN", "Mother of the bride."],
  ["Declan", "Carter", "parent", true, "DECK-lin", "Father of the bride; walks Emma down the aisle."],
  ["Ngozi", "Okafor", "parent", true, "en-GO-zee", "Mother of the groom."],
  ["Chidi", "Okafor", "parent", true, "CHEE-dee", "Father of the groom."],
  ["Aoife", "Brennan", "grandparent", true, "EE-fa", "Emma's grandmother; uses a cane, needs a chair for portraits."],
  ["Niamh", "Carter", "sibling", false, "NEEV", "Maid of honor; helps gather family formals."],
  ["Oluwaseun", "Adeyemi", "wedding_party", false, "oh-loo-WAH-shay-oon", "Best man; goes by Seun (SHAY-oon)."],
  ["Tadhg", "Carter", "sibling", false, "TYG", "Emma's brother; groomsman."],
  ["Chiamaka", "Okafor", "sibling", false, "chee-AH-mah-kah", "James's sister; bridesmaid."],
];

const DEMO_VENDORS: Array<[name: string, company: string | null, type: string, email: string | null, phone: string | null, website: string | null, instagram: string | null, notes: string | null]> = [
  ["Rosa Jimenez", "Willow Creek Barn", "venue", "events@willowcreekbarn.example", "(828) 555-0142", "https://willowcreekbarn.example", "willowcreekbarn", "Day-of contact; parking behind the barn."],
  ["Priya Shah", "Bloom & Co Events", "planner", "priya@bloomandco.example", "(828) 555-0187", "https://bloomandco.example", "bloomandcoevents", "Runs the timeline; text her for changes."],
  ["Hannah Lee", "Wildflower Studio", "florist", "hello@wildflowerstudio.example", "(828) 555-0119", null, "wildflower.studio", "Bouquets delivered to the bridal suite at 12:30."],
  ["Marcus Bell", "Blue Ridge Table", "caterer", "marcus@blueridgetable.example", "(828) 555-0166", null, null, "Vendor meals at 18:30."],
  ["DJ Tomás", "Soundwave Events", "dj", "tomas@soundwave.example", "(828) 555-0133", null, "djtomas", "Cue the photographer before the first dance."],
  ["Leah Park", "Reel Moments Films", "videographer", "leah@reelmoments.example", "(828) 555-0150", "https://reelmoments.example", "reelmomentsfilms", null],
  ["Ava Brooks", "Glow Bridal Beauty", "hair_makeup", "ava@glowbridal.example", "(828) 555-0108", null, "glowbridalbeauty", null],
  ["Rev. Daniel Moore", null, "officiant", "dmoore@example.com", "(828) 555-0191", null, null, "Allows photos from the aisle, no flash."],
];

/** Deterministic UUID-shaped ids for demo rows, so re-running finds the same rows. */
function demoId(kind: number, n: number) {
  return `00000000-0000-4000-8${kind.toString(16).padStart(3, "0")}-${n.toString(16).padStart(12, "0")}`;
}

function sqlValue(value: Value): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") return String(value);
  return `'${value.replaceAll("'", "''")}'`;
}

function guardedInsert(table: string, row: Row): string {
  const columns = Object.keys(row);
  const values = columns.map((column) => sqlValue(row[column] ?? null));
  return (
    `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${values.join(", ")} ` +
    `WHERE NOT EXISTS (SELECT 1 FROM processed_jobs WHERE key = '${SEED_MARKER}') ON CONFLICT DO NOTHING;`
  );
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The seed as SQL statements, in dependency order. `today` (yyyy-MM-dd) places the
 * wedding 45 days ahead and the Pro subscription's renewal a year ahead.
 */
/**
 * `anchoredStart`: the "HH:MM" start of a block anchored to the light on the demo's date at
 * its venue (DEMO_VENUE), or null; sun.ts's anchorTime in the app, suncalc straight from
 * plain Node (scripts/seed-local.mjs). Without it an anchored block keeps its planned start.
 */
export function buildDemoSeed({
  passwordHash,
  today,
  anchoredStart = () => null,
}: {
  passwordHash: string;
  today: string;
  anchoredStart?: (anchor: SunAnchor, offsetMinutes: number, date: string) => string | null;
}): string[] {
  const statements: string[] = [];
  statements.push(
    guardedInsert("users", {
      id: DEMO_USER_ID,
      email: DEMO_EMAIL,
      password_hash: passwordHash,
      email_confirmed_at: `${today}T00:00:00.000Z`,
    }),
    guardedInsert("profiles", {
      user_id: DEMO_USER_ID,
      first_name: "Maya",
      last_name: "Thompson",
      business_name: "Golden Hour Studio",
      email: DEMO_EMAIL,
      subscription_status: "active",
      subscription_type: "business",
      billing_interval: "yearly",
      subscription_expires_at: `${addDays(today, 365)}T00:00:00.000Z`,
    }),
    guardedInsert("notification_preferences", { user_id: DEMO_USER_ID, upcoming_events: true, event_reminder_days: 1 }),
    // docs/product/data.md#organizations: the organization is named after the lead's e-mail.
    guardedInsert("organizations", { id: DEMO_ORGANIZATION_ID, name: DEMO_EMAIL, owner_id: DEMO_USER_ID }),
    guardedInsert("events", {
      id: DEMO_EVENT_ID,
      title: "Emma & James Wedding",
      couple_names: "Emma Carter & James Okafor",
      date: addDays(today, 45),
      venue: "Willow Creek Barn, Asheville, NC",
      // The barn's point (the geocoder's fake knows it): golden hour and sunset on the timeline.
      venue_latitude: DEMO_VENUE.latitude,
      venue_longitude: DEMO_VENUE.longitude,
      time_zone: DEMO_VENUE.timeZone,
      organization_id: DEMO_ORGANIZATION_ID,
      lead_photographer_id: DEMO_USER_ID,
    }),
  );
  DEMO_TIMELINE.forEach(([title, blockType, plannedStart, minutes, location, notes, teamNotes = null], i) => {
    const [anchor, offset] = DEMO_ANCHORED[title] ?? [null, 0];
    const startTime = (anchor && anchoredStart(anchor, offset, addDays(today, 45))) || plannedStart;
    statements.push(
      guardedInsert("timeline_blocks", {
        id: demoId(1, i + 1),
        event_id: DEMO_EVENT_ID,
        title,
        block_type: blockType,
        start_time: startTime,
        duration_minutes: minutes,
        location,
        notes,
        team_notes: teamNotes,
        fixed_time: DEMO_FIXED.has(title),
        travel_minutes: DEMO_TRAVEL[title] ?? null,
        anchor,
        anchor_offset_minutes: offset,
        assignees: JSON.stringify(ALEX_BLOCKS.has(title) ? [DEMO_SHOOTER_ID] : []),
        order_index: i,
      }),
    );
  });
  DEMO_SHOTS.forEach(([title, category, description], i) => {
    statements.push(
      guardedInsert("shot_list_items", {
        id: demoId(2, i + 1),
        event_id: DEMO_EVENT_ID,
        title,
        category,
        description,
        assignees: JSON.stringify(ALEX_SHOTS.has(title) ? [DEMO_SHOOTER_ID] : []),
        order_index: i,
      }),
    );
  });
  DEMO_PEOPLE.forEach(([firstName, lastName, role, isVip, pronunciation, notes], i) => {
    statements.push(
      guardedInsert("event_people", {
        id: demoId(3, i + 1),
        event_id: DEMO_EVENT_ID,
        first_name: firstName,
        last_name: lastName,
        role,
        is_vip: isVip,
        pronunciation,
        notes,
      }),
    );
  });
  DEMO_VENDORS.forEach(([vendorName, companyName, vendorType, email, phone, website, instagram, notes], i) => {
    statements.push(
      guardedInsert("event_vendors", {
        id: demoId(4, i + 1),
        event_id: DEMO_EVENT_ID,
        vendor_name: vendorName,
        company_name: companyName,
        vendor_type: vendorType,
        email,
        phone_number: phone,
        website,
        instagram_handle: instagram,
        notes,
      }),
    );
  });
  // The team: Alex (second shooter, accepted; same password as the demo lead) and a
  // pending invitation of an associate shooter.
  statements.push(
    guardedInsert("users", { id: DEMO_SHOOTER_ID, email: DEMO_SHOOTER_EMAIL, password_hash: passwordHash, email_confirmed_at: `${today}T00:00:00.000Z` }),
    guardedInsert("profiles", { user_id: DEMO_SHOOTER_ID, first_name: "Alex", last_name: "Rivera", business_name: null, email: DEMO_SHOOTER_EMAIL }),
    guardedInsert("notification_preferences", { user_id: DEMO_SHOOTER_ID, upcoming_events: true, event_reminder_days: 1 }),
    guardedInsert("event_invites", {
      id: "demoInviteAlexRivera000000000001",
      event_id: DEMO_EVENT_ID,
      email: DEMO_SHOOTER_EMAIL,
      invitee_name: "Alex",
      invite_type: "second_shooter",
      invited_by: DEMO_USER_ID,
      coverage_hours: 8,
      start_time: "13:00",
      end_time: "22:00",
      status: "accepted",
      accepted_at: `${today}T00:00:00.000Z`,
      responded_at: `${today}T00:00:00.000Z`,
    }),
    guardedInsert("event_second_shooters", {
      id: demoId(5, 1),
      event_id: DEMO_EVENT_ID,
      user_id: DEMO_SHOOTER_ID,
      shooter_type: "second_shooter",
      status: "accepted",
      coverage_hours: 8,
    }),
    guardedInsert("event_invites", {
      id: "demoInviteJordanLee0000000000001",
      event_id: DEMO_EVENT_ID,
      email: "jordan.lee@example.com",
      invitee_name: "Jordan",
      invite_type: "associate_shooter",
      invited_by: DEMO_USER_ID,
      coverage_hours: 4,
      status: "pending",
    }),
  );
  statements.push(`INSERT INTO processed_jobs (key, kind) VALUES ('${SEED_MARKER}', 'seed') ON CONFLICT DO NOTHING;`);
  return statements;
}
