import type { OutgoingEmail } from "~/utils/email.server";
import { emailLayout as layout, plain } from "~/utils/email-layout";

export function confirmationEmail(to: string, firstName: string, url: string): OutgoingEmail {
  const intro = `Hi ${plain({ firstName }).firstName}, welcome to Event Flow.`;
  const body = "Please confirm your email address so your team invitations and account notices reach you.";
  const footer = "If you did not create an Event Flow account, you can ignore this email.";
  return {
    to,
    kind: "email_confirmation",
    subject: "Confirm your Event Flow email address",
    text: `${intro}\n\n${body}\n\nConfirm your email: ${url}\n\nThis link expires in 7 days.\n\n${footer}`,
    html: layout("Confirm your email address", [intro, body, "This link expires in 7 days."], { label: "Confirm email", url }, footer),
  };
}

export function passwordResetEmail(to: string, url: string): OutgoingEmail {
  const body = "We received a request to reset the password of your Event Flow account.";
  const footer = "If you did not ask for this, you can ignore this email: your password stays the same.";
  return {
    to,
    kind: "password_reset",
    subject: "Reset your Event Flow password",
    text: `${body}\n\nChoose a new password: ${url}\n\nThis link expires in 1 hour and works once.\n\n${footer}`,
    html: layout("Reset your password", [body, "This link expires in 1 hour and works once."], { label: "Choose a new password", url }, footer),
  };
}
