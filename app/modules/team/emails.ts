import type { InviteType } from "~/db/enums";
import { formatBlockStart, type HourCycle } from "~/modules/timeline/span";
import { coverageOf, type DayBounds, invitationTimes } from "./invite-times";
import { formatEventDate } from "~/modules/event/format";
import type { OutgoingEmail } from "~/utils/email.server";
import { emailLayout, plain } from "~/utils/email-layout";
import { positionLabel } from "./schema";

type EventFacts = { title: string; date: string; venue: string | null; coupleNames: string | null };

const INVITE_LINK = "{{invite_link}}";

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

function eventLines(facts: EventFacts) {
  const event = plain(facts);
  return [
    `Event: ${event.title}`,
    event.coupleNames ? `Couple: ${event.coupleNames}` : null,
    `Date: ${formatEventDate(event.date)}`,
    event.venue ? `Venue: ${event.venue}` : null,
  ];
}

/**
 * The invitation of a second or associate shooter (docs/product/flows.md#invitations): who invites,
 * the event, the position, coverage and times, and the acceptance link. The link
 * carries the invitation's secret, which is stored nowhere: the e-mail holds the
 * `{{invite_link}}` placeholder, filled in when it is sent.
 */
export function shooterInviteEmail(input: {
  to: string;
  inviteeName: string | null;
  inviterName: string;
  inviteType: InviteType;
  event: EventFacts;
  coverageHours: number | null;
  startTime: string | null;
  endTime: string | null;
  /** The event's timeline, for the times and coverage the invitation leaves out. */
  day: DayBounds;
  /** The recipient's clock (their 'Time format'; the inviter's when the address has no account). */
  hourCycle: HourCycle;
}): OutgoingEmail {
  input = { ...plain(input), event: plain(input.event), day: input.day };
  const times = invitationTimes(input, input.day, input.hourCycle);
  const coverage = coverageOf(input.coverageHours, input.day);
  const position = positionLabel(input.inviteType);
  const greeting = `Hi ${input.inviteeName ?? "there"},`;
  const intro = `${input.inviterName} invited you to join ${input.event.title} as ${position}.`;
  const details = [
    ...eventLines(input.event),
    `Position: ${position}`,
    input.coverageHours !== null || coverage > 0 ? `Coverage: ${coverage} ${coverage === 1 ? "hour" : "hours"}` : null,
    times.start ? `Start time: ${times.start}` : null,
    times.end ? `End time: ${times.end}` : null,
  ].filter((line): line is string => line !== null);
  const free = "Joining is free: you don't need a subscription to work on events you are invited to.";
  const footer = "If you weren't expecting this invitation, you can ignore this email.";
  return {
    to: input.to,
    kind: "team_invite",
    subject: oneLine(`${input.inviterName} invited you to ${input.event.title}`),
    text: [greeting, "", intro, "", ...details, "", `Accept or decline: ${INVITE_LINK}`, "", free, "", footer].join("\n"),
    html: emailLayout(`You're invited to ${input.event.title}`, [greeting, intro, ...details, free], { label: "View Invitation", url: INVITE_LINK }, footer),
  };
}

/**
 * The private link of a client (docs/product/flows.md#client-links). The link carries the
 * token, which is stored nowhere: the e-mail holds the `{{client_link}}` placeholder,
 * filled in when it is sent (see fillPlaceholders).
 */
export function clientAccessEmail(input: { to: string; inviterName: string; event: EventFacts; canEdit: string[] }): OutgoingEmail {
  input = { ...plain(input), event: plain(input.event) };
  const intro = `${input.inviterName} shared the plan of ${input.event.title} with you.`;
  const rights = input.canEdit.length
    ? `You can view the event and edit: ${input.canEdit.join(", ")}.`
    : "You can view the timeline, shot list, people and vendors of the event.";
  const details = eventLines(input.event).filter((line): line is string => line !== null);
  const footer = "This link is private: anyone who has it can open your event, so please don't forward it.";
  return {
    to: input.to,
    kind: "client_access",
    subject: oneLine(`Your event plan: ${input.event.title}`),
    text: ["Hello,", "", intro, rights, "", ...details, "", "Open your event (no account needed): {{client_link}}", "", footer].join("\n"),
    html: emailLayout(`Your event plan: ${input.event.title}`, [intro, rights, ...details], { label: "Open Your Event", url: "{{client_link}}" }, footer),
  };
}

/**
 * The reminder of an upcoming event (decision 009): the event, its
 * date, the day's first block and the venue, and a link to the event.
 */
export function eventReminderEmail(input: {
  to: string;
  firstName: string | null;
  event: EventFacts;
  /** 'Tomorrow' or 'In 3 days'. */
  when: string;
  firstBlock: { title: string; startTime: string | null } | null;
  url: string;
  /** The recipient's clock. */
  hourCycle: HourCycle;
}): OutgoingEmail {
  input = { ...plain(input), event: plain(input.event), firstBlock: input.firstBlock && plain(input.firstBlock) };
  const greeting = `Hi ${input.firstName ?? "there"},`;
  const intro = `${input.when}: ${input.event.title} on ${formatEventDate(input.event.date)}.`;
  const block = input.firstBlock;
  const details = [
    ...eventLines(input.event),
    block ? `First on the timeline: ${block.startTime ? `${block.title} at ${formatBlockStart(block.startTime, input.hourCycle)}` : block.title}` : null,
  ].filter((line): line is string => line !== null);
  const footer = "You get this reminder because upcoming event reminders are on in Settings → Notifications.";
  return {
    to: input.to,
    kind: "event_reminder",
    subject: oneLine(`Reminder: ${input.event.title} is ${input.when === "Tomorrow" ? "tomorrow" : input.when.toLowerCase()}`),
    text: [greeting, "", intro, "", ...details, "", `Open the event: ${input.url}`, "", footer].join("\n"),
    html: emailLayout(`Upcoming event: ${input.event.title}`, [greeting, intro, ...details], { label: "Open Event", url: input.url }, footer),
  };
}
