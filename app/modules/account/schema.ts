import { TIME_FORMATS } from "~/db/enums";
import { z } from "~/utils/zod";
import { checkbox, emailAddress, optionalText, requiredText } from "~/utils/schema-fields";
import { DeleteEventSchema } from "~/modules/event/schema";

// Validation of docs/product/validation.md with its exact messages; one schema serves the form (conform,
// in the browser) and the action (on the server). Client-safe.

export const EMAIL_MAX = 255;
export const PASSWORD_MAX = 256;
export const NAME_MAX = 100;
export const BUSINESS_NAME_MAX = 200;

const email = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .max(EMAIL_MAX, { error: "Email must be less than 255 characters" })
  .pipe(z.email({ error: "Please enter a valid email address" }))
  .transform((value) => value.toLowerCase());

/** Sign-up, reset and change: docs/product/validation.md rules plus a ceiling so no one can make us hash a megabyte. */
export const newPassword = z
  .string({ error: "Password must be at least 8 characters" })
  .min(8, { error: "Password must be at least 8 characters" })
  .max(PASSWORD_MAX, { error: "Password must be less than 256 characters" })
  .regex(/[A-Z]/, { error: "Password must contain at least one uppercase letter" })
  .regex(/[a-z]/, { error: "Password must contain at least one lowercase letter" })
  .regex(/[0-9]/, { error: "Password must contain at least one number" });

export const PASSWORD_REQUIREMENTS = [
  "At least 8 characters",
  "One uppercase letter",
  "One lowercase letter",
  "One number",
] as const;

const name = (label: "First name" | "Last name") => requiredText(NAME_MAX, label);

const businessName = optionalText(BUSINESS_NAME_MAX, "Business name");


export const SignInSchema = z.object({
  intent: z.literal("signin"),
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, { error: "Password is required" })
    .max(PASSWORD_MAX, { error: "Password must be less than 256 characters" }),
  stayLoggedIn: checkbox,
});

export const SignUpSchema = z.object({
  intent: z.literal("signup"),
  firstName: name("First name"),
  lastName: name("Last name"),
  businessName,
  email,
  password: newPassword,
});

export const ForgotPasswordSchema = z.object({
  intent: z.literal("forgot"),
  email: z
    .string({ error: "Please enter your email address first" })
    .trim()
    .min(1, { error: "Please enter your email address first" })
    .max(EMAIL_MAX, { error: "Email must be less than 255 characters" })
    .pipe(z.email({ error: "Please enter a valid email address" }))
    .transform((value) => value.toLowerCase()),
});

const passwordPair = {
  password: newPassword,
  confirmPassword: z
    .string({ error: "Please confirm your password" })
    .min(1, { error: "Please confirm your password" }),
};
const passwordsMatch = (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword;
const mismatch = { error: "Passwords don't match", path: ["confirmPassword"] };

export const ResetPasswordSchema = z
  .object({ token: z.string().min(1).max(200), ...passwordPair })
  .refine(passwordsMatch, mismatch);

/** The account's password typed again (not checked against the rules: it was set under them). */
const typedPassword = (required: "Password is required" | "Current password is required") =>
  z.string({ error: required }).min(1, { error: required }).max(PASSWORD_MAX, { error: "Password must be less than 256 characters" });

export const ChangePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    currentPassword: typedPassword("Current password is required"),
    ...passwordPair,
  })
  .refine(passwordsMatch, mismatch);

/**
 * docs/product/flows.md#deleting-an-account: the password, and the word "delete" typed
 * exactly, with the same rule and message as deleting an event.
 */
export const DeleteAccountSchema = z
  .object({
    intent: z.literal("delete-account"),
    password: z.string().max(PASSWORD_MAX, { error: "Password must be less than 256 characters" }).optional(),
    // Instead of the password: the answer of one of the user's passkeys (decision 015), as JSON.
    passkey: z.string().max(20_000).optional(),
    confirmation: DeleteEventSchema.shape.confirmation,
  })
  .refine((value) => Boolean(value.password) || Boolean(value.passkey), { error: "Password is required", path: ["password"] });

/** Settings: the password again before adding a passkey (decision 011). */
export const ConfirmPasswordSchema = z.object({
  intent: z.literal("confirm-password"),
  password: typedPassword("Current password is required"),
});

export const ProfileSetupSchema = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  businessName,
});

/**
 * `returnTo` is honoured only for a path on our own origin: an absolute or
 * protocol-relative URL (//evil.example, /\evil.example) would be an open redirect.
 */
export function safeReturnTo(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!isSameOriginPath(value)) return fallback;
  try {
    const url = new URL(value, RETURN_BASE);
    if (url.origin !== RETURN_BASE) return fallback;
    // Normalising can itself make an off-site URL (dot segments:
    // `/.//evil.example` and `/%2e//evil.example` become `//evil.example`), so the value
    // returned is checked again, not only the one received.
    const path = `${url.pathname}${url.search}${url.hash}`;
    return isSameOriginPath(path) && new URL(path, RETURN_BASE).origin === RETURN_BASE ? path : fallback;
  } catch {
    return fallback;
  }
}

const RETURN_BASE = "https://eventflow.invalid";

/** A path a browser resolves on our origin: one leading slash, no second `/` or `\`, no control characters. */
function isSameOriginPath(value: string) {
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") && !/[\u0000-\u001f\u007f\\]/.test(value);
}

/** docs/product/validation.md#business-info: all three names required, the business e-mail valid. */
export const BusinessInfoSchema = z.object({
  businessName: requiredText(BUSINESS_NAME_MAX, "Business name"),
  firstName: name("First name"),
  lastName: name("Last name"),
  email: emailAddress("Invalid email address"),
  timeFormat: z.enum(TIME_FORMATS, { error: "Please choose a time format" }).default("auto"),
});

/** docs/product/validation.md#reminder-days: reminder days 1 to 30; a value that is not a number falls back to 1. */
export const NotificationPreferencesSchema = z.object({
  upcomingEvents: checkbox,
  eventReminderDays: z.preprocess(
    (value) => {
      // Number("") and Number(" ") are 0: an empty field is "not a number" too.
      const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
      return typeof number === "number" && Number.isFinite(number) ? number : 1;
    },
    z
      .number()
      .int({ error: "Reminder days must be a whole number" })
      .min(1, { error: "Reminder days must be between 1 and 30" })
      .max(30, { error: "Reminder days must be between 1 and 30" }),
  ),
});

/** A device sign-in's id (decision 013): the UUID the server gave it, nothing else. */
export const DeviceSignInIdSchema = z.string().uuid();
