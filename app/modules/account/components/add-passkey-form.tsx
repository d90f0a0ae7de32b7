import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Field } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { ActionToast, showToast } from "~/components/ui/toaster";
import type { Toast } from "~/utils/toast";
import { PASSKEY_REAUTH } from "../passkey-messages";
import { enablePasskey } from "../passkeys.client";
import { newToast } from "~/utils/result";

const PASSWORD_ID = "confirm-password-field";

type ConfirmAnswer = { intent: string | null; toast: Toast | null; confirmed?: boolean };

/**
 * Settings' 'Add Face ID/Touch ID on this device' (decision 011), shown by AddPasskey
 * (add-passkey.tsx) where the device has a platform authenticator. A session
 * whose proof of identity is older than 10 minutes is asked for the password first
 * (intent 'confirm-password'), then the system's Face ID / Touch ID sheet opens.
 */
export function AddPasskeyForm() {
  const [step, setStep] = useState<"idle" | "password" | "working">("idle");
  const fetcher = useFetcher<ConfirmAnswer>();
  const revalidator = useRevalidator();

  const enrol = async () => {
    setStep("working");
    const outcome = await enablePasskey();
    if (outcome.status === "reauth") return setStep("password");
    setStep("idle");
    // The server set 'Biometric login enabled' as the next page's toast: reading the
    // page again shows it with the new passkey in the list.
    if (outcome.status === "enabled") void revalidator.revalidate();
    else if (outcome.status === "failed") showToast(newToast("error", outcome.message));
  };

  // The password confirmed: straight on to the Face ID / Touch ID sheet.
  const handled = useRef<ConfirmAnswer | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.confirmed || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    void enrol();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per confirmation
  }, [fetcher.state, fetcher.data]);

  useEffect(() => {
    if (step === "password") document.getElementById(PASSWORD_ID)?.focus();
  }, [step]);

  const confirming = fetcher.state !== "idle";
  const refusal = !confirming && fetcher.data?.toast?.type === "error" ? (fetcher.data.toast.description ?? fetcher.data.toast.title) : null;
  return (
    <div className="mt-4">
      {step === "password" ? (
        <fetcher.Form method="post" action="/settings/password/confirm" className="space-y-3" aria-label="Confirm your password">
          <p className="text-sm text-slate-700">{PASSKEY_REAUTH}</p>
          <input type="hidden" name="intent" value="confirm-password" />
          <Field
            label="Your password"
            inputProps={{ id: PASSWORD_ID, name: "password", type: "password", autoComplete: "current-password", required: true }}
            errors={refusal ? [refusal] : null}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={confirming}>
              {confirming ? "Confirming..." : "Confirm password"}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setStep("idle")} disabled={confirming}>
              Cancel
            </Button>
          </div>
        </fetcher.Form>
      ) : (
        <Button type="button" variant="secondary" onClick={() => void enrol()} disabled={step === "working"}>
          {step === "working" ? "Adding Face ID/Touch ID..." : "Add Face ID/Touch ID on this device"}
        </Button>
      )}
      <ActionToast toast={fetcher.data?.toast} />
    </div>
  );
}
