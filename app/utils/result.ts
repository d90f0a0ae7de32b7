import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { Toast } from "./toast";

// The one answer shape of every action and API route that does not redirect: the
// form's conform reply (`result`, its field errors), a toast, and what the route adds
// (the form or intent it answers). A refusal is an AppError: its status goes on the
// response, its title and message into the toast, and its code is what code branches on.

/** Why something was refused, for code to branch on; the message is for people only. */
export type ErrorCode =
  /** The request's fields could not be read (a tampered or stale form). */
  | "malformed"
  /** A form's values did not validate; the field errors travel in `result`. */
  | "invalid"
  /** No session (or it ended). */
  | "signed-out"
  /** The caller has no access to the event (or it was deleted): the same answer as a stranger's. */
  | "access-ended"
  /** The caller's role does not have the right. */
  | "forbidden"
  /** What the request names no longer exists (or never did). */
  | "not-found"
  /** Someone else's change, or a value already taken. */
  | "conflict"
  /** Over a limit of attempts (docs/product/limits.md#rate-limits). */
  | "too-many"
  /** Over a size limit of a list (docs/product/limits.md). */
  | "limit"
  /** An outside service did not answer. */
  | "unavailable";

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

/** A refusal a service returns or throws: the status, a message for people, a code for code. */
export class AppError extends Error {
  readonly status: ErrorStatus;
  readonly code: ErrorCode;
  /** The toast's title (the message is its description). */
  readonly title: string;
  constructor(status: ErrorStatus, code: ErrorCode, message: string, title = "Error") {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.code = code;
    this.title = title;
  }
}

/** The one way to build a toast, on the server and in the browser. */
export function newToast(type: Toast["type"], title: string, description?: string | null): Toast {
  return { id: crypto.randomUUID(), type, title, ...(description ? { description } : {}) };
}

/** A toast from a message's title and line (the shape of the messages' constants). */
export function toastFrom(type: Toast["type"], message: { title: string; description?: string | null }): Toast {
  return newToast(type, message.title, message.description);
}

/** An error toast: the AppError's title and message, or a title and an optional line. */
export function errorToast(error: AppError): Toast;
export function errorToast(title: string, description?: string | null): Toast;
export function errorToast(error: AppError | string, description?: string | null): Toast {
  return typeof error === "string" ? newToast("error", error, description) : newToast("error", error.title, error.message);
}

/** What an action answers when it does not redirect; `Extra` names the form it answers. */
export type Answer<Extra extends object = Record<never, never>> = Extra & {
  result?: SubmissionResult<string[]>;
  toast?: Toast | null;
};

/** docs/product/validation.md#how-errors-are-shown: only the first validation issue is shown, in a toast titled 'Validation Error'. */
export function firstIssue(result: SubmissionResult<string[]>): string | undefined {
  for (const messages of Object.values(result.error ?? {})) {
    if (messages?.length) return messages[0];
  }
  return undefined;
}

/** A refusal: the error's status, its toast, and the form again when `result` is given. */
export function refused<Extra extends object>(extra: Extra, error: AppError, result?: SubmissionResult<string[]>) {
  return data<Answer<Extra>>({ ...extra, ...(result ? { result } : {}), toast: errorToast(error) }, { status: error.status });
}

/** The form did not validate: 400, its field errors, and the first issue in a toast (`title` by default 'Validation Error'). */
export function invalid<Extra extends object>(extra: Extra, result: SubmissionResult<string[]>, title = "Validation Error") {
  return data<Answer<Extra>>({ ...extra, result, toast: errorToast(title, firstIssue(result)) }, { status: 400 });
}
