import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  deviceSignIns,
  eventClientAccess,
  eventInvites,
  eventPeople,
  events,
  eventSecondShooters,
  eventVendors,
  nativePushTokens,
  notificationPreferences,
  calendarFeeds,
  eventTemplates,
  notifications,
  organizations,
  passkeys,
  profiles,
  pushSubscriptions,
  sessions,
  shooterContacts,
  shotListItems,
  timelineBlocks,
  users,
} from "~/db/schema";
import { listOrderBy } from "~/modules/event/lists.server";
import { eventStatus } from "~/modules/event/status";
import { batchNamed, type Db } from "~/utils/db.server";

// Settings → Account → 'Download my data' (docs/product/screens.md#account-card): everything
// D1 holds about one user, as readable JSON. Every column is chosen by name: a secret
// (a password or token hash, a push endpoint or its keys, a passkey's public key or
// credential id, a native push token, a WebAuthn challenge) never reaches the file, and a
// column added to a table later stays out until someone decides it belongs here.

/** Bumped when a field is renamed or removed, so a reader of an older file can tell. */
export const DATA_EXPORT_VERSION = 1;

/** The download's file name, dated by the UTC day it was made. */
export function dataExportFileName(now: Date) {
  return `event-flow-data-${now.toISOString().slice(0, 10)}.json`;
}

/** Every statement of the export, by name: one D1 batch, so the file is one consistent moment. */
function exportReads(db: Db, userId: string) {
  const led = db.select({ id: events.id }).from(events).where(eq(events.leadPhotographerId, userId));
  const lead = alias(profiles, "lead");
  const leadName = { leadFirstName: lead.firstName, leadLastName: lead.lastName, leadBusinessName: lead.businessName };
  return {
    account: db.select({ email: users.email, emailConfirmedAt: users.emailConfirmedAt, createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
    profile: db
      .select({
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        businessName: profiles.businessName,
        businessEmail: profiles.email,
        createdAt: profiles.createdAt,
        updatedAt: profiles.updatedAt,
        subscriptionStatus: profiles.subscriptionStatus,
        subscriptionType: profiles.subscriptionType,
        billingInterval: profiles.billingInterval,
        subscriptionExpiresAt: profiles.subscriptionExpiresAt,
        subscriptionCancelAtPeriodEnd: profiles.subscriptionCancelAtPeriodEnd,
        // Whether Stripe bills the user; its ids are Stripe's handles, of no use to the user.
        billedByStripe: sql<number>`${profiles.stripeSubscriptionId} IS NOT NULL`,
        storePlatform: profiles.storePlatform,
        storeProductId: profiles.storeProductId,
        storeEntitlementExpiresAt: profiles.storeEntitlementExpiresAt,
        storeBillingIssue: profiles.storeBillingIssue,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId)),
    organization: db.select({ name: organizations.name, createdAt: organizations.createdAt }).from(organizations).where(eq(organizations.ownerId, userId)),
    // Settings' 'Calendar feed': its choice and since when, never its link (a key).
    calendarFeed: db.select({ blocks: calendarFeeds.blocks, createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)),
    templates: db.select({ name: eventTemplates.name, body: eventTemplates.body, createdAt: eventTemplates.createdAt }).from(eventTemplates).where(eq(eventTemplates.userId, userId)),
    preferences: db
      .select({ upcomingEvents: notificationPreferences.upcomingEvents, eventReminderDays: notificationPreferences.eventReminderDays, updatedAt: notificationPreferences.updatedAt })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId)),
    contacts: db
      .select({
        shooterType: shooterContacts.shooterType,
        firstName: shooterContacts.firstName,
        lastName: shooterContacts.lastName,
        email: shooterContacts.email,
        phoneNumber: shooterContacts.phoneNumber,
        instagramHandle: shooterContacts.instagramHandle,
        notes: shooterContacts.notes,
        createdAt: shooterContacts.createdAt,
      })
      .from(shooterContacts)
      .where(eq(shooterContacts.userId, userId))
      .orderBy(asc(shooterContacts.createdAt), asc(shooterContacts.id)),
    notifications: db
      .select({
        title: notifications.title,
        message: notifications.message,
        read: notifications.read,
        // The kind only: the rest of `data` is links for the bell, not information about the user.
        type: sql<string | null>`json_extract(${notifications.data}, '$.type')`,
        eventId: notifications.eventId,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), asc(notifications.id)),
    pushDevices: db
      .select({ label: pushSubscriptions.deviceLabel, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt)),
    nativePushDevices: db
      .select({ label: nativePushTokens.deviceLabel, platform: nativePushTokens.platform, createdAt: nativePushTokens.createdAt, lastSeenAt: nativePushTokens.lastSeenAt })
      .from(nativePushTokens)
      .where(eq(nativePushTokens.userId, userId))
      .orderBy(asc(nativePushTokens.createdAt)),
    passkeys: db
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt)),
    deviceSignIns: db
      .select({ name: deviceSignIns.name, platform: deviceSignIns.platform, createdAt: deviceSignIns.createdAt, lastUsedAt: deviceSignIns.lastUsedAt, expiresAt: deviceSignIns.expiresAt })
      .from(deviceSignIns)
      .where(eq(deviceSignIns.userId, userId))
      .orderBy(asc(deviceSignIns.createdAt)),
    sessions: db
      .select({ createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt, persistent: sessions.persistent })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    ledEvents: db
      .select({
        id: events.id,
        title: events.title,
        coupleNames: events.coupleNames,
        date: events.date,
        venue: events.venue,
        timeZone: events.timeZone,
        statusOverride: events.statusOverride,
        createdAt: events.createdAt,
        updatedAt: events.updatedAt,
      })
      .from(events)
      .where(eq(events.leadPhotographerId, userId))
      .orderBy(asc(events.date), asc(events.id)),
    // A list's rows are the user's own content, whole (rowsOf drops the event id they sit under).
    blocks: db.select().from(timelineBlocks).where(inArray(timelineBlocks.eventId, led)).orderBy(...listOrderBy("block")),
    shots: db.select().from(shotListItems).where(inArray(shotListItems.eventId, led)).orderBy(...listOrderBy("shot")),
    people: db.select().from(eventPeople).where(inArray(eventPeople.eventId, led)).orderBy(...listOrderBy("person")),
    vendors: db.select().from(eventVendors).where(inArray(eventVendors.eventId, led)).orderBy(...listOrderBy("vendor")),
    members: db
      .select({
        eventId: eventSecondShooters.eventId,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        email: users.email,
        shooterType: eventSecondShooters.shooterType,
        status: eventSecondShooters.status,
        coverageHours: eventSecondShooters.coverageHours,
        createdAt: eventSecondShooters.createdAt,
      })
      .from(eventSecondShooters)
      .innerJoin(users, eq(users.id, eventSecondShooters.userId))
      .leftJoin(profiles, eq(profiles.userId, eventSecondShooters.userId))
      .where(inArray(eventSecondShooters.eventId, led))
      .orderBy(asc(eventSecondShooters.createdAt), asc(eventSecondShooters.id)),
    invites: db
      .select({
        eventId: eventInvites.eventId,
        email: eventInvites.email,
        inviteeName: eventInvites.inviteeName,
        inviteType: eventInvites.inviteType,
        status: eventInvites.status,
        coverageHours: eventInvites.coverageHours,
        startTime: eventInvites.startTime,
        endTime: eventInvites.endTime,
        createdAt: eventInvites.createdAt,
        acceptedAt: eventInvites.acceptedAt,
        respondedAt: eventInvites.respondedAt,
      })
      .from(eventInvites)
      .where(inArray(eventInvites.eventId, led))
      .orderBy(asc(eventInvites.createdAt), asc(eventInvites.id)),
    clientLinks: db
      .select({
        eventId: eventClientAccess.eventId,
        clientEmail: eventClientAccess.clientEmail,
        canEditPeople: eventClientAccess.canEditPeople,
        canEditTimeline: eventClientAccess.canEditTimeline,
        canEditShots: eventClientAccess.canEditShots,
        canEditVendors: eventClientAccess.canEditVendors,
        createdAt: eventClientAccess.createdAt,
        expiresAt: eventClientAccess.expiresAt,
      })
      .from(eventClientAccess)
      .where(inArray(eventClientAccess.eventId, led))
      .orderBy(asc(eventClientAccess.createdAt), asc(eventClientAccess.id)),
    memberships: db
      .select({
        eventTitle: events.title,
        eventDate: events.date,
        eventVenue: events.venue,
        ...leadName,
        shooterType: eventSecondShooters.shooterType,
        status: eventSecondShooters.status,
        coverageHours: eventSecondShooters.coverageHours,
        createdAt: eventSecondShooters.createdAt,
      })
      .from(eventSecondShooters)
      .innerJoin(events, eq(events.id, eventSecondShooters.eventId))
      .leftJoin(lead, eq(lead.userId, events.leadPhotographerId))
      .where(eq(eventSecondShooters.userId, userId))
      .orderBy(asc(events.date), asc(eventSecondShooters.id)),
    // Invitations sent to the account's address, in events of other leads (the user's own
    // events list theirs under the event).
    invitationsToMe: db
      .select({
        eventTitle: events.title,
        eventDate: events.date,
        ...leadName,
        inviteType: eventInvites.inviteType,
        status: eventInvites.status,
        coverageHours: eventInvites.coverageHours,
        startTime: eventInvites.startTime,
        endTime: eventInvites.endTime,
        createdAt: eventInvites.createdAt,
        respondedAt: eventInvites.respondedAt,
      })
      .from(eventInvites)
      .innerJoin(events, eq(events.id, eventInvites.eventId))
      .leftJoin(lead, eq(lead.userId, events.leadPhotographerId))
      .where(and(eq(eventInvites.email, sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${userId})`), sql`${events.leadPhotographerId} <> ${userId}`))
      .orderBy(asc(eventInvites.createdAt), asc(eventInvites.id)),
  };
}

const nameOf = (row: { leadFirstName: string | null; leadLastName: string | null; leadBusinessName: string | null }) =>
  row.leadBusinessName || [row.leadFirstName, row.leadLastName].filter(Boolean).join(" ") || null;

/** Rows of one event, without the event id they were grouped by. */
function rowsOf<T extends { eventId: string }>(rows: T[], eventId: string): Omit<T, "eventId">[] {
  return rows.filter((row) => row.eventId === eventId).map(({ eventId: _eventId, ...row }) => row);
}

/**
 * Everything D1 holds about `userId`, read in one round trip, as the download's JSON
 * value. Null when the account no longer exists.
 */
export async function exportUserData(db: Db, userId: string, now = new Date()) {
  const r = await batchNamed(db, exportReads(db, userId));
  const account = r.account[0];
  if (!account) return null;
  const profile = r.profile[0];
  return {
    format: "Event Flow account data",
    version: DATA_EXPORT_VERSION,
    exportedAt: now.toISOString(),
    account,
    profile: profile
      ? {
          firstName: profile.firstName,
          lastName: profile.lastName,
          businessName: profile.businessName,
          businessEmail: profile.businessEmail,
          createdAt: profile.createdAt,
          updatedAt: profile.updatedAt,
        }
      : null,
    organization: r.organization[0] ?? null,
    subscription: profile
      ? {
          status: profile.subscriptionStatus,
          type: profile.subscriptionType,
          billingInterval: profile.billingInterval,
          expiresAt: profile.subscriptionExpiresAt,
          cancelAtPeriodEnd: profile.subscriptionCancelAtPeriodEnd,
          billedByStripe: Boolean(profile.billedByStripe),
          store:
            profile.storePlatform || profile.storeProductId || profile.storeEntitlementExpiresAt
              ? { platform: profile.storePlatform, productId: profile.storeProductId, expiresAt: profile.storeEntitlementExpiresAt, billingIssue: profile.storeBillingIssue }
              : null,
        }
      : null,
    // The defaults when never saved (docs/product/limits.md#defaults-when-adding).
    notificationPreferences: r.preferences[0] ?? { upcomingEvents: true, eventReminderDays: 1, updatedAt: null },
    calendarFeed: r.calendarFeed[0] ?? null,
    templates: r.templates,
    contacts: r.contacts,
    notifications: r.notifications,
    devices: {
      pushBrowsers: r.pushDevices,
      pushApps: r.nativePushDevices,
      passkeys: r.passkeys,
      appSignIns: r.deviceSignIns,
      sessions: r.sessions,
    },
    eventsYouLead: r.ledEvents.map((event) => ({
      ...event,
      status: eventStatus(event, now),
      timeline: rowsOf(r.blocks, event.id),
      shots: rowsOf(r.shots, event.id),
      people: rowsOf(r.people, event.id),
      vendors: rowsOf(r.vendors, event.id),
      team: { members: rowsOf(r.members, event.id), invitations: rowsOf(r.invites, event.id) },
      clientLinks: rowsOf(r.clientLinks, event.id),
    })),
    eventsYouJoined: r.memberships.map(({ leadFirstName, leadLastName, leadBusinessName, ...membership }) => ({
      ...membership,
      leadPhotographer: nameOf({ leadFirstName, leadLastName, leadBusinessName }),
    })),
    invitationsToYou: r.invitationsToMe.map(({ leadFirstName, leadLastName, leadBusinessName, ...invitation }) => ({
      ...invitation,
      leadPhotographer: nameOf({ leadFirstName, leadLastName, leadBusinessName }),
    })),
  };
}

export type UserDataExport = NonNullable<Awaited<ReturnType<typeof exportUserData>>>;
