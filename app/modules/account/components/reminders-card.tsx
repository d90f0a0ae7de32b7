import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "react-router";
import { Field } from "~/components/forms";
import { CheckboxField } from "~/components/checkbox-field";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { useLazyValidation } from "~/components/use-lazy-validation";
import { useSubmitting } from "~/components/use-submitting";
import { useSettingsAction } from "~/modules/account/settings-answer";

// Settings' Notifications section (its Reminders card): loaded with the section, not with
// the settings page's first JavaScript (decision 014).

const loadSchemas = () => import("~/modules/account/schema");

/** docs/product/screens.md#notifications-tab: upcoming-event reminders and how many days before. */
export function RemindersCard({
  preferences,
  actionData,
}: {
  preferences: { upcomingEvents: boolean; eventReminderDays: number };
  actionData?: { intent?: unknown; result?: SubmissionResult<string[]> } | null;
}) {
  const busy = useSubmitting("notification-preferences");
  const validation = useLazyValidation(loadSchemas);
  const [form, fields] = useForm({
    id: "notification-preferences-form",
    lastResult: actionData?.intent === "notification-preferences" ? actionData.result : undefined,
    defaultValue: { upcomingEvents: preferences.upcomingEvents ? "on" : "", eventReminderDays: String(preferences.eventReminderDays) },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation ? ({ formData, submitter }) => validation.validate(formData, submitter, validation.schemas.NotificationPreferencesSchema) : undefined,
  });
  return (
    <Card>
      <CardTitle>Reminders</CardTitle>
      <Form method="post" action={useSettingsAction("reminders")} {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="notification-preferences" />
        <CheckboxField label="Upcoming event reminders" inputProps={getInputProps(fields.upcomingEvents, { type: "checkbox" })} />
        <Field
          label="Days before the event"
          inputProps={{ ...getInputProps(fields.eventReminderDays, { type: "number" }), min: 1, max: 30, step: 1, inputMode: "numeric" }}
          errors={fields.eventReminderDays.errors}
          hint="1 to 30"
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save Preferences"}
        </Button>
      </Form>
    </Card>
  );
}
