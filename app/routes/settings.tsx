import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import { useEffect } from "react";
import { z } from "~/utils/zod";
import { data, Form, Link, useLocation, useSearchParams } from "react-router";
import { Field } from "~/components/forms";
import { AppFooter } from "~/components/page-shell";
import { greetingName, SignedInHeader } from "~/components/signed-in-header";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/link-tabs";
import { ActionToast } from "~/components/ui/toaster";
import { useLazyValidation } from "~/components/use-lazy-validation";
import { useSubmitting } from "~/components/use-submitting";
import { lazyComponent, waitForCode } from "~/components/lazy-component";
import { cloudflareContext } from "~/context";
import { notificationPreferences, profiles } from "~/db/schema";
import { errorToast, firstIssue, newToast } from "~/utils/result";
import { BusinessInfoSchema, ChangePasswordSchema, ConfirmPasswordSchema, DeleteAccountSchema, DeviceSignInIdSchema, NotificationPreferencesSchema } from "~/modules/account/schema";
import { endLiveSessions } from "~/modules/notifications/live.server";
import { changePassword, confirmPassword, saveNotificationPreferences, signOutOtherSessions, updateBusinessInfo } from "~/modules/account/service.server";
import { passkeysRemovedMessage } from "~/modules/account/passkey-messages";
import { clientIp, consume, type Limit, LIMITS, minutesUntilAllowed, peek, recordFailure, signInLocked, TOO_MANY_ATTEMPTS } from "~/utils/rate-limit.server";
import { DownloadDataForm } from "~/modules/account/components/download-data-form";
import type { SubscriptionSummary } from "~/modules/billing/components/subscription-tab";
import { ContactSchema } from "~/modules/contacts/schema";
import { addContact, deleteContact, listContacts, updateContact } from "~/modules/contacts/service.server";
import { closeDialogHref } from "~/modules/event/dialog-href";
import type { FormActionData } from "~/modules/event/components/form-dialog";
import type { AuditEntry } from "~/utils/audit-log";
import { loadAfterHydration } from "~/utils/load-after-hydration";
import { hasActivePro, hasStorePro, hasStripePro } from "~/modules/billing/entitlement";
import { dbFrom, getViewer, requireViewer } from "~/utils/auth.server";
import { batchNamed } from "~/utils/db.server";
import { deviceLabel } from "~/modules/notifications/device-label";
import { CredentialSchema, listPasskeysQuery, removePasskey } from "~/modules/account/passkeys.server";
import { listDeviceSignInsQuery, removeDeviceSignIn } from "~/modules/account/device-sign-ins.server";
import { apnsConfigured, fcmConfigured } from "~/modules/notifications/native-push.server";
import {
  deleteOwnDevice,
  endpointFromForm,
  listDevicesQuery,
  listNativeDevicesQuery,
  NOT_A_SUBSCRIPTION,
  subscribeDevice,
  subscriptionFromForm,
  toPushDevices,
} from "~/modules/notifications/push-devices.server";
import type { Flash } from "~/utils/toast";
import { claimOf } from "~/utils/idempotency.server";
import { useFlash } from "~/components/use-flash";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/settings";
import { signOutSubmit } from "~/modules/offline/sign-out";
import { deleteAccount, deletionImpactOf, deletionImpactQueries } from "~/modules/account/delete-account.server";
import type { DeletionSummary } from "~/modules/account/components/delete-account-dialog";
import { ACCOUNT_DELETED, ACCOUNT_NOT_DELETED, NO_FURTHER_CHARGE, PASSKEY_NOT_CONFIRMED, PASSWORD_INCORRECT, STRIPE_UNREACHABLE } from "~/modules/account/deletion-messages";
import { stripeClient } from "~/modules/billing/stripe.server";
import { clearSessionCookie } from "~/utils/session.server";
import { AddPasskey } from "~/modules/account/components/add-passkey";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Settings | Event Flow" }];
}

const TABS = [
  { id: "business", label: "Business" },
  { id: "contacts", label: "Contacts" },
  { id: "subscription", label: "Subscription" },
  { id: "notifications", label: "Notifications" },
] as const;
type Tab = (typeof TABS)[number]["id"];

/** The section a URL shows (`?tab=`; the first without one). */
function tabOf(params: URLSearchParams): Tab {
  return TABS.find((t) => t.id === params.get("tab"))?.id ?? "business";
}

/** The profile, the saved contacts and the notification preferences: one round trip. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const db = dbFrom(context);
  const { profileRows, contacts, preferenceRows, deviceRows, nativeDeviceRows, passkeyRows, deviceSignInRows, ledEvents, team, clients } = await batchNamed(db, {
    profileRows: db.select().from(profiles).where(eq(profiles.userId, viewer.userId)),
    contacts: listContacts(db, viewer.userId),
    preferenceRows: db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, viewer.userId)),
    deviceRows: listDevicesQuery(db, viewer.userId),
    // Issue 18 item 2: the native app's devices are listed (and removed) with the browsers.
    nativeDeviceRows: listNativeDevicesQuery(db, viewer.userId),
    passkeyRows: listPasskeysQuery(db, viewer.userId),
    deviceSignInRows: listDeviceSignInsQuery(db, viewer.userId),
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
    business: { businessName: profile?.businessName ?? "", firstName: profile?.firstName ?? "", lastName: profile?.lastName ?? "", email: profile?.email ?? viewer.email },
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
    deletion: {
      ...deletionImpactOf({ ledEvents, team, clients }),
      stripe: Boolean(profile?.stripeCustomerId && profile.stripeSubscriptionId && hasStripePro(viewer)),
      store: hasStorePro(viewer),
      passkeys: passkeyRows.length > 0,
    } satisfies DeletionSummary,
    passkeys: passkeyRows,
    deviceSignIns: deviceSignInRows,
    preferences: { upcomingEvents: preferenceRows[0]?.upcomingEvents ?? true, eventReminderDays: preferenceRows[0]?.eventReminderDays ?? 1 },
    push: {
      // Issue 16: browsers subscribe with the public key, only when the server can also sign (all three settings).
      vapidPublicKey: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT ? env.VAPID_PUBLIC_KEY : null,
      // Issue 18 item 2: which native apps this server can push to (APNs for iOS, FCM for Android).
      native: { ios: apnsConfigured(env), android: fcmConfigured(env) },
      devices: await toPushDevices(deviceRows, nativeDeviceRows),
    },
  };
}

/** `confirmed`: the password was confirmed for adding a passkey (the page goes on to the prompt). */
type ActionData = FormActionData & { confirmed?: boolean };

// Issue 19 item 4: the forms' validation (zod) loads when a form is first used, the
// contacts' dialogs when one opens; until then the server validates, with the same messages.
const loadSchemas = () => import("~/modules/account/schema");
const loadAuditLog = () => import("~/utils/audit-log");
// Issue 19 item 4: each section but the first (its forms) loads when shown; the server
// renders any at once (lazyComponent), and a client navigation to one waits for its code
// with its data (waitForCode), so a section never shows blank.
const ContactsTab = lazyComponent(() => import("~/modules/contacts/components/contacts-tab").then((module) => module.ContactsTab));
const SubscriptionTab = lazyComponent(() => import("~/modules/billing/components/subscription-tab").then((module) => module.SubscriptionTab));
const PushCard = lazyComponent(() => import("~/modules/notifications/components/push-card").then((module) => module.PushCard));
const RemindersCard = lazyComponent(() => import("~/modules/account/components/reminders-card").then((module) => module.RemindersCard));
const TAB_CODE: Partial<Record<Tab, { load: () => Promise<unknown> }>> = {
  contacts: ContactsTab,
  subscription: SubscriptionTab,
  notifications: { load: () => Promise.all([PushCard.load(), RemindersCard.load()]) },
};

export const clientMiddleware: Route.ClientMiddlewareFunction[] = [waitForCode((url) => TAB_CODE[tabOf(url.searchParams)])];

const DeleteAccountDialog = lazyComponent(() => import("~/modules/account/components/delete-account-dialog").then((module) => module.DeleteAccountDialog));
const ContactsDialog = lazyComponent(() => import("~/modules/contacts/components/contacts-dialogs").then((module) => module.ContactsDialog));
// Contact and push device ids are UUIDs: anything else is refused (400) before it reaches D1.
// (The action's schemas are made when it runs: a module-level one would keep zod in the
// page's JavaScript, issue 19 item 4.)
const contactId = (formData: FormData) => {
  const parsed = z.string().regex(/^[0-9a-f-]{36}$/).safeParse(formData.get("id"));
  return parsed.success ? parsed.data : null;
};

/** A device sign-in's id (decision 013), parsed by its own schema. */
const deviceSignInId = (formData: FormData) => {
  const parsed = DeviceSignInIdSchema.safeParse(formData.get("id"));
  return parsed.success ? parsed.data : null;
};

/**
 * A passkey's answer posted as JSON (decision 015), in outline: the WebAuthn library
 * checks the rest. Null when it is not one.
 */
function passkeyAnswer(json: string | undefined) {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  return CredentialSchema.safeParse(value).success ? (value as AuthenticationResponseJSON) : null;
}

// A passkey id is the authenticator's credential id, base64url (decision 011).
const passkeyIdSchema = () => z.string().regex(/^[A-Za-z0-9_-]{1,1024}$/);

/**
 * Each Remove button names its app (issue 18 audit: unique accessible names); two added on
 * the same day are told apart by their place in the list.
 */
function removeAppLabel(app: { name: string }, index: number, apps: { name: string }[]) {
  const twins = apps.filter((other) => other.name === app.name);
  return twins.length > 1 ? `Remove app ${app.name} (${twins.indexOf(apps[index]!) + 1} of ${twins.length})` : `Remove app ${app.name}`;
}

const PUSH_INTENTS = new Set(["push-subscribe", "push-unsubscribe", "push-remove-device"]);

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  // docs/product/messages.md#auth 'Not authenticated': the push switch posts in the background, where a
  // redirect to sign in would go unseen.
  if (typeof intent === "string" && PUSH_INTENTS.has(intent) && !getViewer(context)) {
    return data<ActionData>({ intent, toast: errorToast("Not authenticated") }, { status: 401 });
  }
  const viewer = requireViewer(context, request);
  const db = dbFrom(context);
  const invalid = (result: ActionData["result"] & object, forIntent: string) =>
    data<ActionData>({ intent: forIntent, result, toast: errorToast("Validation Error", firstIssue(result)) }, { status: 400 });
  const url = new URL(request.url);
  // Every save answers with a redirect (post/redirect/get, issue 14 item 10): a reload
  // never sends a form again. What the next page must see once travels as flash.
  const saved = async (title: string, description?: string, flash?: Flash) => {
    const { env } = context.get(cloudflareContext);
    throw await redirectWithToast(env, request, closeDialogHref(url.pathname, url.searchParams), newToast("success", title, description), { headers: { "X-Remix-Replace": "true" } }, flash);
  };

  switch (intent) {
    case "business-info": {
      const submission = parseWithZod(formData, { schema: BusinessInfoSchema });
      if (submission.status !== "success") return invalid(submission.reply(), intent);
      if (!(await updateBusinessInfo(db, viewer.userId, submission.value))) {
        return data<ActionData>({ intent, toast: errorToast("Failed to update business information") }, { status: 404 });
      }
      const audit: AuditEntry = {
        timestamp: new Date().toISOString(),
        userId: viewer.userId,
        userEmail: viewer.email,
        action: "profile_updated",
        eventId: null,
        details: `Business info: ${submission.value.businessName}`,
      };
      return saved("Business information updated", undefined, { audit });
    }
    case "add-contact":
    case "edit-contact": {
      const submission = parseWithZod(formData, { schema: ContactSchema });
      if (submission.status !== "success") return invalid(submission.reply(), intent);
      if (intent === "add-contact") {
        const claim = await claimOf(formData, `user:${viewer.userId}`, intent);
        if (claim === "malformed") return data<ActionData>({ intent, toast: errorToast("Error", "That request was not understood.") }, { status: 400 });
        if (!(await addContact(db, viewer.userId, submission.value, claim))) {
          return data<ActionData>({ intent, toast: errorToast("Error", "You can save at most 500 contacts.") }, { status: 400 });
        }
        return saved("Contact added");
      }
      const id = contactId(formData);
      if (!id || !(await updateContact(db, viewer.userId, id, submission.value))) {
        return data<ActionData>({ intent, toast: errorToast("Error", "That contact no longer exists.") }, { status: id ? 404 : 400 });
      }
      return saved("Contact updated");
    }
    case "delete-contact": {
      const id = contactId(formData);
      if (!id || !(await deleteContact(db, viewer.userId, id))) {
        return data<ActionData>({ intent, toast: errorToast("Error", "That contact no longer exists.") }, { status: id ? 404 : 400 });
      }
      return saved("Contact deleted");
    }
    case "notification-preferences": {
      const submission = parseWithZod(formData, { schema: NotificationPreferencesSchema });
      if (submission.status !== "success") return invalid(submission.reply(), intent);
      await saveNotificationPreferences(db, viewer.userId, submission.value);
      return saved("Notification preferences saved");
    }
    case "push-subscribe": {
      const parsed = subscriptionFromForm(formData.get("subscription"));
      // The endpoint this browser held before, when its subscription was replaced (audit finding 3).
      const replacesField = formData.get("replaces");
      const replaces = replacesField === null || replacesField === "" ? null : endpointFromForm(replacesField);
      if ("problem" in parsed || (replacesField && !replaces)) {
        const problem = "problem" in parsed ? parsed.problem : NOT_A_SUBSCRIPTION;
        return data<ActionData>({ intent, toast: errorToast("Failed to enable notifications", problem) }, { status: 400 });
      }
      const outcome = await subscribeDevice(db, viewer, parsed.subscription, deviceLabel(request.headers.get("User-Agent")), replaces);
      if (outcome === "taken") {
        return data<ActionData>({ intent, toast: errorToast("Failed to enable notifications", "This browser's subscription belongs to another account.") }, { status: 409 });
      }
      return saved("Notifications enabled", "This device will get push notifications.");
    }
    case "push-unsubscribe": {
      const endpoint = endpointFromForm(formData.get("endpoint"));
      if (!endpoint || !(await deleteOwnDevice(db, viewer.userId, { endpoint }))) {
        return data<ActionData>({ intent, toast: errorToast("Failed to disable notifications", "This device is not subscribed.") }, { status: endpoint ? 404 : 400 });
      }
      return saved("Notifications disabled", "This device will no longer get push notifications.");
    }
    case "push-remove-device": {
      const id = contactId(formData);
      if (!id || !(await deleteOwnDevice(db, viewer.userId, { id }))) {
        return data<ActionData>({ intent, toast: errorToast("Error", "That device is no longer subscribed.") }, { status: id ? 404 : 400 });
      }
      return saved("Device removed", "It will no longer get push notifications.");
    }
    case "change-password": {
      const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
      const hide = { hideFields: ["currentPassword", "password", "confirmPassword"] };
      if (submission.status !== "success") return invalid(submission.reply(hide), intent);
      const changed = await changePassword(db, viewer.userId, viewer.sessionHash, submission.value.currentPassword, submission.value.password);
      if (!changed) {
        const result = submission.reply({ ...hide, fieldErrors: { currentPassword: ["Current password is incorrect"] } });
        return data<ActionData>({ intent, result, toast: errorToast("Error", "Current password is incorrect") }, { status: 400 });
      }
      await endLiveSessions(context.get(cloudflareContext).env, viewer.userId, changed.endedSessions);
      const removed = passkeysRemovedMessage(changed.removedPasskeys);
      return saved("Password updated", `Your password has been successfully updated${removed ? `. ${removed}` : ""}`);
    }
    case "confirm-password": {
      // Decision 011: adding a passkey asks for a recent proof of identity; this gives one.
      // It is a password guess like a sign-in, and counted as one.
      const parsed = ConfirmPasswordSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) {
        return data<ActionData>({ intent, toast: errorToast("Validation Error", parsed.error.issues[0]?.message) }, { status: 400 });
      }
      const ip = clientIp(request);
      const pair: [Limit, string] = [LIMITS.failedSignInsPerPair, `${viewer.email} ${ip}`];
      const [locked, overIp] = await Promise.all([peek(db, [pair]), consume(db, [[LIMITS.signInPerIp, ip]])]);
      if (locked) return data<ActionData>({ intent, toast: errorToast("Error", signInLocked(await minutesUntilAllowed(db, ...pair))) }, { status: 429 });
      if (overIp) return data<ActionData>({ intent, toast: errorToast("Error", TOO_MANY_ATTEMPTS) }, { status: 429 });
      const confirmed = await confirmPassword(db, viewer.userId, viewer.sessionHash, parsed.data.password);
      if (confirmed === "wrong") {
        // A signed-in device is the owner's own: its typos count for this IP only (decision 007).
        await recordFailure(db, [pair]);
        return data<ActionData>({ intent, toast: errorToast("Error", "Current password is incorrect") }, { status: 400 });
      }
      if (confirmed === "no-session") return data<ActionData>({ intent, toast: errorToast("Not authenticated") }, { status: 401 });
      // The page goes on to the Face ID / Touch ID prompt at once: no redirect, no toast.
      return data<ActionData>({ intent, toast: null, confirmed: true });
    }
    case "remove-passkey": {
      // Issue 18 item 1: removing a passkey ends the sessions it opened, as a sign-out does.
      const parsed = passkeyIdSchema().safeParse(formData.get("id"));
      const ended = parsed.success ? await removePasskey(db, viewer.userId, parsed.data) : null;
      if (!ended) {
        return data<ActionData>({ intent, toast: errorToast("Error", "That passkey was already removed.") }, { status: parsed.success ? 404 : 400 });
      }
      await endLiveSessions(context.get(cloudflareContext).env, viewer.userId, ended);
      return saved("Passkey removed", "Face ID/Touch ID sign-in with it no longer works.");
    }
    case "remove-device-sign-in": {
      // Decision 013: the native app's Face ID / Touch ID sign-in on one phone; removing it
      // ends the sessions it opened, as removing a passkey does.
      const id = deviceSignInId(formData);
      const ended = id ? await removeDeviceSignIn(db, viewer.userId, id) : null;
      if (!ended) {
        return data<ActionData>({ intent, toast: errorToast("Error", "That app was already removed.") }, { status: id ? 404 : 400 });
      }
      await endLiveSessions(context.get(cloudflareContext).env, viewer.userId, ended);
      return saved("App removed", "Face ID/Touch ID sign-in on that phone no longer works.");
    }
    case "delete-account": {
      const { env } = context.get(cloudflareContext);
      const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
      const hide = { hideFields: ["password"] };
      if (submission.status !== "success") return invalid(submission.reply(hide), intent);
      // Wrong passwords are counted per account: a stolen session cannot guess its way to deleting it.
      if (await consume(db, [[LIMITS.accountDeletions, viewer.userId]])) {
        return data<ActionData>({ intent, result: submission.reply(hide), toast: errorToast("Error", TOO_MANY_ATTEMPTS) }, { status: 429 });
      }
      const passkey = passkeyAnswer(submission.value.passkey);
      if (submission.value.passkey && !passkey) return data<ActionData>({ intent, result: submission.reply(hide), toast: errorToast("Error", PASSKEY_NOT_CONFIRMED) }, { status: 400 });
      const proof = passkey ? { passkey, request } : { password: submission.value.password ?? "" };
      const outcome = await deleteAccount(db, env, stripeClient(env), { userId: viewer.userId, proof });
      if (outcome.status === "wrong-password") {
        const result = submission.reply({ ...hide, fieldErrors: { password: [PASSWORD_INCORRECT] } });
        return data<ActionData>({ intent, result, toast: errorToast("Error", PASSWORD_INCORRECT) }, { status: 400 });
      }
      if (outcome.status === "passkey-refused") {
        return data<ActionData>({ intent, result: submission.reply(hide), toast: errorToast("Error", PASSKEY_NOT_CONFIRMED) }, { status: 400 });
      }
      if (outcome.status === "stripe-failed") {
        return data<ActionData>({ intent, result: submission.reply(hide), toast: errorToast(ACCOUNT_NOT_DELETED, STRIPE_UNREACHABLE) }, { status: 503 });
      }
      // The browser forgets the session and the pages it kept (as signing out does).
      throw await redirectWithToast(
        env,
        request,
        "/auth",
        newToast("success", ACCOUNT_DELETED, outcome.stripeCancelled ? NO_FURTHER_CHARGE : null),
        { headers: { "Set-Cookie": clearSessionCookie(request), "Clear-Site-Data": '"cache"' } },
      );
    }
    case "sign-out-others": {
      const signedOut = await signOutOtherSessions(db, viewer.userId, viewer.sessionHash);
      await endLiveSessions(context.get(cloudflareContext).env, viewer.userId, signedOut.endedSessions);
      return saved("Signed out of all other devices", passkeysRemovedMessage(signedOut.removedPasskeys) ?? undefined);
    }
    default:
      return data<ActionData>({ intent: null, toast: errorToast("Error", "Unknown action") }, { status: 400 });
  }
}

type LoaderData = Route.ComponentProps["loaderData"];

// UTC on both server and client renders, so hydration matches.
const passkeyDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const tab = tabOf(params);
  const dialog = params.get("dialog");
  const contact = loaderData.contacts.find((c) => c.id === params.get("id"));
  // docs/product/data.md#audit-log: saving business info is logged to this device's audit log.
  const audit = useFlash("audit");
  useEffect(() => {
    // Its code loads with the entry (not with the page: issue 19 item 4), tried until it arrives.
    if (audit) return loadAfterHydration(loadAuditLog, ({ appendAuditLog }) => appendAuditLog(window.localStorage, audit));
  }, [audit]);
  return (
    <>
      <SignedInHeader greetingName={loaderData.greetingName} />
      <main className="mx-auto w-full max-w-2xl flex-1 space-y-6 px-4 py-6">
        <Link to="/" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
          ← Back to Events
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
        <div className="overflow-x-auto">
          <LinkTabs label="Settings sections" tabs={TABS} current={tab} hrefFor={(t) => (t === "business" ? "?" : `?tab=${t}`)} />
        </div>
        <section aria-label={TABS.find((t) => t.id === tab)?.label}>
          {tab === "business" ? <BusinessTab data={loaderData} actionData={actionData} /> : null}
          {tab === "contacts" ? <ContactsTab contacts={loaderData.contacts} /> : null}
          {tab === "subscription" ? <SubscriptionTab subscription={loaderData.subscription} /> : null}
          {tab === "notifications" ? (
            <>
              <PushCard vapidPublicKey={loaderData.push.vapidPublicKey} nativePush={loaderData.push.native} devices={loaderData.push.devices} />
              <RemindersCard preferences={loaderData.preferences} actionData={actionData} />
            </>
          ) : null}
        </section>

        <nav aria-label="Help" className="flex flex-wrap gap-4 text-sm">
          <Link to="/support" className="text-brand-700 hover:underline">Support</Link>
          <Link to="/privacy-policy" className="text-brand-700 hover:underline">Privacy Policy</Link>
          <Link to="/about" className="text-brand-700 hover:underline">About</Link>
        </nav>

        <Form method="post" action="/logout" onSubmit={signOutSubmit}>
          <Button type="submit" variant="destructive" className="w-full">
            Sign Out
          </Button>
        </Form>
      </main>
      <AppFooter />
      {tab === "contacts" && dialog ? <ContactsDialog dialog={dialog} contact={contact} /> : null}
      {tab === "business" && dialog === "delete-account" ? <DeleteAccountDialog summary={loaderData.deletion} /> : null}
      <ActionToast toast={actionData?.toast} />
    </>
  );
}

function BusinessTab({ data: loaderData, actionData }: { data: LoaderData; actionData: Route.ComponentProps["actionData"] }) {
  const savingBusiness = useSubmitting("business-info");
  const changingPassword = useSubmitting("change-password");
  const signingOutOthers = useSubmitting("sign-out-others");
  const removingPasskey = useSubmitting("remove-passkey");
  const removingApp = useSubmitting("remove-device-sign-in");
  // A saved password answers with a redirect (a new location): the form starts empty again.
  const location = useLocation();
  const validation = useLazyValidation(loadSchemas);
  const [businessForm, business] = useForm({
    id: "business-info-form",
    lastResult: actionData?.intent === "business-info" ? actionData.result : undefined,
    defaultValue: loaderData.business,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation ? ({ formData, submitter }) => validation.validate(formData, submitter, validation.schemas.BusinessInfoSchema) : undefined,
  });
  const [passwordForm, password] = useForm({
    id: "change-password-form",
    lastResult: actionData?.intent === "change-password" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation ? ({ formData, submitter }) => validation.validate(formData, submitter, validation.schemas.ChangePasswordSchema) : undefined,
  });
  return (
    <>
      <Card>
        <CardTitle>Business Info</CardTitle>
        <p className="mt-1 text-sm text-slate-600">Shown to your team and clients. Your sign-in email stays the same.</p>
        <Form method="post" {...getFormProps(businessForm)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="business-info" />
          <Field label="Business Name" inputProps={getInputProps(business.businessName, { type: "text" })} errors={business.businessName.errors} />
          <div className="grid grid-cols-2 gap-3">
            <Field label="First Name" inputProps={getInputProps(business.firstName, { type: "text" })} errors={business.firstName.errors} />
            <Field label="Last Name" inputProps={getInputProps(business.lastName, { type: "text" })} errors={business.lastName.errors} />
          </div>
          <Field label="Business Email" inputProps={getInputProps(business.email, { type: "email" })} errors={business.email.errors} />
          <Button type="submit" disabled={savingBusiness}>
            {savingBusiness ? "Saving..." : "Save Business Info"}
          </Button>
        </Form>
      </Card>

      <Card>
        <CardTitle>Account</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Signed in as <strong>{loaderData.email}</strong>
        </p>
        <Form key={location.key} method="post" {...getFormProps(passwordForm)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="change-password" />
          <Field label="Current Password" inputProps={{ ...getInputProps(password.currentPassword, { type: "password" }), autoComplete: "current-password" }} errors={password.currentPassword.errors} />
          <Field
            label="New Password"
            inputProps={{ ...getInputProps(password.password, { type: "password" }), autoComplete: "new-password" }}
            errors={password.password.errors}
            hint="Must be at least 8 characters with uppercase, lowercase, and number"
          />
          <Field label="Confirm Password" inputProps={{ ...getInputProps(password.confirmPassword, { type: "password" }), autoComplete: "new-password" }} errors={password.confirmPassword.errors} />
          <Button type="submit" disabled={changingPassword}>
            {changingPassword ? "Updating Password..." : "Change Password"}
          </Button>
        </Form>
        <div className="mt-6 border-t border-slate-200 pt-4">
          <h3 className="font-semibold text-slate-900">Your data</h3>
          <p className="mt-1 text-sm text-slate-600">
            A JSON file of everything Event Flow holds about you: your profile, the events you lead with every list, team and client link, the
            events you joined, contacts, notifications, settings and devices. No passwords or keys.
          </p>
          <DownloadDataForm />
        </div>
        <div className="mt-6 border-t border-slate-200 pt-4">
          <h3 className="font-semibold text-slate-900">Delete account</h3>
          <p className="mt-1 text-sm text-slate-600">Deletes your account and every event you lead, for everyone. This cannot be undone.</p>
          <ButtonLink to="?dialog=delete-account" preventScrollReset variant="destructive" className="mt-3">
            Delete account
          </ButtonLink>
        </div>
      </Card>

      <Card>
        <CardTitle>Devices</CardTitle>
        <p className="mt-1 text-sm text-slate-600">Lost a phone? End every session except this one. Passkeys go too, except the one you signed in with here.</p>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="sign-out-others" />
          <Button type="submit" variant="secondary" disabled={signingOutOthers}>
            Sign out of all other devices
          </Button>
        </Form>
      </Card>

      <Card>
        <CardTitle>Face ID / Touch ID</CardTitle>
        <p className="mt-1 text-sm text-slate-600">Passkeys that sign you in without a password. Removing one signs out where it was used.</p>
        {loaderData.passkeys.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">No passkeys yet. Tick 'Enable Face ID/Touch ID' when you sign in on a device that has it.</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200" aria-label="Passkeys">
            {loaderData.passkeys.map((passkey) => (
              <SignInMethodRow key={passkey.id} method={passkey} intent="remove-passkey" removeLabel={`Remove passkey ${passkey.name}`} busy={removingPasskey} />
            ))}
          </ul>
        )}
        <AddPasskey />
        {loaderData.deviceSignIns.length > 0 ? (
          <>
            {/* Decision 013: the native app's own Face ID / Touch ID sign-in, one entry per phone. */}
            <h3 className="mt-6 font-semibold text-slate-900">In the Event Flow app</h3>
            <ul className="mt-2 divide-y divide-slate-200" aria-label="Apps">
              {loaderData.deviceSignIns.map((app, index, apps) => (
                <SignInMethodRow key={app.id} method={app} intent="remove-device-sign-in" removeLabel={removeAppLabel(app, index, apps)} busy={removingApp} />
              ))}
            </ul>
          </>
        ) : null}
      </Card>
    </>
  );
}

/** A passkey or an app's device sign-in in the Face ID / Touch ID card: its name, when added and last used, and Remove. */
function SignInMethodRow({
  method,
  intent,
  removeLabel,
  busy,
}: {
  method: { id: string; name: string; createdAt: string; lastUsedAt: string | null };
  intent: string;
  removeLabel: string;
  busy: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div>
        <p className="font-medium text-slate-900">{method.name}</p>
        <p className="text-sm text-slate-600">
          Added {passkeyDate.format(new Date(method.createdAt))} · {method.lastUsedAt ? `Last used ${passkeyDate.format(new Date(method.lastUsedAt))}` : "Never used"}
        </p>
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={method.id} />
        <Button type="submit" variant="secondary" disabled={busy} aria-label={removeLabel}>
          Remove
        </Button>
      </Form>
    </li>
  );
}
