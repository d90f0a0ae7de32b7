#!/usr/bin/env node
// Issue 20 item 2: rewrites references to the outside folder that once held the product's
// observations ("spec §N", "decisions.md", "conventions.md", "stack notes") into
// references inside this repository: docs/product/<topic>.md#<section>, docs/conventions.md,
// docs/stack.md. Every tracked file is read (git ls-files) except node_modules, docs/product
// itself, lockfiles, binary files, this script and the check that guards the result
// (tests/unit/no-shared-references.test.ts).
//
// Idempotent: what it writes contains none of the patterns it looks for, so a second run
// changes nothing. It prints each change per file, then any reference it could not map,
// with file:line, for a person to fix by hand.
//
//   node scripts/cite-product-docs.mjs           rewrite the files
//   node scripts/cite-product-docs.mjs --check   only report (exit 1 if anything would change)
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const SELF = "scripts/cite-product-docs.mjs";
const GUARD = "tests/unit/no-shared-references.test.ts";
const P = "docs/product";

// ---------------------------------------------------------------- the mapping
// The observations were organised in nine numbered sections. A reference names a
// section by number, often with a sub-section's name in quotes after it; the name picks
// the place, else words on the same line do (KEYWORDS), else the number's topic page.

/** Section number → the page that now holds that topic. */
const BY_NUMBER = {
  1: `${P}/README.md#what-the-product-is`,
  2: `${P}/screens.md`,
  3: `${P}/data.md`,
  4: `${P}/flows.md`,
  5: `${P}/validation.md`,
  6: `${P}/roles.md`,
  7: `${P}/flows.md`,
  8: `${P}/messages.md`,
  9: `${P}/limits.md`,
};

/** Section number → sub-section names (as the references write them, any case) → place. */
const BY_NAME = {
  1: { "what you'll get": `${P}/screens.md#authentication-screen` },
  2: {
    "route table": `${P}/screens.md#routes`,
    "app shell": `${P}/screens.md#app-shell`,
    "authentication screen": `${P}/screens.md#authentication-screen`,
    authentication: `${P}/screens.md#authentication-screen`,
    "events list": `${P}/screens.md#events-list`,
    "header and notifications": `${P}/screens.md#header-and-notifications`,
    header: `${P}/screens.md#header-and-notifications`,
    "create event": `${P}/screens.md#create-event`,
    "event dashboard": `${P}/screens.md#event-dashboard`,
    timeline: `${P}/screens.md#timeline`,
    "shot list": `${P}/screens.md#shot-list`,
    people: `${P}/screens.md#people`,
    team: `${P}/screens.md#team`,
    vendors: `${P}/screens.md#vendors`,
    "client tab": `${P}/screens.md#client-tab`,
    "notifications tab": `${P}/screens.md#notifications-tab`,
    "subscription tab": `${P}/screens.md#subscription-tab`,
    settings: `${P}/screens.md#settings`,
    "invitation acceptance": `${P}/screens.md#invitation-acceptance`,
    "client portal": `${P}/screens.md#client-portal`,
    "subscription screen": `${P}/screens.md#subscription-screen`,
    "profile setup": `${P}/screens.md#profile-setup`,
    "password reset": `${P}/screens.md#password-reset`,
    "static pages": `${P}/screens.md#static-pages`,
  },
  3: {
    shooter_contacts: `${P}/data.md#profiles-and-contacts`,
    push_subscriptions: `${P}/data.md#notifications`,
    notification_preferences: `${P}/data.md#notifications`,
    notifications: `${P}/notifications.md#types`,
    types: `${P}/notifications.md#types`,
    enumerations: `${P}/enumerations.md`,
  },
  4: {
    purchases: `${P}/native.md#purchases`,
    "badly formatted": `${P}/native.md#purchases`,
    invite: `${P}/flows.md#invitations`,
    "removal in the team tab": `${P}/flows.md#team-removal`,
  },
  5: {
    "sign in": `${P}/validation.md#sign-in`,
    "sign up": `${P}/validation.md#sign-up`,
    "password reset": `${P}/validation.md#password-reset`,
    "create event": `${P}/validation.md#create-and-edit-event`,
    "invite entry": `${P}/validation.md#invite-entry`,
    "invite form": `${P}/validation.md#invite-form`,
    "client access form": `${P}/validation.md#client-access-form`,
    vendor: `${P}/validation.md#vendor`,
    people: `${P}/validation.md#people`,
    "timeline block": `${P}/validation.md#timeline-block`,
    shot: `${P}/validation.md#shot`,
    "delete event": `${P}/validation.md#delete-event`,
    "business info": `${P}/validation.md#business-info`,
    "shooter contact": `${P}/validation.md#shooter-contact`,
    "reminder days": `${P}/validation.md#reminder-days`,
    "profile setup": `${P}/validation.md#profile-setup`,
  },
  6: { recipients: `${P}/notifications.md#recipients` },
  7: {
    "invite send (client)": `${P}/flows.md#client-links`,
    "invite send, client": `${P}/flows.md#client-links`,
    "invite send (non-client)": `${P}/flows.md#invitations`,
    "send-invite": `${P}/flows.md#invitations`,
    "native purchases and device": `${P}/native.md`,
    "customer-portal": `${P}/subscription.md#web-stripe`,
    "browser push": `${P}/notifications.md#push`,
    "send-push-notification": `${P}/notifications.md#push`,
  },
  8: {
    auth: `${P}/messages.md#auth`,
    "events and team": `${P}/messages.md#events-and-team`,
    push: `${P}/messages.md#push`,
    "client portal": `${P}/messages.md#client-portal`,
    "subscription and profile": `${P}/messages.md#subscription-and-profile`,
    "purchase layer": `${P}/messages.md#purchase-layer`,
    "success messages": `${P}/messages.md#success-messages`,
  },
  9: {},
};

/** For a reference with no sub-section name: the first rule whose words the line has. */
const KEYWORDS = {
  2: [
    [/splash|service worker|app shell|status bar/i, `${P}/screens.md#app-shell`],
    [/face id|touch id|biometr|full-screen state|face or finger/i, `${P}/native.md#biometric-sign-in`],
    [/settings → subscription|subscription tab|manage(?:d| your subscription)|guest-access message|plan and features/i, `${P}/screens.md#subscription-tab`],
    [/reminder/i, `${P}/screens.md#notifications-tab`],
    [/destination|notification/i, `${P}/screens.md#header-and-notifications`],
    [/shot filter/i, `${P}/screens.md#shot-list`],
    [/billing portal/i, `${P}/screens.md#settings`],
    [/sunday|calendar|events list/i, `${P}/screens.md#events-list`],
    [/notification/i, `${P}/screens.md#header-and-notifications`],
    [/invite step|create event|'send all'|after 'create event'/i, `${P}/screens.md#create-event`],
    [/decline|invitation|coverage|as a guest/i, `${P}/screens.md#invitation-acceptance`],
    [/subscri|checkout|renewal|store sells|plan|restore|500 ms/i, `${P}/screens.md#subscription-screen`],
    [/settings/i, `${P}/screens.md#settings`],
    [/404/, `${P}/screens.md#not-found`],
    [/editing disabled|portal/i, `${P}/screens.md#client-portal`],
    [/checks itself off|order_index|blocks and shots/i, `${P}/screens.md#timeline`],
    [/client links?/i, `${P}/screens.md#client-tab`],
    [/delete/i, `${P}/screens.md#delete-event`],
  ],
  3: [
    [/organization/i, `${P}/data.md#organizations`],
    [/\btypes\b|its type/i, `${P}/notifications.md#types`],
    [/'active'|second_shooters/i, `${P}/enumerations.md#invite-and-team-member-status`],
    [/notification/i, `${P}/data.md#notifications`],
  ],
  4: [
    [/biometr|face id|touch id|auto-login|passkey|cancel does nothing|verification|broke off/i, `${P}/native.md#biometric-sign-in`],
    [/purchase|store|key|initialised/i, `${P}/native.md#purchases`],
    [/remov/i, `${P}/flows.md#team-removal`],
    [/returnto|session|subscription/i, `${P}/flows.md#sign-in-and-returnto`],
    [/invit/i, `${P}/flows.md#invitations`],
    [/remov/i, `${P}/flows.md#team-removal`],
  ],
  5: [
    [/validation error|first (validation )?issue/i, `${P}/validation.md#how-errors-are-shown`],
    [/email required|enter your email address first/i, `${P}/validation.md#forgot-password`],
    [/reminder/i, `${P}/validation.md#reminder-days`],
    [/"delete"|delete|typed to confirm/i, `${P}/validation.md#delete-event`],
    [/empty optional/i, `${P}/validation.md#empty-optional-values`],
    [/invitee's e-mail|must equal/i, `${P}/validation.md#invitation-e-mail-match`],
    [/sending is blocked|list is empty/i, `${P}/validation.md#invite-entry`],
    [/send disabled|coverage/i, `${P}/validation.md#invite-form`],
    [/duration|block/i, `${P}/validation.md#timeline-block`],
    [/category|shot/i, `${P}/validation.md#shot`],
    [/first name required|role defaults/i, `${P}/validation.md#people`],
    [/business name first|order/i, `${P}/validation.md#business-info`],
    [/title and date/i, `${P}/validation.md#create-and-edit-event`],
  ],
  6: [
    [/\bpro\b|subscri|creat|trial|active/i, `${P}/subscription.md#who-is-a-subscriber`],
    [/client|view-only/i, `${P}/roles.md#client-links`],
  ],
  7: [
    [/audit/i, `${P}/data.md#audit-log`],
    [/foreground|comes back|app-state|appstate/i, `${P}/native.md#shell`],
    [/secure store/i, `${P}/native.md#biometric-sign-in`],
    [/purchase|offering|restore|subscribe now/i, `${P}/native.md#purchases`],
    [/index|list query/i, `${P}/data.md#lists`],
    [/team change|notificationtype/i, `${P}/notifications.md#push`],
    [/invite answer/i, `${P}/notifications.md#types`],
    [/customer-portal|billing/i, `${P}/subscription.md#web-stripe`],
    [/subscription/i, `${P}/native.md#shell`],
  ],
  8: [
    [/purchase|restore|subscri/i, `${P}/messages.md#subscription-and-profile`],
    [/biometr/i, `${P}/messages.md#auth`],
    [/not supported|service workers/i, `${P}/messages.md#push`],
    [/only logged|push failures/i, `${P}/messages.md#events-and-team`],
    [/portal|client/i, `${P}/messages.md#client-portal`],
    [/failures are titled|'error'/i, `${P}/messages.md#events-and-team`],
    [/success/i, `${P}/messages.md#success-messages`],
    [/share it manually|by hand|invited address|email mismatch/i, `${P}/messages.md#events-and-team`],
    [/auth|password reset|sign/i, `${P}/messages.md#auth`],
  ],
  9: [
    [/token|32 bytes|hash/i, `${P}/limits.md#client-links`],
    [/chime|audio|notes/i, `${P}/limits.md#timings`],
    [/400px|latest 10|bell|audit/i, `${P}/limits.md#counts`],
    [/reminder/i, `${P}/limits.md#defaults-when-adding`],
    [/default|florist|'other'|60 minutes|ceremony/i, `${P}/limits.md#defaults-when-adding`],
    [/coverage|1 to 24/i, `${P}/limits.md#coverage-hours`],
  ],
};

/** The settled decisions' sections, by the names references give them. */
const DECISION_SECTIONS = [
  [/^(?:the )?client column$/i, `${P}/roles.md#client-links`],
  [/^(?:roles and what each may do|roles(?: table)?)$/i, `${P}/roles.md#what-each-may-do`],
  [/^enumerations$/i, `${P}/enumerations.md`],
  [/^defaults on event creation$/i, `${P}/limits.md#defaults-on-event-creation`],
  [/^accounts and access$/i, `${P}/flows.md#accounts-and-access`],
  [/^notifications$/i, `${P}/notifications.md`],
  [/^product$/i, null], // by the line's words (PRODUCT_KEYWORDS), else the plan
];
const PRODUCT_KEYWORDS = [
  [/splash|standalone/i, `${P}/screens.md#app-shell`],
  [/contract/i, `${P}/conflicts.md#contracts-are-not-advertised`],
  [/faq|team plan/i, `${P}/conflicts.md#one-plan-pro`],
];
/** A bare "decisions.md": the first rule whose words the line has. */
const DECISION_KEYWORDS = [
  ...PRODUCT_KEYWORDS,
  [/settled by/i, `${P}/conflicts.md`],
  [/enumerations/i, `${P}/enumerations.md`],
  [/people list|observed behaviour|enforce/i, `${P}/roles.md#what-each-may-do`],
  [/upcoming until/i, `${P}/flows.md#event-status`],
  [/except the actor|accepted members/i, `${P}/notifications.md#recipients`],
  [/60 minutes|type ceremony/i, `${P}/limits.md#defaults-when-adding`],
  [/client column|client link's|client links? (?:may|sees?)/i, `${P}/roles.md#client-links`],
  [/sign-up|signs up|signs the person|confirmed|invitation link/i, `${P}/flows.md#accounts-and-access`],
  [/30 days|expires/i, `${P}/limits.md#client-links`],
  [/referr?er|capability/i, `${P}/roles.md#capability-urls`],
  [/time zone|status/i, `${P}/flows.md#event-status`],
  [/client-access\?token/i, `${P}/screens.md#routes`],
  [/label|filter|category/i, `${P}/enumerations.md#shot-category`],
  [/business|create rights|plan|prices|claims/i, `${P}/subscription.md#plan`],
  [/per-ip|limit/i, `${P}/limits.md#rate-limits`],
  [/data model/i, `${P}/data.md`],
  [/push|notification|reminder/i, `${P}/notifications.md`],
  [/invitees|may do|roles?\b|matrix|table|intent/i, `${P}/roles.md#what-each-may-do`],
];

/** The code conventions' habits, numbered as docs/conventions.md numbers them. */
const HABITS = {
  1: "1-thin-routes-fat-services",
  2: "2-one-authorization-function",
  3: "3-server-modules-stay-on-the-server",
  4: "4-bindings-typed-by-wrangler-types",
  5: "5-request-context-through-typed-keys",
  6: "6-schema-is-the-source-migrations-the-output",
  7: "7-every-multi-statement-write-is-one-d1-batch",
  8: "8-wire-messages-are-a-discriminated-union",
  9: "9-fakes-not-mocks-of-our-own-code",
  10: "10-tests-name-the-behaviour",
  11: "11-comments-say-why",
  12: "12-names-carry-the-role",
  13: "13-accessible-by-default",
  14: "14-record-decisions",
};
const HABIT_KEYWORDS = [
  [/accessible|without javascript/i, 13],
  [/console\.error|epic stack/i, 10],
  [/fakes?\b/i, 9],
];

/** The toolchain notes' sections, as docs/stack.md now holds them. */
const STACK_SECTIONS = {
  1: "docs/stack.md#versions-and-compatibility-date",
  8: "docs/stack.md#development-and-tests",
  9: "docs/stack.md#development-and-tests",
  10: "docs/stack.md#capacitor-on-linux",
  passwords: "docs/stack.md#passwords",
};
const STACK_KEYWORDS = [
  [/compatibility|workerd|vitest-plugin/i, "docs/stack.md#versions-and-compatibility-date"],
  [/password|scrypt/i, "docs/stack.md#passwords"],
  [/capacitor|xcode|android sdk/i, "docs/stack.md#capacitor-on-linux"],
];

// ---------------------------------------------------------------- rewriting

const ALL_PAGES = ["screens", "messages", "validation", "flows", "limits", "roles", "notifications", "subscription", "native"].map((name) => `${P}/${name}.md`);
const firstMatch = (rules, text) => rules.find(([pattern]) => pattern.test(text))?.[1];

/** Quoted text that is a message rather than a section name: the page section holding it. */
function sectionHolding(page, quoted) {
  const [file] = page.split("#");
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const sections = [];
  for (const line of text.split("\n")) {
    const heading = /^#{2,6}\s+(.*)$/.exec(line);
    if (heading) sections.push({ anchor: slug(heading[1]), text: "" });
    else if (sections.length > 0) sections.at(-1).text += ` ${line.trim()}`;
  }
  return sections.find((section) => section.text.includes(quoted)) && `${file}#${sections.find((section) => section.text.includes(quoted)).anchor}`;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const QUOTE = `(?:'([^'\\s][^'\\n]{0,59})'|"([^"\\s][^"\\n]{0,59})"|‘([^’\\n]{1,60})’)`;
// "spec §2", "Spec §2 'App shell'", "the spec's §4", "§8 'Push'" (a bare § continues a list).
const SPEC_REF = new RegExp(
  `(?:(?:the )?[Ss]pec(?:'s)?\\s+)?§(\\d+)(?![.,]?\\d)((?:'s)?)(?:\\s?${QUOTE})?`,
  "g",
);

function specTarget(number, quoted, line, after) {
  const names = BY_NAME[number];
  if (!names) return undefined;
  if (quoted) {
    const named = names[quoted.toLowerCase()];
    if (named) return { target: named, keepQuote: false };
    const holding = [BY_NUMBER[number], ...ALL_PAGES].reduce((found, page) => found ?? sectionHolding(page, quoted), undefined);
    return { target: holding ?? firstMatch(KEYWORDS[number] ?? [], line) ?? BY_NUMBER[number], keepQuote: true };
  }
  // An unquoted name right after the number: "spec §2 Settings", "§3 push_subscriptions".
  const longest = Object.keys(names)
    .filter((name) => after.toLowerCase().startsWith(` ${name}`) && !/[\w-]/.test(after.charAt(name.length + 1)))
    .sort((a, b) => b.length - a.length)[0];
  if (longest) return { target: names[longest], consumed: longest.length + 1 };
  return { target: firstMatch(KEYWORDS[number] ?? [], line) ?? BY_NUMBER[number] };
}

function rewriteSpec(line) {
  return line.replace(SPEC_REF, (match, number, possessive, q1, q2, q3, offset, whole) => {
    // Not ours: "RFC 8291 §3.4" is excluded by the lookahead; a § of another document is
    // named before it.
    if (/(RFC \d+|stack[- ]notes(?:\.md`?)?)\s*$/i.test(whole.slice(0, offset))) return match;
    const n = Number(number);
    if (!BY_NUMBER[n]) return match;
    const quoted = q1 ?? q2 ?? q3;
    const found = specTarget(n, quoted, whole, whole.slice(offset + match.length));
    if (!found) return match;
    const quote = quoted && found.keepQuote ? ` ${match.slice(match.indexOf("§") + 1 + number.length + possessive.length).trimStart()}` : "";
    return `${found.target}${possessive}${quote}\u0000${found.consumed ?? 0}\u0000`;
  });
}

function rewriteSpecLine(line) {
  const marked = rewriteSpec(line);
  // Remove consumed names: each marker says how many characters after it to drop.
  let out = "";
  let rest = marked;
  for (;;) {
    const at = rest.indexOf("\u0000");
    if (at < 0) return out + rest;
    const end = rest.indexOf("\u0000", at + 1);
    const count = Number(rest.slice(at + 1, end));
    out += rest.slice(0, at);
    rest = rest.slice(end + 1 + count);
  }
}

/** "spec §2/§4" → "a, b": slashes and "and" between two rewritten references read as a list. */
function joinLists(line) {
  return line
    .replace(/(docs\/product\/[\w.-]+(?:#[\w-]+)?)\/(?=docs\/product\/)/g, "$1, ")
    .replace(/(docs\/product\/[\w.-]+(?:#[\w-]+)?)(?:(?:, | \/ | and )\1(?![\w#-]))+/g, "$1");
}

function rewriteDecisions(line) {
  const sectionAlt = `"([^"\\n]{1,40})"|'([^'\\n]{1,40})'|\\(([^)\\n"]{1,40})\\)|\\("([^"\\n]{1,40})"\\)|,\\s+((?:the )?client column|Product|roles table)`;
  const re = new RegExp(
    `(?<![\\w/-])\`?(?:\\.\\./shared/)?decisions\\.md\`?('s)?(?:\\s?(?:${sectionAlt}))?(?:\\s+((?:the )?client column|roles table|roles))?`,
    "g",
  );
  return line.replace(re, (match, possessive, d1, d2, d3, d4, d5, trailing, offset, whole) => {
    const named = d1 ?? d2 ?? d3 ?? d4 ?? d5 ?? trailing;
    let target;
    let consumedName = false;
    if (named) {
      const rule = DECISION_SECTIONS.find(([pattern]) => pattern.test(named.trim()));
      if (rule) {
        consumedName = true;
        target = rule[1] ?? firstMatch(PRODUCT_KEYWORDS, whole) ?? `${P}/subscription.md#plan`;
      }
    }
    target ??= firstMatch(DECISION_KEYWORDS, whole) ?? `${P}/conflicts.md`;
    const kept = consumedName ? "" : match.replace(/^[\s\S]*?decisions\.md`?('s)?/, "");
    return `${target}${possessive && !consumedName ? "'s" : ""}${kept}`;
  });
}

function rewriteConventions(line) {
  return line.replace(/(?<![\w/-])`?(?:\.\.\/shared\/)?conventions\.md`?(,? habit (\d+))?/g, (match, _h, habit, offset, whole) => {
    const number = habit ? Number(habit) : firstMatch(HABIT_KEYWORDS, whole);
    return number && HABITS[number] ? `docs/conventions.md#${HABITS[number]}` : "docs/conventions.md";
  });
}

function rewriteStack(line) {
  return line.replace(/(?<![\w/-])(?:`?(?:\.\.\/shared\/)?stack-notes(?:\.md)?`?|stack notes)(?:\s+§(\d+)|\s+"([^"\n]+)")?/gi, (match, number, name, offset, whole) => {
    const key = number ? Number(number) : name?.toLowerCase();
    return STACK_SECTIONS[key] ?? firstMatch(STACK_KEYWORDS, whole) ?? "docs/stack.md";
  });
}

function rewriteSharedPaths(line) {
  return line.replace(/`?\.\.\/shared\/spec\/event-day-planner\.md`?/g, `\`${P}/\``);
}

/** References to the observations by a name instead of a number. */
const PHRASES = [
  [/\b[Ss]pec route table\b/g, () => `${P}/screens.md#routes`],
  [/\(spec date format\)/g, () => `(${P}/limits.md#calendar-and-dates)`],
  [
    /(^\s*(?:\/\/|\/\*\*|\*)\s*)Spec: /g,
    (_match, lead, _offset, whole) =>
      `${lead}${/date/i.test(whole) ? `${P}/limits.md#calendar-and-dates` : /first name|profile/i.test(whole) ? `${P}/screens.md#profile-setup` : `${P}/README.md`}: `,
  ],
];

function rewritePhrases(line) {
  return PHRASES.reduce((out, [pattern, replace]) => out.replace(pattern, replace), line);
}

function rewriteLine(line) {
  let out = rewritePhrases(rewriteSharedPaths(line));
  out = rewriteStack(out);
  out = rewriteConventions(out);
  out = rewriteDecisions(out);
  out = joinLists(rewriteSpecLine(out));
  return out;
}

// What is left that a person must map: any ../shared, a § of the observations, or a
// bare name of an outside file.
const LEFTOVER = /\.\.\/shared|(?<![\w/-])(?:decisions|conventions)\.md|stack[- ]notes|(?<!RFC \d+ )§\d+(?![.,]?\d)/;

function isText(buffer) {
  return !buffer.subarray(0, 8000).includes(0);
}

function trackedFiles() {
  return execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" })
    .split("\0")
    .filter(Boolean)
    .filter(
      (file) =>
        !file.startsWith("node_modules/") &&
        !file.includes("/node_modules/") &&
        !file.startsWith(`${P}/`) &&
        !/(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.lock|Gemfile\.lock|Podfile\.lock)$/.test(file) &&
        file !== SELF &&
        file !== GUARD,
    );
}

function main() {
  const check = process.argv.includes("--check");
  let changedFiles = 0;
  const leftovers = [];
  for (const file of trackedFiles()) {
    let buffer;
    try {
      buffer = readFileSync(file);
    } catch {
      continue; // listed but absent (a deleted file not yet staged)
    }
    if (!isText(buffer)) continue;
    const text = buffer.toString("utf8");
    const lines = text.split("\n");
    const changes = [];
    const next = lines.map((line, index) => {
      const rewritten = rewriteLine(line);
      if (rewritten !== line) changes.push({ number: index + 1, before: line.trim(), after: rewritten.trim() });
      if (LEFTOVER.test(rewritten)) leftovers.push(`${file}:${index + 1}: ${rewritten.trim()}`);
      return rewritten;
    });
    if (changes.length === 0) continue;
    changedFiles++;
    console.log(`${file}: ${changes.length} reference line${changes.length === 1 ? "" : "s"}`);
    for (const change of changes) console.log(`  ${change.number}: ${change.before}\n     → ${change.after}`);
    if (!check) writeFileSync(file, next.join("\n"));
  }
  console.log(`\n${changedFiles} file${changedFiles === 1 ? "" : "s"} ${check ? "would change" : "changed"}.`);
  if (leftovers.length > 0) {
    console.log(`\nNot mapped (fix by hand):`);
    for (const leftover of leftovers) console.log(`  ${leftover}`);
  }
  if (check && changedFiles > 0) process.exitCode = 1;
}

main();
