// `npm run bench:offline` ("Tests and benchmark"): many devices working on one
// event with bad signal, then a check that nothing was lost or applied twice and that
// every device ends where D1 does.
//
// The production build served by workerd alone, on a fresh seeded local D1
// (bench-app.mjs, as bench:realtime). The demo wedding's writers: the demo lead and two
// accepted second shooters (Alex of the seed, and Sam written into the D1 here); N
// devices (--devices, default 10) take turns over those three accounts, each with a
// session of its own. Each device, as the event page does:
// - reads the page's data once (GET /events/:id.data, the dashboard loader) and keeps
//   its own copy, kept current by the live room (/live/events/:id): changes applied
//   strictly in sequence order, a gap closes the socket and the reconnect says hello
//   with the last sequence applied, 'reload' reads the page again (use-live-room.ts);
// - makes M random mutations (--mutations, default 1000) among those its role may make
//   (intents.ts / permissions.ts: the lead all but delete-event, which is never queued;
//   a second shooter toggles blocks and shots and adds, edits and deletes people), each
//   with a fresh uuid, chosen from what it sees (its copy plus its own pending changes),
//   toggles with the desired state, edits with the fields as last synced (`base`);
// - queues them in its outbox, sent in order in chunks of at most 50 (MUTATIONS_PER_REQUEST)
//   to /events/:id/mutations, one chunk at a time; an answered mutation leaves it;
// - at random: goes offline for a few seconds (the socket dies, nothing is sent, it keeps
//   making and queueing changes), has its socket dropped (it reconnects with hello since),
//   or loses an answer (the chunk stays queued and is sent again: what the server applied
//   the first time must be answered `replay` and change nothing). A chunk in flight when
//   the device goes offline loses its answer too.
// When every device has made its mutations it comes back online (the last reconnect),
// the outboxes drain, the page is read once more (D1 as the loader gives it), and the
// time until every device's copy equals it is measured. Then:
// - lost: a queued mutation never answered; or an applied one whose effect is not in D1.
//   D1's record of applied mutations (applied_mutations, its rowid is the commit order)
//   orders the applied ones; replaying each one's answered row ("the row as the change
//   left it") in that order onto the data read before the start must give D1's final
//   rows exactly, so every applied change is there unless a later one overrode it;
// - duplicated: a mutation sent again after a lost answer, applied the first time, but not
//   answered `replay`; rows sharing a device-made id; more room changes than applied
//   mutations and repeats (each applied mutation publishes one change, and each repeat
//   one more: the row as it is then, decision 010).
// Lost and duplicated must be 0, and every device must agree with D1: exit 1 otherwise.
//
// Options: --devices N, --mutations M, --interval-ms T (a device's pause between two
// mutations, random in 0..2T; default 100: about the pace the server keeps up with on this
// machine), --seed S (the random choices; printed), --without NAME (repeatable: leave a
// mutation out, to tell which one a failure comes from).
// BENCH_PORT (default 4197): the app's port (the fake Stripe takes BENCH_PORT + 10).
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { BLOCK_TYPES, PERSON_ROLES, SHOT_CATEGORIES, VENDOR_TYPES } from "../app/db/enums.ts";
import { d1, DEMO_EMAIL, EVENT_ID, openLiveSocket, originOf, readPage as readPageOf, sessionCookies, signIn, startApp } from "./bench-app.mjs";

const { values: options } = parseArgs({
  options: {
    devices: { type: "string", default: "10" },
    mutations: { type: "string", default: "1000" },
    "interval-ms": { type: "string", default: "100" },
    seed: { type: "string" },
    without: { type: "string", multiple: true, default: [] },
  },
});
const DEVICES = Number(options.devices);
const MUTATIONS = Number(options.mutations);
const INTERVAL_MS = Number(options["interval-ms"]);
const SEED = Number(options.seed ?? Math.floor(Math.random() * 2 ** 31));
/** Mutations left out of the run (--without move-block): to tell which one a failure comes from. */
const WITHOUT = new Set(options.without);
const PORT = process.env.BENCH_PORT ?? "4197";
const ORIGIN = originOf(PORT);

/** app/modules/event/mutations.ts MUTATIONS_PER_REQUEST */
const CHUNK = 50;
/** Per mutation made: the chance to go offline, or to have the socket dropped. */
const P_OFFLINE = 0.003;
const P_DROP_SOCKET = 0.004;
/** Per chunk sent: the chance its answer is lost. */
const P_LOST_ANSWER = 0.05;
const OFFLINE_MS = [1_000, 5_000];

const SHOOTER = { email: "sam.bench@example.com", id: "00000000-0000-4000-8000-0000000be001", firstName: "Sam", lastName: "Okafor" };
const ACCOUNTS = [
  { email: DEMO_EMAIL, role: "lead" },
  { email: "alex@eventflow.app", role: "team" }, // app/db/seed.ts DEMO_SHOOTER_EMAIL
  { email: SHOOTER.email, role: "team" },
];

// Which mutations each role may make (permissions.ts through intents.ts), and how often
// a device makes each: check-offs most, adds and deletes alike so the lists keep their size.
const WEIGHTS = {
  lead: {
    "toggle-shot": 22, "toggle-block": 10, "add-person": 6, "edit-person": 8, "delete-person": 6,
    "add-shot": 5, "edit-shot": 6, "delete-shot": 5, "add-block": 3, "edit-block": 5, "move-block": 6, "delete-block": 3,
    "add-vendor": 3, "edit-vendor": 4, "delete-vendor": 3, "edit-event": 2,
  },
  team: { "toggle-shot": 40, "toggle-block": 15, "add-person": 13, "edit-person": 19, "delete-person": 13 },
};

for (const name of WITHOUT) if (!Object.values(WEIGHTS).some((weights) => name in weights)) throw new Error(`--without ${name}: no device makes that mutation`);

/** The form's fields of each list (the dialogs' schemas), which an add or edit sends. */
const FIELDS = {
  block: ["title", "blockType", "startTime", "durationMinutes", "location", "notes"],
  shot: ["title", "category", "description"],
  person: ["firstName", "lastName", "role", "isVip", "pronunciation", "notes"],
  vendor: ["vendorName", "vendorType", "companyName", "email", "phoneNumber", "website", "instagramHandle", "facebookHandle", "twitterHandle", "tiktokHandle", "notes"],
};
const LISTS = { block: "blocks", shot: "shots", person: "people", vendor: "vendors" };
const EVENT_FIELDS = ["title", "coupleNames", "date", "venue"];

// ---------------------------------------------------------------- randomness

/** mulberry32: the run's choices follow --seed (timing still differs run to run). */
function randomFrom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = randomFrom(SEED);
const pick = (list) => list[Math.floor(random() * list.length)];
const between = ([low, high]) => low + random() * (high - low);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const WORDS = ["Golden", "Willow", "Harbor", "Maple", "Cedar", "Aurora", "Juniper", "Sage", "Coral", "Ivory", "Meadow", "Linen"];
const word = () => `${pick(WORDS)} ${Math.floor(random() * 1000)}`;

function newValues(kind) {
  if (kind === "block")
    return { title: word(), blockType: pick(BLOCK_TYPES), startTime: random() < 0.5 ? `${String(Math.floor(random() * 24)).padStart(2, "0")}:${pick(["00", "15", "30", "45"])}` : null, durationMinutes: 5 + Math.floor(random() * 120), location: random() < 0.5 ? word() : null, notes: null };
  if (kind === "shot") return { title: word(), category: pick(SHOT_CATEGORIES), description: random() < 0.5 ? word() : null };
  if (kind === "person") return { firstName: pick(WORDS), lastName: random() < 0.7 ? pick(WORDS) : null, role: pick(PERSON_ROLES), isVip: random() < 0.2, pronunciation: null, notes: random() < 0.3 ? word() : null };
  return { vendorName: word(), vendorType: pick(VENDOR_TYPES), companyName: random() < 0.5 ? word() : null, email: random() < 0.5 ? `vendor${Math.floor(random() * 1000)}@example.com` : null, phoneNumber: null, website: null, instagramHandle: null, facebookHandle: null, twitterHandle: null, tiktokHandle: null, notes: null };
}

/** One or two fields of a row, changed as a person would in its dialog. */
function editedValues(kind, row) {
  const fresh = newValues(kind);
  const editable = { block: ["title", "durationMinutes", "location", "notes", "startTime"], shot: ["title", "description", "category"], person: ["firstName", "notes", "isVip", "role"], vendor: ["companyName", "notes", "email"] }[kind];
  const next = { ...row };
  for (let n = random() < 0.7 ? 1 : 2; n > 0; n--) {
    const field = pick(editable);
    next[field] = field === "notes" || field === "title" || field === "firstName" ? word() : field === "isVip" ? !row.isVip : fresh[field];
  }
  return next;
}

/** A row's fields as its form submits them: text, a checkbox "on" or absent, empty for none. */
function formOf(kind, row) {
  const values = {};
  for (const field of FIELDS[kind]) {
    const value = row[field];
    if (typeof value === "boolean") {
      if (value) values[field] = "on";
    } else values[field] = value === null || value === undefined ? "" : String(value);
  }
  return values;
}
const baseOf = (fields, row) => Object.fromEntries(fields.map((field) => [field, row[field] ?? null]));

// ---------------------------------------------------------------- the page and its data

/**
 * The dashboard as the page reads it: its loader's data (the event, the
 * shown list's window, the sequence `seq`), then the rest of it, every list whole
 * (`/events/:id/lists`, read after, so at the same sequence or later). The device says
 * hello from the page's sequence: the room replays what came between the two reads, which
 * the lists may already hold (applying a change twice leaves the same rows).
 */
async function readPage(cookie) {
  const page = await readPageOf(ORIGIN, cookie, { onRetry: () => counts.pageReadsRetried++ });
  const response = await fetch(`${ORIGIN}/events/${EVENT_ID}/lists`, { headers: { Cookie: cookie } });
  if (!response.ok) throw new Error(`the page's lists answered ${response.status}`);
  const rest = await response.json();
  return { ...page, ...Object.fromEntries(Object.values(LISTS).map((list) => [list, rest[list]])) };
}

function stateOf(data) {
  const state = { event: Object.fromEntries(EVENT_FIELDS.map((field) => [field, data.event[field]])) };
  for (const list of Object.values(LISTS)) state[list] = new Map(data[list].map((row) => [row.id, row]));
  return state;
}

/** A change from the room, applied as the page applies it (use-live-room.ts applyToList, use-live-event.ts). */
function applyChange(state, change) {
  if (change.entity === "event") {
    if (change.op === "upsert" && change.rows?.[0]) for (const field of EVENT_FIELDS) if (field in change.rows[0]) state.event[field] = change.rows[0][field];
    return;
  }
  const rows = state[LISTS[change.entity]];
  if (!rows) return; // team, client_access: not compared here
  if (change.op === "delete") {
    for (const id of change.ids ?? []) rows.delete(id);
    return;
  }
  for (const incoming of change.rows ?? []) {
    const current = rows.get(incoming.id);
    // Two saves racing to the room may arrive in the other order: the newer row wins.
    if (!current || !current.updatedAt || !incoming.updatedAt || incoming.updatedAt >= current.updatedAt) rows.set(incoming.id, { ...current, ...incoming });
  }
}

const canonical = (value) => JSON.stringify(value, (_key, v) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

/** Where two copies differ, as short descriptions (empty: equal). */
function differences(a, b, limit = 5) {
  const found = [];
  for (const field of EVENT_FIELDS) if (a.event[field] !== b.event[field]) found.push(`event.${field}: ${JSON.stringify(a.event[field])} vs ${JSON.stringify(b.event[field])}`);
  for (const list of Object.values(LISTS)) {
    for (const [id, row] of a[list]) {
      if (found.length >= limit) return found;
      const other = b[list].get(id);
      if (!other) found.push(`${list} ${id}: only in the first`);
      else if (canonical(row) !== canonical(other)) {
        const fields = [...new Set([...Object.keys(row), ...Object.keys(other)])].filter((field) => canonical(row[field]) !== canonical(other[field]));
        found.push(`${list} ${id} ${fields.map((field) => `${field} ${JSON.stringify(row[field])} vs ${JSON.stringify(other[field])}`).join(", ")}`);
      }
    }
    for (const id of b[list].keys()) if (!a[list].has(id) && found.length < limit) found.push(`${list} ${id}: only in the second`);
  }
  return found;
}

// ---------------------------------------------------------------- a device

const ledger = new Map(); // mutation id -> { device, mutation, answers: [{ result, dropped }] }
const counts = { pageReadsRetried: 0, requests: 0, sends: 0, lostAnswers: 0, offlineSpells: 0, droppedSockets: 0, gapReconnects: 0, reloads: 0, sendErrors: [] };
let finished = false;
/** Set when the run cannot go on (an outbox answered with an error): every wait ends with it. */
let fatal = null;

function makeDevice(index, account, cookie, data) {
  return { index, account, cookie, state: stateOf(data), lastSeq: data.seq, outbox: [], online: true, spell: 0, ws: null, live: false, reloading: false, lastConnectAt: 0 };
}

function connect(device) {
  if (device.ws || finished) return;
  device.lastConnectAt = performance.now();
  device.live = false;
  const ws = openLiveSocket(`ws://127.0.0.1:${PORT}/live/events/${EVENT_ID}`, { Cookie: device.cookie, Origin: ORIGIN }, {
    since: () => device.lastSeq,
    onMessage: (message) => onRoomMessage(device, ws, message),
  });
  device.ws = ws;
  ws.on("error", () => {}); // a close follows
  ws.on("close", () => {
    if (device.ws !== ws) return;
    device.ws = null;
    device.live = false;
    if (device.online && !finished) setTimeout(() => connect(device), 50 + random() * 250);
  });
}

function onRoomMessage(device, ws, message) {
  if (device.reloading || device.ws !== ws) return;
  switch (message.type) {
    case "change":
    case "skip":
      if (message.seq <= device.lastSeq) return; // already applied (a replay overlap)
      if (message.seq !== device.lastSeq + 1) {
        counts.gapReconnects++;
        return ws.close(4000, "gap"); // reconnect: the room replays
      }
      device.lastSeq = message.seq;
      if (message.type === "change") applyChange(device.state, message.change);
      return;
    case "live":
      device.live = true;
      return;
    case "reload":
      counts.reloads++;
      return reload(device, ws);
    case "error":
      console.warn(`device ${device.index}: the room says ${message.message}`);
  }
}

/** The gap is larger than the room's log: read the page again, then hello from its sequence. */
async function reload(device, ws) {
  device.reloading = true;
  try {
    const data = await readPage(device.cookie);
    device.state = stateOf(data);
    device.lastSeq = data.seq;
  } finally {
    device.reloading = false;
  }
  if (device.ws === ws && ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: "hello", since: device.lastSeq }));
  else ws.close();
}

function goOffline(device) {
  device.online = false;
  device.spell++;
  counts.offlineSpells++;
  device.ws?.terminate(); // no signal: the socket just dies
  device.back = setTimeout(() => comeBack(device), between(OFFLINE_MS));
}

function comeBack(device) {
  clearTimeout(device.back);
  if (device.online) return;
  device.online = true;
  connect(device);
}

/** What the device sees: its copy of the event with its own pending changes on top. */
function viewOf(device) {
  const view = {};
  for (const [kind, list] of Object.entries(LISTS)) view[kind] = new Map([...device.state[list]].map(([id, row]) => [id, { row, synced: row }]));
  for (const { mutation, kind, row } of device.outbox.map((m) => ledger.get(m.id).pending)) {
    if (!kind) continue;
    if (mutation.name.startsWith("delete-")) view[kind].delete(mutation.args.id);
    else if (mutation.name.startsWith("add-")) view[kind].set(mutation.args.id, { row, synced: row });
    else if (view[kind].has(mutation.args.id)) view[kind].get(mutation.args.id).row = row;
  }
  return view;
}

/** The device's next mutation: a weighted choice among its role's, on a row it sees. */
function nextMutation(device) {
  const view = viewOf(device);
  const weights = Object.entries(WEIGHTS[device.account.role]).filter(([name]) => !WITHOUT.has(name));
  let roll = random() * weights.reduce((sum, [, weight]) => sum + weight, 0);
  const [name] = weights.find(([, weight]) => (roll -= weight) < 0) ?? weights[0];
  const [verb, noun] = name.split("-");
  const id = randomUUID();
  if (noun === "event") {
    const values = { ...device.state.event, ...(random() < 0.5 ? { title: `${word()} Wedding` } : { venue: word() }) };
    const form = { title: values.title, coupleNames: values.coupleNames ?? "", date: values.date, venue: values.venue ?? "", status: "auto" };
    return { mutation: { id, name, args: { values: form, base: baseOf(["title", "coupleNames", "venue"], device.state.event) } } };
  }
  const kind = noun;
  const rows = [...view[kind].entries()];
  if (verb === "add") {
    const row = newValues(kind);
    return { mutation: { id, name, args: { id: randomUUID(), values: formOf(kind, row) } }, kind, row };
  }
  // Deletes keep a few rows in each list; nothing to change in an empty one.
  if (!rows.length || (verb === "delete" && rows.length < 5)) return null;
  const [rowId, { row, synced }] = pick(rows);
  if (verb === "delete") return { mutation: { id, name, args: { id: rowId } }, kind };
  if (verb === "move") return { mutation: { id, name, args: { id: rowId, direction: random() < 0.5 ? "up" : "down" } }, kind: null };
  if (verb === "toggle") {
    const done = !row.isDone; // the desired state, as the device sees the row
    return { mutation: { id, name, args: { id: rowId, done } }, kind, row: { ...row, isDone: done } };
  }
  const edited = editedValues(kind, row);
  return { mutation: { id, name, args: { id: rowId, values: formOf(kind, edited), base: baseOf(FIELDS[kind], synced) } }, kind, row: edited };
}

/** Makes the device's mutations, with its offline spells and dropped sockets. */
async function makeMutations(device) {
  let made = 0;
  while (made < MUTATIONS && !fatal) {
    await sleep(random() * 2 * INTERVAL_MS);
    if (device.online && random() < P_OFFLINE) goOffline(device);
    else if (device.online && device.ws && random() < P_DROP_SOCKET) {
      counts.droppedSockets++;
      device.ws.terminate();
    }
    const next = nextMutation(device);
    if (!next) continue;
    ledger.set(next.mutation.id, { device: device.index, mutation: next.mutation, pending: { ...next, mutation: next.mutation }, answers: [] });
    device.outbox.push(next.mutation);
    made++;
  }
}

/** Sends the outbox in order, a chunk at a time, while online. */
async function sendOutbox(device) {
  while (!finished) {
    if (!device.online || !device.outbox.length) {
      await sleep(5);
      continue;
    }
    const chunk = device.outbox.slice(0, CHUNK);
    const spell = device.spell;
    let body;
    try {
      const response = await fetch(`${ORIGIN}/events/${EVENT_ID}/mutations`, {
        method: "POST",
        body: new URLSearchParams({ mutations: JSON.stringify(chunk) }),
        headers: { Cookie: device.cookie, Origin: ORIGIN },
      });
      body = await response.json();
      // Any other answer is the bench's fault or the server's: the run stops and says so.
      if (response.status !== 200) fatal = new Error(`device ${device.index}: the outbox was answered ${response.status} ${JSON.stringify(body)}`);
    } catch (error) {
      counts.sendErrors.push(String(error));
      await sleep(200);
      continue;
    }
    if (fatal) return;
    counts.requests++;
    counts.sends += chunk.length;
    // The answer is lost at random, or because the signal went while it was on its way.
    const dropped = device.spell !== spell || random() < P_LOST_ANSWER;
    for (const [i, result] of body.results.entries()) ledger.get(chunk[i].id).answers.push({ result, dropped });
    if (dropped) {
      counts.lostAnswers++;
      await sleep(50 + random() * 450);
      continue;
    }
    device.outbox.splice(0, body.results.length);
  }
}

async function until(condition, timeoutMs, what) {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (fatal) throw fatal;
    if (performance.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s`);
    await sleep(10);
  }
}

// ---------------------------------------------------------------- setup

/** Sam, a second shooter who accepted (as the seed's Alex): written into the D1 before the run. */
function addShooter() {
  d1(
    `INSERT INTO users (id, email, password_hash, email_confirmed_at) SELECT '${SHOOTER.id}', '${SHOOTER.email}', password_hash, email_confirmed_at FROM users WHERE email = '${DEMO_EMAIL}'; ` +
      `INSERT INTO profiles (user_id, first_name, last_name, email) VALUES ('${SHOOTER.id}', '${SHOOTER.firstName}', '${SHOOTER.lastName}', '${SHOOTER.email}'); ` +
      `INSERT INTO notification_preferences (user_id, upcoming_events, event_reminder_days) VALUES ('${SHOOTER.id}', 1, 1); ` +
      `INSERT INTO event_second_shooters (id, event_id, user_id, shooter_type, status, coverage_hours) VALUES ('00000000-0000-4000-8005-0000000be001', '${EVENT_ID}', '${SHOOTER.id}', 'second_shooter', 'accepted', 8);`,
  );
}

// ---------------------------------------------------------------- the checks

/** The applied mutations' answered rows, replayed in D1's commit order onto the data read at the start. */
function replayInCommitOrder(start, applied) {
  const state = { event: { ...start.event } };
  for (const list of Object.values(LISTS)) state[list] = new Map(start[list]);
  for (const { mutation, result } of applied) {
    const [verb, noun] = mutation.name.split("-");
    if (noun === "event") {
      for (const field of EVENT_FIELDS) state.event[field] = result.row[field];
      continue;
    }
    const rows = state[LISTS[noun]];
    if (verb === "delete") rows.delete(mutation.args.id);
    else for (const row of result.rows?.length ? result.rows : [result.row]) rows.set(row.id, row);
  }
  return state;
}

function check({ start, truth, userIds, records, roomChanges }) {
  const refused = {};
  let applied = 0;
  let conflicts = 0;
  let replays = 0;
  let retold = 0;
  let unanswered = 0;
  let resentApplied = 0;
  let appliedAgain = 0;
  let answeredOtherwise = 0;
  const refusedThenReplayed = [];
  const notReplayedExamples = [];
  const firstApplied = [];
  for (const entry of ledger.values()) {
    const seen = entry.answers.filter((answer) => !answer.dropped);
    const last = seen.at(-1)?.result;
    if (!last) {
      unanswered++;
      continue;
    }
    replays += entry.answers.filter((answer) => answer.result.replay).length;
    // Each repeat tells the room the row as it is now (decision 010), also when its answer was lost.
    retold += entry.answers.filter((answer) => answer.result.replay).length;
    const first = entry.answers.findIndex((answer) => answer.result.status === "applied");
    // Answered refused, and later answered as a repeat of an applied one: it had changed D1.
    if (first > 0 && entry.answers[first].result.replay && entry.answers.slice(0, first).some((answer) => answer.result.status === "refused")) {
      refusedThenReplayed.push(entry.mutation.name);
    }
    if (first === -1) {
      const reason = `${last.code} ${last.message} (${entry.mutation.name})`;
      refused[reason] = (refused[reason] ?? 0) + 1;
      continue;
    }
    const result = entry.answers[first].result;
    applied++;
    if (result.conflicts?.length) conflicts++;
    // A move that changed nothing tells the room nothing (its repeat does: it tells every repeat's row).
    const noop = entry.mutation.name === "move-block" && !result.row;
    if (!noop) firstApplied.push({ ...entry, result });
    for (const later of entry.answers.slice(first + 1)) {
      resentApplied++;
      if (later.result.replay) continue;
      // Not answered as a repeat: applied again with a row, it changed D1 a second time
      // (duplicated); otherwise (refused, or a move that changed nothing) answered unlike the first.
      const again = later.result.status === "applied" && !!later.result.row;
      if (again) appliedAgain++;
      else answeredOtherwise++;
      notReplayedExamples.push(`${entry.mutation.name}: ${entry.answers.map(({ result, dropped }) => `${result.status}${result.replay ? " replay" : ""}${result.code ? ` ${result.code}` : ""}${result.row ? "" : " (no row)"}${dropped ? " (answer lost)" : ""}`).join(", then ")}`);
    }
  }

  // D1's commit order: the rowid of each mutation's record (key: the sender, then a sha256
  // of the event and the id; decision 010).
  const order = new Map(records.map((record) => [record.key, record.n]));
  const keyOf = (entry) => `user:${userIds[entry.device]}:${createHash("sha256").update(`${EVENT_ID}:${entry.mutation.id}`).digest("hex")}`;
  let withoutRecord = 0;
  for (const entry of firstApplied) {
    entry.n = order.get(keyOf(entry));
    if (entry.n === undefined) withoutRecord++;
  }
  const replayed = replayInCommitOrder(start, firstApplied.filter((entry) => entry.n !== undefined).sort((a, b) => a.n - b.n));
  const effectsMissing = differences(replayed, truth, Infinity);

  const duplicateRows = d1(
    `SELECT id, COUNT(*) AS n FROM (${["timeline_blocks", "shot_list_items", "event_people", "event_vendors"].map((table) => `SELECT id FROM ${table} WHERE event_id = '${EVENT_ID}'`).join(" UNION ALL ")}) GROUP BY id HAVING n > 1`,
    { json: true },
  ).length;
  // The room hears each applied change once, and each repeat once more (the row as it is then).
  const expectedRoomChanges = firstApplied.length + retold;
  const extraRoomChanges = Math.max(0, roomChanges - expectedRoomChanges);
  const missingRoomChanges = Math.max(0, expectedRoomChanges - roomChanges);
  return {
    made: ledger.size,
    applied,
    appliedWithConflicts: conflicts,
    refused,
    refusedTotal: Object.values(refused).reduce((sum, n) => sum + n, 0),
    replaysAnswered: replays,
    resentAfterApplied: resentApplied,
    repeatsAnsweredUnlikeTheFirst: answeredOtherwise,
    roomChanges,
    roomChangesOfRepeats: retold,
    lost: unanswered + withoutRecord + effectsMissing.length + missingRoomChanges,
    lostDetail: { unanswered, appliedWithoutRecord: withoutRecord, rowsNotAsApplied: effectsMissing.length, missingRoomChanges },
    rowsNotAsAppliedExamples: effectsMissing.slice(0, 5),
    refusedThenReplayed,
    duplicated: appliedAgain + duplicateRows + extraRoomChanges,
    duplicatedDetail: { repeatAppliedAgain: appliedAgain, rowsSharingAnId: duplicateRows, extraRoomChanges },
    notAnsweredReplayExamples: notReplayedExamples.slice(0, 5),
  };
}

// ---------------------------------------------------------------- run

async function main() {
  const startedAt = performance.now();
  console.log(`bench:offline: ${DEVICES} devices x ${MUTATIONS} mutations, seed ${SEED}; starting the app on ${ORIGIN}…`);
  const app = await startApp({ port: PORT });
  let report;
  let failed = false;
  try {
    addShooter();
    const users = d1(`SELECT id, email FROM users WHERE email IN (${ACCOUNTS.map((a) => `'${a.email}'`).join(", ")})`, { json: true });
    const leadCookie = await signIn(ORIGIN); // the real sign-in form, once; devices get sessions of their own
    const accounts = Array.from({ length: DEVICES }, (_, i) => ACCOUNTS[i % ACCOUNTS.length]);
    const cookies = ACCOUNTS.map((account) => sessionCookies(accounts.filter((a) => a === account).length, account.email));
    const startData = await readPage(leadCookie);
    const start = stateOf(startData);
    const devices = [];
    for (const [i, account] of accounts.entries()) {
      const cookie = cookies[ACCOUNTS.indexOf(account)].shift();
      devices.push(makeDevice(i, account, cookie, await readPage(cookie)));
    }
    const userIds = accounts.map((account) => users.find((user) => user.email === account.email).id);
    for (const device of devices) connect(device);
    await until(() => devices.every((device) => device.live), 30_000, "not every device's socket was live");

    console.log("every device is live; making mutations…");
    const runStart = performance.now();
    const senders = devices.map(sendOutbox);
    const progress = setInterval(() => {
      const queued = devices.reduce((n, d) => n + d.outbox.length, 0);
      console.log(`  ${((performance.now() - runStart) / 1000).toFixed(0)} s: ${ledger.size} made, ${queued} queued, ${devices.filter((d) => !d.online).length} offline`);
    }, 10_000);
    await Promise.all(devices.map(makeMutations));
    const madeAt = performance.now();
    for (const device of devices) comeBack(device);
    const lastReconnect = Math.max(...devices.map((device) => device.lastConnectAt));
    await until(() => devices.every((device) => device.outbox.length === 0), 30 * 60_000, "the outboxes did not drain");
    const drainedAt = performance.now();
    clearInterval(progress);
    const truthData = await readPage(leadCookie);
    const truth = stateOf(truthData);
    let agreeAt = null;
    try {
      await until(() => devices.every((device) => device.live && !device.reloading && differences(device.state, truth, 1).length === 0), 120_000, "the devices did not agree with D1");
      agreeAt = performance.now();
    } catch (error) {
      failed = true;
      console.error(error.message);
      for (const device of devices) {
        const found = differences(device.state, truth, 3);
        if (found.length) console.error(`device ${device.index} (${device.account.role}, seq ${device.lastSeq}): ${found.join("; ")}`);
      }
    }
    finished = true;
    await Promise.all(senders);
    for (const device of devices) device.ws?.close();

    const records = d1(`SELECT rowid AS n, key FROM applied_mutations WHERE event_id = '${EVENT_ID}'`, { json: true });
    const roomChanges = Math.max(...devices.map((device) => device.lastSeq)) - startData.seq;
    const figures = check({ start, truth, userIds, records, roomChanges });
    report = {
      measuredAt: new Date().toISOString(),
      devices: DEVICES,
      mutationsPerDevice: MUTATIONS,
      intervalMs: INTERVAL_MS,
      without: [...WITHOUT],
      seed: SEED,
      accounts: ACCOUNTS.map((account) => ({ role: account.role, devices: accounts.filter((a) => a === account).length })),
      ...figures,
      sent: counts.sends,
      requests: counts.requests,
      lostAnswersSimulated: counts.lostAnswers,
      offlineSpells: counts.offlineSpells,
      droppedSockets: counts.droppedSockets,
      gapReconnects: counts.gapReconnects,
      reloads: counts.reloads,
      pageReadsRetried: counts.pageReadsRetried,
      sendErrors: counts.sendErrors.length,
      finalRows: Object.fromEntries(Object.values(LISTS).map((list) => [list, truth[list].size])),
      makingSeconds: (madeAt - runStart) / 1000,
      drainSecondsAfterLastReconnect: (drainedAt - lastReconnect) / 1000,
      convergeSecondsAfterLastReconnect: agreeAt === null ? null : (agreeAt - lastReconnect) / 1000,
      totalSeconds: (performance.now() - startedAt) / 1000,
      // Others' tests share this machine's 2 cores: the load says how busy it was.
      loadAverageAtEnd: loadavg().map((n) => Number(n.toFixed(1))),
      everyDeviceAgrees: agreeAt !== null,
    };
    if (counts.sendErrors.length) console.error(`send errors (first 3): ${counts.sendErrors.slice(0, 3).join(" | ")}`);
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    finished = true;
    app.kill("SIGTERM");
  }
  if (!report) process.exit(1);
  print(report);
  mkdirSync("tests/.results", { recursive: true });
  writeFileSync("tests/.results/bench-offline.json", JSON.stringify(report, null, 2));
  process.exit(failed || report.lost > 0 || report.duplicated > 0 || report.refusedThenReplayed.length > 0 || report.repeatsAnsweredUnlikeTheFirst > 0 || !report.everyDeviceAgrees ? 1 : 0);
}

function print(r) {
  const s = (seconds) => (seconds === null ? "never" : `${seconds.toFixed(2)} s`);
  console.log(`\nOffline: ${r.devices} devices (${r.accounts.map((a) => `${a.devices} ${a.role}`).join(", ")}) x ${r.mutationsPerDevice} mutations, seed ${r.seed}, one every ${r.intervalMs} ms on average${r.without.length ? `, without ${r.without.join(", ")}` : ""}`);
  console.log(`  mutations made:        ${r.made}`);
  console.log(`  mutations sent:        ${r.sent} in ${r.requests} requests (${r.lostAnswersSimulated} answers lost on the way, their chunks sent again)`);
  console.log(`  applied:               ${r.applied} (${r.appliedWithConflicts} with a field kept at another device's value)`);
  console.log(`  refused:               ${r.refusedTotal}`);
  for (const [reason, n] of Object.entries(r.refused).sort((a, b) => b[1] - a[1])) console.log(`    ${String(n).padStart(6)}  ${reason}`);
  console.log(`  replays answered:      ${r.replaysAnswered} (of ${r.resentAfterApplied} applied mutations sent again; ${r.repeatsAnsweredUnlikeTheFirst} of those answered neither as a repeat nor as applied again)`);
  console.log(`  room changes:          ${r.roomChanges}; offline spells ${r.offlineSpells}, dropped sockets ${r.droppedSockets}, gap reconnects ${r.gapReconnects}, page reloads ${r.reloads} (page reads retried after a cut connection: ${r.pageReadsRetried})`);
  console.log(`  lost:                  ${r.lost} ${JSON.stringify(r.lostDetail)}`);
  console.log(`  duplicated:            ${r.duplicated} ${JSON.stringify(r.duplicatedDetail)}`);
  for (const example of r.notAnsweredReplayExamples) console.log(`    sent again, not answered replay: ${example}`);
  for (const example of r.rowsNotAsAppliedExamples) console.log(`    D1 vs the applied answers: ${example}`);
  if (r.refusedThenReplayed.length) console.log(`  answered refused, later answered as an applied repeat: ${r.refusedThenReplayed.length} (${r.refusedThenReplayed.join(", ")})`);
  console.log(`  making the mutations:  ${s(r.makingSeconds)}`);
  console.log(`  after the last reconnect: outboxes drained in ${s(r.drainSecondsAfterLastReconnect)}, every device agrees with D1 after ${s(r.convergeSecondsAfterLastReconnect)}`);
  console.log(`  final rows: ${Object.entries(r.finalRows).map(([list, n]) => `${n} ${list}`).join(", ")}; total ${s(r.totalSeconds)}; load average at the end ${r.loadAverageAtEnd.join(" / ")}`);
}

await main();
