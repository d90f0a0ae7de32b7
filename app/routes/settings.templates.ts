import { parseWithZod } from "@conform-to/zod/v4";
import { refuse, saved, signedIn, unknownAction, uuidOf } from "~/modules/account/settings-forms.server";
import { TemplateNameSchema } from "~/modules/templates/schema";
import { deleteTemplate, renameTemplate } from "~/modules/templates/service.server";
import { dbFrom } from "~/utils/auth.server";
import { invalid } from "~/utils/result";
import type { Route } from "./+types/settings.templates";

const GONE = "That template no longer exists.";

/**
 * Settings → Templates (docs/product/screens.md#templates): 'Rename' (rename-template) and
 * 'Delete' (delete-template), each for one of the user's own templates: another user's id
 * matches nothing and is answered as gone (404).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const viewer = signedIn(context, request);
  const db = dbFrom(context);
  if (intent === "rename-template") {
    const submission = parseWithZod(formData, { schema: TemplateNameSchema });
    if (submission.status !== "success") return invalid({ intent }, submission.reply());
    const id = uuidOf(formData);
    if (!id || !(await renameTemplate(db, viewer.userId, id, submission.value.name))) return refuse(intent, id ? 404 : 400, "Error", GONE);
    return saved(context, request, "Template renamed");
  }
  if (intent === "delete-template") {
    const id = uuidOf(formData);
    if (!id || !(await deleteTemplate(db, viewer.userId, id))) return refuse(intent, id ? 404 : 400, "Error", GONE);
    return saved(context, request, "Template deleted");
  }
  return unknownAction();
}

export { SettingsPage as default } from "./settings-page";
