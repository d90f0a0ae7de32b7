import { Button } from "~/components/ui/button";
import { showToast, useHydrated } from "~/components/ui/toaster";
import { newToast } from "~/utils/result";

/** Copies a link just created (docs/product/messages.md#success-messages 'Link copied'); needs JavaScript, so it waits for it. */
export function CopyLinkButton({ url, className }: { url: string; className?: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Button
      type="button"
      className={className}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(url);
          showToast(newToast("success", "Link copied"));
        } catch {
          showToast(newToast("error", "Could not copy the link", "Select the link and copy it by hand."));
        }
      }}
    >
      Copy Link
    </Button>
  );
}
