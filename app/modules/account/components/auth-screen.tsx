import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "~/components/use-lazy-validation";
import type { validateWithToast } from "~/components/validate-with-toast";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Form, useNavigate, useNavigation, useNavigationType, useSearchParams } from "react-router";
import { AppLogo } from "~/components/app-logo";
import { ErrorList, Field } from "~/components/forms";
import { CheckboxField } from "~/components/checkbox-field";
import { AppFooter } from "~/components/page-shell";
import { ActionToast, showToast } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/link-tabs";
import type { AccountActionData } from "../action-result";
import { APP_FEATURES } from "../features";
import { nativePlatform, type NativePlatform } from "~/modules/native/platform";
import { BIOMETRIC_AUTHENTICATING, BIOMETRIC_ENABLED } from "../passkey-messages";
import { deviceRemembersPasskey, enablePasskey, preloadPasskeys, signInWithPasskey, type PasskeySignIn } from "../passkeys.client";
import { biometricsAvailable } from "../platform-authenticator";
import type { SignInSchema } from "../schema";
import { useSubmitting } from "~/components/use-submitting";
import { newToast } from "~/utils/result";

// The landing page of every new visitor: its schemas load after hydration (see useLazyValidation).
const loadSchemas = () => import("../schema");

type Tab = "signin" | "signup";

/** docs/product/screens.md#authentication-screen: Sign In and Sign Up tabs, guest-mode variant. */
export function AuthScreen({ actionData }: { actionData: AccountActionData | undefined }) {
  const [searchParams] = useSearchParams();
  const guest = searchParams.get("mode") === "guest";
  const requested = searchParams.get("tab");
  const fromAction = actionData?.form === "signup" ? "signup" : actionData?.form === "signin" ? "signin" : null;
  const tab: Tab = fromAction ?? (requested === "signup" || requested === "signin" ? requested : guest ? "signup" : "signin");

  const tabHref = (target: Tab) => {
    const next = new URLSearchParams(searchParams);
    next.set("tab", target);
    return `?${next}`;
  };

  return (
    <>
      <main className="mx-auto grid w-full max-w-5xl flex-1 gap-8 px-4 py-8 sm:py-12 lg:grid-cols-2 lg:items-start">
        <div>
          <div className="flex items-center gap-3">
            <AppLogo className="size-11" />
            <span className="text-xl font-bold text-slate-900">Event Flow</span>
          </div>
          <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">
            {guest ? "Create Your Free Account" : "Welcome"}
          </h1>
          {guest ? (
            <>
              <p className="mt-2 text-slate-600">Sign up to accept your event invitation</p>
              <p className="mt-4 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
                <strong>Free Guest Access:</strong> you are being invited to join an event at no cost
              </p>
            </>
          ) : (
            <p className="mt-2 text-slate-600">Plan every event day with your team, live on every phone.</p>
          )}

          <Card className="mt-6">
            <LinkTabs
              label="Account"
              tabs={[
                { id: "signin", label: "Sign In" },
                { id: "signup", label: "Sign Up" },
              ]}
              current={tab}
              hrefFor={tabHref}
            />
            <section aria-label={tab === "signin" ? "Sign In" : "Sign Up"} className="mt-5">
              {tab === "signin" ? (
                <SignInForm actionData={actionData?.form === "signin" ? actionData : undefined} />
              ) : (
                <SignUpForm actionData={actionData?.form === "signup" ? actionData : undefined} />
              )}
            </section>
          </Card>
        </div>

        <Card aria-labelledby="what-youll-get" className="lg:mt-24">
          <h2 id="what-youll-get" className="text-lg font-semibold text-slate-900">
            What You'll Get
          </h2>
          <ul className="mt-4 space-y-4">
            {APP_FEATURES.map((feature) => (
              <li key={feature.title} className="flex gap-3">
                <span aria-hidden="true" className="mt-1 size-2.5 shrink-0 rounded-full bg-brand-600" />
                <div>
                  <p className="font-medium text-slate-900">{feature.title}</p>
                  <p className="text-sm text-slate-600">{feature.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      </main>
      <AppFooter />
      <ActionToast toast={actionData?.toast} />
    </>
  );
}

type SignInSubmission = ReturnType<typeof validateWithToast<typeof SignInSchema>>;

/** The device's Face ID / Touch ID: passkeys in a browser (decision 011), the Keychain in the native app (decision 013). */
type BiometricMethod = {
  available: boolean;
  /** This device remembers a way to sign in with it: the button shows. */
  remembered: boolean;
  /** The button's wording: the web cannot tell Face ID from Touch ID; the native plugin can. */
  label: string;
  /** docs/product/native.md#biometric-sign-in's auto-login on load (native only, once per app launch). */
  auto: boolean;
  /** Enables it after a sign-in with the box ticked; what went wrong, for the next page to say, or null. */
  enable(): Promise<string | null>;
  signIn(returnTo: string | null): Promise<PasskeySignIn>;
  /** Reads again whether the device still remembers it (after a failure). */
  recheck(): Promise<boolean>;
  /** Gets its code ready once the button shows, so a press goes straight to the system's sheet. */
  prepare?(): void;
};

/**
 * docs/product/native.md#biometric-sign-in's auto-login is for opening the app: the sign-in screen as the page the app
 * loaded (not one reached by a sign-out, where an immediate Face ID prompt would undo
 * it), and once per run of the app (the webview's session storage lives as long as the
 * app), so a cancel is not asked again by a reload. Otherwise the button waits.
 */
const AUTO_TRIED_KEY = "ef-biometric-auto";

function autoLoginFirstTime() {
  try {
    if (sessionStorage.getItem(AUTO_TRIED_KEY)) return false;
    sessionStorage.setItem(AUTO_TRIED_KEY, "1");
    return true;
  } catch {
    return false;
  }
}

async function nativeMethod(platform: NativePlatform, onAppLoad: boolean): Promise<BiometricMethod> {
  const firstLoad = onAppLoad && autoLoginFirstTime();
  // Only inside the shell: browsers never download the plugin (decision 013).
  const native = await import("~/modules/native/biometric.client");
  const found = await native.nativeBiometrics();
  return {
    available: found.available,
    remembered: found.stored,
    label: `Sign in with ${found.label}`,
    auto: firstLoad && found.available && found.stored,
    async enable() {
      const { enabled, refused } = await native.enableNativeBiometric(platform);
      if (enabled) showToast(newToast("success", BIOMETRIC_ENABLED));
      else if (refused) showToast(newToast("error", refused));
      return null;
    },
    signIn: (returnTo) => native.signInWithNativeBiometric(found.label, returnTo),
    recheck: async () => (await native.nativeBiometrics()).stored,
  };
}

async function passkeyMethod(): Promise<BiometricMethod> {
  return {
    available: await biometricsAvailable(),
    remembered: deviceRemembersPasskey(),
    label: "Sign in with Face ID/Touch ID",
    auto: false,
    // 'Biometric login enabled' arrives with the next page (the server set it as a toast);
    // a refusal is said there too (a cancel says nothing).
    enable: async () => {
      const outcome = await enablePasskey();
      return outcome.status === "failed" ? outcome.message : null;
    },
    signIn: signInWithPasskey,
    recheck: async () => deviceRemembersPasskey(),
    prepare: preloadPasskeys,
  };
}

/**
 * docs/product/native.md#biometric-sign-in: whether this device has Face ID / Touch ID and remembers a way to use it;
 * and, after a sign-in with the box ticked, enabling it before going on.
 */
function useBiometrics(actionData: AccountActionData | undefined) {
  const [method, setMethod] = useState<BiometricMethod | null>(null);
  const [remembered, setRemembered] = useState(false);
  const navigate = useNavigate();
  // The document's own load (POP), not a navigation or a form's answer.
  const navigationType = useNavigationType();
  const onAppLoad = useRef(navigationType === "POP" && actionData === undefined);
  useEffect(() => {
    let live = true;
    const platform = nativePlatform();
    void (platform ? nativeMethod(platform, onAppLoad.current) : passkeyMethod()).then((found) => {
      if (!live) return;
      setMethod(found);
      setRemembered(found.remembered);
    });
    return () => {
      live = false;
    };
  }, []);
  const enrolling = useRef<string | null>(null);
  const redirectTo = actionData?.enrollPasskey?.redirectTo;
  useEffect(() => {
    if (!redirectTo || !method || enrolling.current === redirectTo) return;
    enrolling.current = redirectTo;
    // Enabled or not (cancelled, refused), the person is signed in: go on, and say there
    // why Face ID / Touch ID was not enabled.
    void method.enable().then(async (refusal) => {
      await navigate(redirectTo, { replace: true });
      if (refusal) showToast(newToast("error", refusal));
    });
  }, [redirectTo, method, navigate]);
  const recheck = () => void method?.recheck().then(setRemembered);
  return { method, available: method?.available ?? false, remembered, recheck };
}

/**
 * docs/product/native.md#biometric-sign-in's full-screen 'Authenticating with Face ID/Touch ID...' (decision 013): a modal
 * state, so the page behind is `inert` (no focus, no clicks, hidden from screen readers) while
 * it shows, focus moves into it and returns to where it was afterwards. Rendered into <body>
 * beside the page, so the page's own root can be made inert without the overlay.
 */
function AuthenticatingOverlay() {
  const overlay = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const shown = overlay.current;
    if (!shown) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const behind = [...document.body.children].filter((child): child is HTMLElement => child instanceof HTMLElement && child !== shown && !child.inert);
    for (const element of behind) element.inert = true;
    shown.focus();
    return () => {
      for (const element of behind) element.inert = false;
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);
  return createPortal(
    <div
      ref={overlay}
      role="dialog"
      aria-modal="true"
      aria-labelledby="biometric-authenticating"
      tabIndex={-1}
      className="fixed inset-0 z-[70] flex items-center justify-center bg-white/95 outline-none"
    >
      <p id="biometric-authenticating" role="status" className="text-lg font-semibold text-slate-900">
        {BIOMETRIC_AUTHENTICATING}
      </p>
    </div>,
    document.body,
  );
}

function BiometricSignIn({ method, onFailed }: { method: BiometricMethod; onFailed: () => void }) {
  const [authenticating, setAuthenticating] = useState(false);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const start = async () => {
    setAuthenticating(true);
    const outcome = await method.signIn(searchParams.get("returnTo"));
    if (outcome.status === "signed-in") return navigate(outcome.redirectTo, { replace: true });
    setAuthenticating(false);
    // docs/product/native.md#biometric-sign-in: a cancel does nothing further.
    if (outcome.status === "failed") {
      showToast(newToast("error", outcome.message));
      onFailed();
    }
  };
  useEffect(() => method.prepare?.(), [method]);
  const started = useRef(false);
  useEffect(() => {
    if (!method.auto || started.current) return;
    started.current = true;
    void start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on load
  }, [method]);
  return (
    <>
      <Button type="button" variant="secondary" className="w-full" onClick={() => void start()} disabled={authenticating}>
        {method.label}
      </Button>
      {authenticating ? <AuthenticatingOverlay /> : null}
    </>
  );
}

function SignInForm({ actionData }: { actionData: AccountActionData | undefined }) {
  const signingIn = useSubmitting("signin");
  const biometrics = useBiometrics(actionData);
  const sendingReset = useSubmitting("forgot");
  const validation = useLazyValidation(loadSchemas);
  const [form, fields] = useForm({
    id: "signin-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation
      ? ({ formData, submitter }) =>
          formData.get("intent") === "forgot"
            ? // 'Forgot password?' submits the same form with only the e-mail checked.
              (validation.validate(formData, submitter, validation.schemas.ForgotPasswordSchema, (issue) =>
                issue === "Please enter your email address first" ? "Email required" : "Validation Error",
              ) as unknown as SignInSubmission)
            : validation.validate(formData, submitter, validation.schemas.SignInSchema)
      : undefined,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {/* Enter in a field submits the form's first button: make it Sign In, not 'Forgot password?'. */}
      <button type="submit" name="intent" value="signin" hidden tabIndex={-1} aria-hidden="true" />
      <Field
        label="Email"
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        errors={fields.email.errors}
      />
      <Field
        label="Password"
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        errors={fields.password.errors}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <CheckboxField label="Stay logged in" inputProps={getInputProps(fields.stayLoggedIn, { type: "checkbox" })} />
          {biometrics.available ? (
            <CheckboxField label="Enable Face ID/Touch ID" inputProps={{ id: "signin-form-enableBiometric", name: "enableBiometric" }} />
          ) : null}
        </div>
        <button
          type="submit"
          name="intent"
          value="forgot"
          formNoValidate
          disabled={sendingReset}
          className="min-h-11 text-sm font-medium text-brand-700 hover:underline disabled:opacity-50"
        >
          Forgot password?
        </button>
      </div>
      <ErrorList errors={form.errors} />
      <Button type="submit" name="intent" value="signin" disabled={signingIn} className="w-full">
        {signingIn || actionData?.enrollPasskey ? "Signing in..." : "Sign In"}
      </Button>
      {biometrics.method && biometrics.available && biometrics.remembered ? <BiometricSignIn method={biometrics.method} onFailed={biometrics.recheck} /> : null}
    </Form>
  );
}

function SignUpForm({ actionData }: { actionData: AccountActionData | undefined }) {
  const creating = useSubmitting("signup");
  const validation = useLazyValidation(loadSchemas);
  const [form, fields] = useForm({
    id: "signup-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation ? ({ formData, submitter }) => validation.validate(formData, submitter, validation.schemas.SignUpSchema) : undefined,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="signup" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First Name"
          inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
          errors={fields.firstName.errors}
        />
        <Field
          label="Last Name"
          inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
          errors={fields.lastName.errors}
        />
      </div>
      <Field
        label="Business Name (optional)"
        inputProps={{ ...getInputProps(fields.businessName, { type: "text" }), autoComplete: "organization" }}
        errors={fields.businessName.errors}
      />
      <Field
        label="Email"
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        errors={fields.email.errors}
      />
      <Field
        label="Password"
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.password.errors}
        hint="Must be at least 8 characters with uppercase, lowercase, and number"
      />
      <ErrorList errors={form.errors} />
      <Button type="submit" disabled={creating} className="w-full">
        {creating ? "Creating account..." : "Create Account"}
      </Button>
    </Form>
  );
}
