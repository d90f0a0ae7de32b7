import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AppError, errorToast, firstIssue, invalid, newToast, refused, toastFrom } from "~/utils/result";

// One answer shape and one error type (docs/conventions.md): a refusal carries its
// status and a code, its toast is built one way, and code never decides on a message.

describe("the answer shape", () => {
  it("a refusal answers its status, with the error's title and message as the toast", () => {
    const error = new AppError(404, "not-found", "That contact no longer exists.");
    expect(error).toMatchObject({ status: 404, code: "not-found", title: "Error", message: "That contact no longer exists." });
    const answer = refused({ intent: "edit-contact" }, error);
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toMatchObject({ intent: "edit-contact", toast: { type: "error", title: "Error", description: "That contact no longer exists." } });
    expect(answer.data).not.toHaveProperty("result");
  });

  it("a form that did not validate answers 400 with its field errors and the first issue under 'Validation Error'", () => {
    const result = { status: "error" as const, initialValue: {}, error: { firstName: ["First name is required"], email: ["Invalid email"] } };
    const answer = invalid({ form: "signup" }, result);
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ form: "signup", result, toast: { type: "error", title: "Validation Error", description: "First name is required" } });
    expect(firstIssue({ status: "error", initialValue: {}, error: {} })).toBeUndefined();
  });

  it("every toast has an id and leaves out an empty line", () => {
    const toast = newToast("success", "Contact added", null);
    expect(toast).toEqual({ id: expect.any(String), type: "success", title: "Contact added" });
    expect(newToast("info", "Saved", "").description).toBeUndefined();
    expect(errorToast("Sign up failed", "Too many attempts.")).toMatchObject({ type: "error", title: "Sign up failed", description: "Too many attempts." });
    expect(toastFrom("error", { title: "Error", description: "Please try again." })).toMatchObject({ type: "error", title: "Error", description: "Please try again." });
    expect(newToast("error", "A").id).not.toBe(newToast("error", "A").id);
  });
});

describe("no control flow on message text", () => {
  const files = execFileSync("git", ["ls-files", "app", "workers"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.(ts|tsx)$/.test(file));

  it("no code compares a refusal's message or description to decide what to do", () => {
    // (`typeof message === "string"` asks for a type, not a text.)
    const pattern = /(?<!typeof )\b(description|message)\s*[!=]==\s*(ACCESS_ENDED|NO_PERMISSION|GONE_MESSAGE|NOT_UNDERSTOOD|SIGNED_OUT|"[^"]*")/;
    const found = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it("no code decodes a thrown page response back into a status", () => {
    const found = files.filter((file) => /\(\s*refusal as \{ init\?/.test(readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });
});
