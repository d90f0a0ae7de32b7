import { useNavigation } from "react-router";

/** Whether a form of this page is being submitted with this `intent` (its button shows "Saving..."). */
export function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}
