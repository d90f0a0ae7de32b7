import type { MutationName } from "~/modules/event/mutation-names";

// The strings of offline writing (decision 010) that come with a server's
// answer: the success toasts, a send that ended (access, session), a conflict. They load
// with the outbox's sender (outbox-sender.tsx), never in a page's first JavaScript
// (decision 014); the forms' answers without JavaScript use the same
// words (dashboard-actions.server.ts). Client-safe.

/**
 * docs/product/messages.md#success-messages's success toasts, shown when the server applies the mutation. The same words
 * as the forms' answers without JavaScript, which read them from here (formMutation).
 */
export const SAVED_TOAST: Partial<Record<MutationName, string>> = {
  "add-block": "Timeline block added",
  "edit-block": "Timeline block updated",
  "delete-block": "Timeline block deleted",
  "shift-block": "Timeline shifted",
  "assign-block": "Assignments saved",
  "assign-shot": "Assignments saved",
  "add-shot": "Shot added",
  "edit-shot": "Shot updated",
  "delete-shot": "Shot deleted",
  "group-shot": "Grouping added",
  "regroup-shot": "Grouping updated",
  "add-person": "Person added",
  "edit-person": "Person updated",
  "delete-person": "Person removed",
  "add-vendor": "Vendor added",
  "edit-vendor": "Vendor updated",
  "delete-vendor": "Vendor deleted",
  "edit-event": "Event updated successfully.",
};

/** The device lost access to the event while changes waited (404: removed, revoked, deleted). */
export function accessEndedToast(count: number) {
  const lost = count === 1 ? "The change waiting on this device was not saved." : `The ${count} changes waiting on this device were not saved.`;
  return { title: "You no longer have access to this event", description: lost };
}

/** The session ended while changes waited (401): they are kept for their owner. */
export function signedOutToast(count: number) {
  const waiting = count === 1 ? "1 change waits on this device." : `${count} changes wait on this device.`;
  return { title: "You were signed out", description: `${waiting} Sign in again to send ${count === 1 ? "it" : "them"}.` };
}

/** A field someone else changed after this device last synced it (decision 010). */
export const CONFLICT = {
  heading: "Someone else changed this too",
  intro: "Their change was kept. Your change:",
  saved: "Saved now",
  yours: "Yours",
  applyMine: "Apply mine",
  dismiss: "Keep theirs",
  empty: "(empty)",
};

/** The form labels of the fields a conflict can name, per list (the dialogs' own). */
export const FIELD_LABELS: Record<string, Record<string, string>> = {
  block: { title: "Title", blockType: "Type", startTime: "Start Time", durationMinutes: "Duration (minutes)", location: "Location", notes: "Notes", teamNotes: "Team notes" },
  shot: { title: "Title", category: "Category", description: "Description", teamNotes: "Team notes", personIds: "People" },
  person: { firstName: "First Name", lastName: "Last Name", role: "Role", isVip: "VIP", pronunciation: "Pronunciation", notes: "Notes", teamNotes: "Team notes" },
  vendor: {
    vendorName: "Vendor Name",
    vendorType: "Vendor Type",
    companyName: "Company Name",
    email: "Email",
    phoneNumber: "Phone",
    website: "Website",
    instagramHandle: "Instagram",
    facebookHandle: "Facebook",
    twitterHandle: "X (Twitter)",
    tiktokHandle: "TikTok",
    notes: "Notes",
  },
  event: { title: "Event Title", coupleNames: "Couple Names", date: "Wedding Date", venue: "Venue", status: "Status", timeZone: "Time Zone", clientEditsLockOn: "Client edits lock on", venueLatitude: "Latitude", venueLongitude: "Longitude" },
};

/**
 * A form posted without JavaScript whose fields someone else changed meanwhile: what was
 * kept, field by field, and how to apply this device's values again (the dialog stays open
 * with them, on the row as it is now).
 */
export function conflictToast(kind: string, conflicts: Array<{ field: string; theirs: unknown; mine: unknown }>) {
  const shown = (value: unknown) => (value === null || value === undefined || value === "" ? CONFLICT.empty : typeof value === "boolean" ? (value ? "Yes" : "No") : `“${String(value)}”`);
  const fields = conflicts.map(({ field, theirs, mine }) => `${FIELD_LABELS[kind]?.[field] ?? field}: ${CONFLICT.saved.toLowerCase()} ${shown(theirs)}; ${CONFLICT.yours.toLowerCase()} ${shown(mine)}`);
  return { title: CONFLICT.heading, description: `${CONFLICT.intro.replace("Your change:", "").trim()} ${fields.join(". ")}. Save again to apply yours.` };
}
