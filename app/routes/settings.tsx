import { eq } from "drizzle-orm";
import { useOutlet } from "react-router";
import { greetingName } from "~/modules/notifications/components/signed-in-header";
import { loadCodeFor } from "~/utils/load-after-hydration";
import { cloudflareContext } from "~/context";
import { notificationPreferences, profiles } from "~/db/schema";
import { signedIn, unknownAction } from "~/modules/account/settings-forms.server";
import type { SubscriptionSummary } from "~/modules/billing/components/subscription-tab";
import { listContacts } from "~/modules/contacts/service.server";
import { hasActivePro, hasStorePro, hasStripePro } from "~/modules/billing/entitlement";
import { dbFrom, requireViewer } from "~/utils/auth.server";
import { batchNamed } from "~/utils/db.server";
import { listPasskeysQuery } from "~/modules/account/passkeys.server";
import { listDeviceSignInsQuery } from "~/modules/account/device-sign-ins.server";
import { apnsConfigured, fcmConfigured } from "~/modules/notifications/native-push.server";
import { listDevicesQuery, listNativeDevicesQuery, toPushDevices } from "~/modules/notifications/push-devices.server";
import { deletionImpactOf, deletionImpactQueries } from "~/modules/account/delete-account.server";
import { feedCardOf, feedQuery } from "~/modules/calendar/feed.server";
import { listTemplatesQuery } from "~/modules/templates/service.server";
import type { DeletionSummary } from "~/modules/account/components/delete-account-dialog";
import type { Route } from "./+types/settings";
import { SettingsPage, TAB_CODE, tabOf } from "./settings-page";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Settings | Event Flow" }];
}

// The page shows the calendar feed's link (decision 019): kept by no cache, and no page it
// links to learns where it was opened from.
export function headers(): HeadersInit {
  return { "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" };
}

/** The profile, the saved contacts and the notification preferences: one round trip. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const db = dbFrom(context);
  const { profileRows, contacts, preferenceRows, deviceRows, nativeDeviceRows, passkeyRows, deviceSignInRows, feedRows, templates, ledEvents, team, clients } = await batchNamed(db, {
    profileRows: db.select().from(profiles).where(eq(profiles.userId, viewer.userId)),
    contacts: listContacts(db, viewer.userId),
    preferenceRows: db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, viewer.userId)),
    deviceRows: listDevicesQuery(db, viewer.userId),
    // The native app's devices are listed (and removed) with the browsers.
    nativeDeviceRows: listNativeDevicesQuery(db, viewer.userId),
    passkeyRows: listPasskeysQuery(db, viewer.userId),
    deviceSignInRows: listDeviceSignInsQuery(db, viewer.userId),
    feedRows: feedQuery(db, viewer.userId),
    templates: listTemplatesQuery(db, viewer.userId),
    ...deletionImpactQueries(db, viewer.userId),
  });
  const profile = profileRows[0];
  const { env } = context.get(cloudflareContext);
  return {
    // From the row just read, not the session's copy: after a save without JavaScript
    // this render follows the action in the same request, and the greeting must
    // already show the new business name.
    greetingName: greetingName({ businessName: profile?.businessName ?? null, firstName: profile?.firstName ?? null, email: viewer.email }),
    email: viewer.email,
    business: { businessName: profile?.businessName ?? "", firstName: profile?.firstName ?? "", lastName: profile?.lastName ?? "", email: profile?.email ?? viewer.email, timeFormat: profile?.timeFormat ?? "auto" },
    subscription: {
      active: hasActivePro(viewer),
      status: viewer.subscriptionStatus,
      interval: profile?.billingInterval ?? null,
      expiresAt: profile?.subscriptionExpiresAt ?? null,
      cancelAtPeriodEnd: profile?.subscriptionCancelAtPeriodEnd ?? false,
      billedByStripe: Boolean(profile?.stripeCustomerId && profile.stripeSubscriptionId),
      // Decision 012: Pro that comes from a native purchase alone is managed in that store.
      store:
        hasStorePro(viewer) && !hasStripePro(viewer)
          ? { platform: profile?.storePlatform ?? null, expiresAt: profile?.storeEntitlementExpiresAt ?? null }
          : null,
    } satisfies SubscriptionSummary,
    contacts,
    templates,
    deletion: {
      ...deletionImpactOf({ ledEvents, team, clients }),
      stripe: Boolean(profile?.stripeCustomerId && profile.stripeSubscriptionId && hasStripePro(viewer)),
      store: hasStorePro(viewer),
      passkeys: passkeyRows.length > 0,
    } satisfies DeletionSummary,
    passkeys: passkeyRows,
    deviceSignIns: deviceSignInRows,
    calendarFeed: await feedCardOf(env, new URL(request.url).origin, feedRows),
    preferences: { upcomingEvents: preferenceRows[0]?.upcomingEvents ?? true, eventReminderDays: preferenceRows[0]?.eventReminderDays ?? 1 },
    push: {
      // Browsers subscribe with the public key, only when the server can also sign (all three settings).
      vapidPublicKey: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT ? env.VAPID_PUBLIC_KEY : null,
      // Which native apps this server can push to (APNs for iOS, FCM for Android).
      native: { ios: apnsConfigured(env), android: fcmConfigured(env) },
      devices: await toPushDevices(deviceRows, nativeDeviceRows),
    },
  };
}

export const clientMiddleware: Route.ClientMiddlewareFunction[] = [loadCodeFor((url) => TAB_CODE[tabOf(url.searchParams)])];

/** Each form posts to its own route under /settings (settings.<form>.ts); a post here names none. */
export function action({ request, context }: Route.ActionArgs) {
  signedIn(context, request);
  return unknownAction();
}

/** The page; a form's route renders it in its place when it answers with errors (settings-page.tsx). */
export default function Settings() {
  return useOutlet() ?? <SettingsPage />;
}
