import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { showToast } from "./ui/toaster";
import { newToast } from "~/utils/result";

/**
 * Client-side validation for conform's onValidate. On a submit (not while typing) that
 * fails, it also shows the first issue in a 'Validation Error' toast, as the server does
 * (docs/product/validation.md), so the form behaves the same before and after JavaScript loads.
 */
export function validateWithToast<Schema extends z.ZodType>(
  formData: FormData,
  submitter: HTMLInputElement | HTMLButtonElement | null,
  schema: Schema,
  titleFor: (issue: string) => string = () => "Validation Error",
) {
  const submission = parseWithZod(formData, { schema });
  if (submitter && submission.status === "error") {
    const issue = Object.values(submission.error ?? {}).find((messages) => messages?.length)?.[0];
    if (issue) showToast(newToast("error", titleFor(issue), issue));
  }
  return submission;
}
