import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "~/utils/toast";

/** What an account action answers when it does not redirect. */
export type AccountActionData = {
  form: string;
  result?: SubmissionResult<string[]>;
  toast?: Toast;
  /**
   * Signed in with 'Enable Face ID/Touch ID' ticked (decision 011): the page registers a
   * passkey for the new session (in the native app: the device sign-in of decision 013),
   * then goes on to `redirectTo`.
   */
  enrollPasskey?: { redirectTo: string };
};

export function errorToast(title: string, description?: string): Toast {
  return { id: crypto.randomUUID(), type: "error", title, ...(description ? { description } : {}) };
}

/** docs/product/validation.md#how-errors-are-shown: only the first validation issue is shown, in a toast titled 'Validation Error'. */
export function firstIssue(result: SubmissionResult<string[]>): string | undefined {
  for (const messages of Object.values(result.error ?? {})) {
    if (messages?.length) return messages[0];
  }
  return undefined;
}
