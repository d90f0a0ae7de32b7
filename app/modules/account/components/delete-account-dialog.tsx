import { getInputProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { nativePlatform } from "~/modules/native/platform";
import { PASSKEY_CONFIRMED, PASSKEY_NOT_CONFIRMED, USE_PASSKEY } from "../deletion-messages";
import { confirmWithPasskey } from "../passkeys.client";
import { biometricsAvailable } from "../platform-authenticator";
import { Field } from "~/components/forms";
import { useHydrated } from "~/components/ui/toaster";
import { FormDialog, useDialogForm } from "~/modules/event/components/form-dialog";
import { ConfirmationWordField } from "~/modules/event/components/event-dialogs";
import { DELETE_CONFIRMATION } from "~/modules/event/schema";
import { DeleteAccountSchema } from "../schema";
import { useSettingsAction } from "../settings-answer";

// Settings' Delete account dialog, loaded when it opens (with zod and conform); the URL's
// dialog still renders on the server, so it works before JavaScript loads.

export type DeletionSummary = {
  /** Events the user leads, and the distinct team members and client addresses on them. */
  events: number;
  people: number;
  /** A Stripe subscription that deleting cancels now. */
  stripe: boolean;
  /** Pro bought in the App Store or Google Play, which only the store can cancel. */
  store: boolean;
  /** The user has passkeys: one may stand for the password. */
  passkeys: boolean;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function affected({ events, people }: DeletionSummary) {
  const deleted = `${plural(events, "event", "events")} you lead will be deleted`;
  return people > 0 ? `${deleted}, and ${plural(people, "person", "people")} on them will be told the event was removed.` : `${deleted}.`;
}

/** docs/product/flows.md#deleting-an-account: the button waits for the password and the word "delete". */
export function DeleteAccountDialog({ summary }: { summary: DeletionSummary }) {
  const hydrated = useHydrated();
  const [password, setPassword] = useState("");
  const [typed, setTyped] = useState("");
  // A passkey's answer instead of the password (decision 015), where this device can give one.
  const [canUsePasskey, setCanUsePasskey] = useState(false);
  const [passkeyAnswer, setPasskeyAnswer] = useState<string | null>(null);
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (summary.passkeys && !nativePlatform()) void biometricsAvailable().then((found) => live && setCanUsePasskey(found));
    return () => {
      live = false;
    };
  }, [summary.passkeys]);
  const usePasskey = async () => {
    setPasskeyProblem(null);
    const outcome = await confirmWithPasskey();
    if (outcome.status === "confirmed") setPasskeyAnswer(outcome.response);
    else if (outcome.status === "failed") setPasskeyProblem(PASSKEY_NOT_CONFIRMED);
  };
  const [form, fields] = useDialogForm("delete-account", undefined, DeleteAccountSchema);
  return (
    <FormDialog
      title="Delete account"
      intent="delete-account"
      action={useSettingsAction("delete-account")}
      form={form}
      submitLabel="Delete account"
      busyLabel="Deleting..."
      destructive
      submitDisabled={hydrated && ((password === "" && !passkeyAnswer) || typed !== DELETE_CONFIRMATION)}
    >
      <p className="text-sm text-slate-700">
        This permanently deletes your account: your profile, every event you lead with its timeline, shot list, people, vendors, team and client
        links, your places on other photographers' teams, your invitations, contacts, notifications, devices and passkeys. This cannot be undone.
      </p>
      {summary.events > 0 ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{affected(summary)}</p>
      ) : null}
      {summary.stripe ? <p className="text-sm text-slate-700">Your subscription is cancelled at once: no further charge will be made.</p> : null}
      {summary.store ? (
        <p className="text-sm font-medium text-slate-900">Cancel your App Store / Google Play subscription in the store: we cannot cancel it for you.</p>
      ) : null}
      <p className="text-sm text-slate-700">To keep a copy, use 'Download my data' first.</p>
      {passkeyAnswer ? <input type="hidden" name="passkey" value={passkeyAnswer} /> : null}
      {passkeyAnswer ? (
        <p className="text-sm font-medium text-slate-900" role="status">
          {PASSKEY_CONFIRMED}
        </p>
      ) : (
        <Field
          label="Password"
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "current-password",
            onChange: (change) => setPassword(change.currentTarget.value),
          }}
          errors={fields.password.errors}
        />
      )}
      {canUsePasskey && !passkeyAnswer ? (
        <div>
          <Button type="button" variant="secondary" onClick={() => void usePasskey()}>
            {USE_PASSKEY}
          </Button>
          {passkeyProblem ? <p className="mt-1 text-sm text-red-700">{passkeyProblem}</p> : null}
        </div>
      ) : null}
      <ConfirmationWordField field={fields.confirmation} onTyped={setTyped} />
    </FormDialog>
  );
}
