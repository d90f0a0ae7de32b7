import type { OutgoingEmail } from "~/utils/email.server";
import { emailLayout as layout, plain } from "~/utils/email-layout";

export function confirmationEmail(to: string, firstName: string, url: string): OutgoingEmail {
  const intro = `Hi ${plain({ firstName }).firstName}, welcome to Event Flow.`;
  const body = "Please confirm your email address so your team invitations and account notices reach you.";
  const footer = "If you did not create an Event Flow account, you can ignore this email.";
  return {
    to,
    kind: "email_confirmation",
    subject: "Confirm your Event Flow email address",
    text: `${intro}\n\n${body}\n\nConfirm your email: ${url}\n\nThis link expires in 7 days.\n\n${footer}`,
    html: layout("Confirm your email address", [intro, body, "This link expires in 7 days."], { label: "Confirm email", url }, footer),
  };
}

export function passwordResetEmail(to: string, url: string): OutgoingEmail {
  const body = "We received a request to reset the password of your Event Flow account.";
  const footer = "If you did not ask for this, you can ignore this email: your password stays the same.";
  return {
    to,
    kind: "password_reset",
    subject: "Reset your Event Flow password",
    text: `${body}\n\nChoose a new password: ${url}\n\nThis link expires in 1 hour and works once.\n\n${footer}`,
    html: layout("Reset your password", [body, "This link expires in 1 hour and works once."], { label: "Choose a new password", url }, footer),
  };
}

/** docs/product/notifications.md#types: the bell and the e-mail of an event whose lead deleted their account. */
export const EVENT_REMOVED_TITLE = "Event Removed";
export const eventRemovedMessage = (title: string) => `The event "${title}" was removed by its photographer`;

export function eventRemovedEmail(to: string, title: string): OutgoingEmail {
  const line = eventRemovedMessage(plain({ title }).title);
  const body = "Its timeline, shot list, people and vendors are no longer available in Event Flow, and its links no longer open.";
  const footer = "You get this e-mail because you were on this event's team or had its client link.";
  return {
    to,
    kind: "event_removed",
    subject: line.replace(/\s+/g, " "),
    text: `${line}.\n\n${body}\n\n${footer}`,
    // Nothing to open: the event it tells of is gone.
    html: layout(line, [body], null, footer),
  };
}

/** The subject and the bell's title when a passkey is added (docs/product/notifications.md#security-notices). */
export const PASSKEY_ADDED_TITLE = "A passkey was added to your Event Flow account";

// Spelled out and in UTC ("Tuesday, July 14, 2026 at 9:30 AM UTC"): the reader's time zone is unknown.
const addedAtFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "short", timeZone: "UTC" });

/** When and on what a passkey was added, as the e-mail and the bell say it. */
export function passkeyAddedMessage(deviceName: string, addedAt: Date) {
  return `A passkey for ${plain({ deviceName }).deviceName} was added on ${addedAtFormat.format(addedAt)} UTC. It can sign in to your account without a password.`;
}

/**
 * docs/product/notifications.md#security-notices: a new way into the account is always
 * told to its owner, with the way to remove it, so a passkey planted from a stolen
 * session does not stay unseen.
 */
export function passkeyAddedEmail(to: string, deviceName: string, addedAt: Date, settingsUrl: string): OutgoingEmail {
  const body = passkeyAddedMessage(deviceName, addedAt);
  const advice = "If this was not you, remove the passkey in Settings and change your password.";
  const footer = "If you added it yourself, you can ignore this email.";
  return {
    to,
    kind: "passkey_added",
    subject: PASSKEY_ADDED_TITLE,
    text: `${body}\n\n${advice}\n\nSettings: ${settingsUrl}\n\n${footer}`,
    html: layout(PASSKEY_ADDED_TITLE, [body, advice], { label: "Review passkeys in Settings", url: settingsUrl }, footer),
  };
}
