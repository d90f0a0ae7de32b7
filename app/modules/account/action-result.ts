import type { Answer } from "~/utils/result";

/** What an account action answers when it does not redirect. */
export type AccountActionData = Answer<{
  form: string;
  /**
   * Signed in with 'Enable Face ID/Touch ID' ticked (decision 011): the page registers a
   * passkey for the new session (in the native app: the device sign-in of decision 013),
   * then goes on to `redirectTo`.
   */
  enrollPasskey?: { redirectTo: string };
}>;
