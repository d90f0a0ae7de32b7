import { refuse, saved, uuidOf, signedIn } from "~/modules/account/settings-forms.server";
import { deleteContact } from "~/modules/contacts/service.server";
import { dbFrom } from "~/utils/auth.server";
import type { Route } from "./+types/settings.contacts.delete";

/** Settings → Contacts → Delete. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const viewer = signedIn(context, request);
  const id = uuidOf(formData);
  if (!id || !(await deleteContact(dbFrom(context), viewer.userId, id))) return refuse("delete-contact", id ? 404 : 400, "Error", "That contact no longer exists.");
  return saved(context, request, "Contact deleted");
}

export { SettingsPage as default } from "./settings-page";
