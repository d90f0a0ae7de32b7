import { useLocation } from "react-router";
import type { Answer } from "~/utils/result";

/**
 * What a settings form answers when it does not redirect: the intent it is about, the
 * form's validation result and a toast; `confirmed` when the password was confirmed for
 * adding a passkey (the page goes on to the prompt).
 */
export type SettingsAnswer = Answer<{ intent: string | null; confirmed?: boolean }>;

/**
 * The address a settings form posts to: its own route under /settings, with the page's
 * query (its tab and dialog), so an answer with errors shows the same tab and dialog.
 */
export function useSettingsAction(form: string) {
  const { search } = useLocation();
  return `/settings/${form}${search}`;
}
