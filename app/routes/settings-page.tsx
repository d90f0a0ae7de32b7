import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { lazy, Suspense, useEffect } from "react";
import { Form, Link, useActionData, useLocation, useRouteLoaderData, useSearchParams } from "react-router";
import { Field } from "~/components/forms";
import { optionsOf, SelectField } from "~/components/dialog-fields";
import { TIME_FORMAT_LABELS, TIME_FORMATS } from "~/db/enums";
import { THEME_LABELS, THEMES } from "~/modules/account/theme";
import { useRootData } from "~/root-data";
import { AppFooter } from "~/components/page-shell";
import { SignedInHeader } from "~/modules/notifications/components/signed-in-header";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/link-tabs";
import { ActionToast } from "~/components/ui/toaster";
import { useLazyValidation } from "~/components/use-lazy-validation";
import { useSubmitting } from "~/components/use-submitting";
import { DownloadDataForm } from "~/modules/account/components/download-data-form";
import { AddPasskey } from "~/modules/account/components/add-passkey";
import { type SettingsAnswer, useSettingsAction } from "~/modules/account/settings-answer";
import { importRetrying, loadAfterHydration } from "~/utils/load-after-hydration";
import { useFlash } from "~/components/use-flash";
import { signOutSubmit } from "~/modules/offline/sign-out";
import type { Route } from "./+types/settings";

// The settings page. It renders from /settings, and from each form's own route under it
// (settings.<form>.ts) when that form answers with errors: rendered there, the page sees
// that route's answer (useActionData) and shows it as it was sent.

export const TABS = [
  { id: "business", label: "Business" },
  { id: "contacts", label: "Contacts" },
  { id: "templates", label: "Templates" },
  { id: "subscription", label: "Subscription" },
  { id: "notifications", label: "Notifications" },
] as const;
type Tab = (typeof TABS)[number]["id"];

/** The section a URL shows (`?tab=`; the first without one). */
export function tabOf(params: URLSearchParams): Tab {
  return TABS.find((t) => t.id === params.get("tab"))?.id ?? "business";
}

// The forms' validation (zod) loads when a form is first used, the
// contacts' dialogs when one opens; until then the server validates, with the same messages.
const loadSchemas = () => import("~/modules/account/schema");
const loadAuditLog = () => import("~/utils/audit-log");
// Each section but the first (its forms) loads when shown (React.lazy); the server renders
// any at once, and a client navigation to one keeps the shown section until its code is
// there (the section's Suspense boundary stays mounted), so a section never shows blank.
const loadContacts = () => import("~/modules/contacts/components/contacts-tab");
const loadSubscription = () => import("~/modules/billing/components/subscription-tab");
const loadPush = () => import("~/modules/notifications/components/push-card");
const loadReminders = () => import("~/modules/account/components/reminders-card");
const loadTemplates = () => import("~/modules/templates/components/templates-card");
const loadCalendarFeed = () => import("~/modules/calendar/components/calendar-feed-card");
const ContactsTab = lazy(() => importRetrying(loadContacts).then((module) => ({ default: module.ContactsTab })));
const SubscriptionTab = lazy(() => importRetrying(loadSubscription).then((module) => ({ default: module.SubscriptionTab })));
const PushCard = lazy(() => importRetrying(loadPush).then((module) => ({ default: module.PushCard })));
const RemindersCard = lazy(() => importRetrying(loadReminders).then((module) => ({ default: module.RemindersCard })));
const TemplatesCard = lazy(() => importRetrying(loadTemplates).then((module) => ({ default: module.TemplatesCard })));
const TemplatesDialog = lazy(() => importRetrying(loadTemplates).then((module) => ({ default: module.TemplatesDialog })));
const CalendarFeedCard = lazy(() => importRetrying(loadCalendarFeed).then((module) => ({ default: module.CalendarFeedCard })));
/** Each section's code by its tab, asked for beside the data of a client navigation to it. */
export const TAB_CODE: Partial<Record<Tab, () => Promise<unknown>>> = {
  contacts: loadContacts,
  templates: loadTemplates,
  subscription: loadSubscription,
  notifications: () => Promise.all([loadPush(), loadReminders(), loadCalendarFeed()]),
};

const DeleteAccountDialog = lazy(() =>
  importRetrying(() => import("~/modules/account/components/delete-account-dialog")).then((module) => ({ default: module.DeleteAccountDialog })),
);
const ContactsDialog = lazy(() => importRetrying(() => import("~/modules/contacts/components/contacts-dialogs")).then((module) => ({ default: module.ContactsDialog })));

/**
 * Each Remove button names its app (accessible names are unique); two added on
 * the same day are told apart by their place in the list.
 */
function removeAppLabel(app: { name: string }, index: number, apps: { name: string }[]) {
  const twins = apps.filter((other) => other.name === app.name);
  return twins.length > 1 ? `Remove app ${app.name} (${twins.indexOf(apps[index]!) + 1} of ${twins.length})` : `Remove app ${app.name}`;
}

type LoaderData = Route.ComponentProps["loaderData"];

// UTC on both server and client renders, so hydration matches.
const passkeyDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function SettingsPage() {
  const loaderData = useRouteLoaderData<LoaderData>("routes/settings")!;
  const actionData = useActionData<SettingsAnswer>();
  const [params] = useSearchParams();
  const tab = tabOf(params);
  const dialog = params.get("dialog");
  const contact = loaderData.contacts.find((c) => c.id === params.get("id"));
  // docs/product/data.md#audit-log: saving business info is logged to this device's audit log.
  const audit = useFlash("audit");
  useEffect(() => {
    // Its code loads with the entry (not with the page, to keep the page's JavaScript small), tried until it arrives.
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
        <div className="scroll-cue">
          <LinkTabs label="Settings sections" tabs={TABS} current={tab} hrefFor={(t) => (t === "business" ? "/settings" : `/settings?tab=${t}`)} />
        </div>
        <section aria-label={TABS.find((t) => t.id === tab)?.label}>
          <Suspense fallback={null}>
            {tab === "business" ? <BusinessTab data={loaderData} actionData={actionData} /> : null}
            {tab === "contacts" ? <ContactsTab contacts={loaderData.contacts} /> : null}
            {tab === "templates" ? <TemplatesCard templates={loaderData.templates} /> : null}
            {tab === "subscription" ? <SubscriptionTab subscription={loaderData.subscription} /> : null}
            {tab === "notifications" ? (
              <>
                <PushCard vapidPublicKey={loaderData.push.vapidPublicKey} nativePush={loaderData.push.native} devices={loaderData.push.devices} />
                <RemindersCard preferences={loaderData.preferences} actionData={actionData} />
                <CalendarFeedCard feed={loaderData.calendarFeed} />
              </>
            ) : null}
          </Suspense>
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
      <Suspense fallback={null}>
        {tab === "contacts" && dialog ? <ContactsDialog dialog={dialog} contact={contact} /> : null}
        {tab === "templates" && dialog ? <TemplatesDialog dialog={dialog} template={loaderData.templates.find((t) => t.id === params.get("id"))} /> : null}
        {tab === "business" && dialog === "delete-account" ? <DeleteAccountDialog summary={loaderData.deletion} /> : null}
      </Suspense>
      <ActionToast toast={actionData?.toast} />
    </>
  );
}

function BusinessTab({ data: loaderData, actionData }: { data: LoaderData; actionData: SettingsAnswer | undefined }) {
  const savingBusiness = useSubmitting("business-info");
  const savingTheme = useSubmitting("theme");
  const theme = useRootData()?.theme ?? "auto";
  const changingPassword = useSubmitting("change-password");
  const signingOutOthers = useSubmitting("sign-out-others");
  const removingPasskey = useSubmitting("remove-passkey");
  const removingApp = useSubmitting("remove-device-sign-in");
  const passwordAction = useSettingsAction("password");
  const signOutOthersAction = useSettingsAction("sign-out-others");
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
        <Form method="post" action={useSettingsAction("business")} {...getFormProps(businessForm)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="business-info" />
          <Field label="Business Name" inputProps={getInputProps(business.businessName, { type: "text" })} errors={business.businessName.errors} />
          <div className="grid grid-cols-2 gap-3">
            <Field label="First Name" inputProps={getInputProps(business.firstName, { type: "text" })} errors={business.firstName.errors} />
            <Field label="Last Name" inputProps={getInputProps(business.lastName, { type: "text" })} errors={business.lastName.errors} />
          </div>
          <Field label="Business Email" inputProps={getInputProps(business.email, { type: "email" })} errors={business.email.errors} />
          <SelectField
            label="Time format"
            inputProps={getSelectProps(business.timeFormat)}
            options={optionsOf(TIME_FORMATS, TIME_FORMAT_LABELS)}
            errors={business.timeFormat.errors}
            hint="How times read in the app, e-mails and notifications. Automatic follows your browser's language."
          />
          <Button type="submit" disabled={savingBusiness}>
            {savingBusiness ? "Saving..." : "Save Business Info"}
          </Button>
        </Form>
      </Card>

      <Card>
        <CardTitle>Appearance</CardTitle>
        <p className="mt-1 text-sm text-slate-600">For this device. Dark is easier on the eyes in a dark church or reception.</p>
        <Form method="post" action={useSettingsAction("theme")} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="theme" />
          <SelectField label="Theme" inputProps={{ id: "theme", name: "theme", defaultValue: theme }} options={optionsOf(THEMES, THEME_LABELS)} />
          <Button type="submit" variant="secondary" disabled={savingTheme}>
            {savingTheme ? "Saving..." : "Save Theme"}
          </Button>
        </Form>
      </Card>

      <Card>
        <CardTitle>Account</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Signed in as <strong>{loaderData.email}</strong>
        </p>
        <Form key={location.key} method="post" action={passwordAction} {...getFormProps(passwordForm)} className="mt-4 space-y-4">
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
        <Form method="post" action={signOutOthersAction} className="mt-4">
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
              <SignInMethodRow key={passkey.id} method={passkey} intent="remove-passkey" action="passkeys/remove" removeLabel={`Remove passkey ${passkey.name}`} busy={removingPasskey} />
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
                <SignInMethodRow key={app.id} method={app} intent="remove-device-sign-in" action="apps/remove" removeLabel={removeAppLabel(app, index, apps)} busy={removingApp} />
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
  action,
  removeLabel,
  busy,
}: {
  method: { id: string; name: string; createdAt: string; lastUsedAt: string | null };
  intent: string;
  /** The form's route under /settings. */
  action: string;
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
      <Form method="post" action={useSettingsAction(action)}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={method.id} />
        <Button type="submit" variant="secondary" disabled={busy} aria-label={removeLabel}>
          Remove
        </Button>
      </Form>
    </li>
  );
}
