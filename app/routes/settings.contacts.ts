import { parseWithZod } from "@conform-to/zod/v4";
import { refuse, saved, unknownAction, uuidOf, signedIn } from "~/modules/account/settings-forms.server";
import { ContactSchema } from "~/modules/contacts/schema";
import { addContact, updateContact } from "~/modules/contacts/service.server";
import { dbFrom } from "~/utils/auth.server";
import { claimOf } from "~/utils/idempotency.server";
import { invalid } from "~/utils/result";
import type { Route } from "./+types/settings.contacts";

/** Settings → Contacts: the contact form, adding (add-contact) or editing (edit-contact, with the contact's id). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const viewer = signedIn(context, request);
  if (intent !== "add-contact" && intent !== "edit-contact") return unknownAction();
  const db = dbFrom(context);
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") return invalid({ intent }, submission.reply());
  if (intent === "add-contact") {
    const claim = await claimOf(formData, `user:${viewer.userId}`, intent);
    if (claim === "malformed") return refuse(intent, 400, "Error", "That request was not understood.");
    if (!(await addContact(db, viewer.userId, submission.value, claim))) return refuse(intent, 400, "Error", "You can save at most 500 contacts.");
    return saved(context, request, "Contact added");
  }
  const id = uuidOf(formData);
  if (!id || !(await updateContact(db, viewer.userId, id, submission.value))) return refuse(intent, id ? 404 : 400, "Error", "That contact no longer exists.");
  return saved(context, request, "Contact updated");
}

export { SettingsPage as default } from "./settings-page";
