import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";
import { newToast } from "~/utils/result";
import { DATA_EXPORT_FAILED, DATA_EXPORT_OFFLINE, DOWNLOAD_DATA } from "../data-export-messages";

/**
 * 'Download my data' (docs/product/screens.md#account-card). A plain form post, so it works
 * before JavaScript loads: the answer is an attachment and the page stays. Once the page
 * runs, the post is sent from here instead (download-data.ts, loaded on the first press),
 * so a refusal (the hourly limit) shows as a toast on this page rather than as a page of its own.
 */
export function DownloadDataForm() {
  const [busy, setBusy] = useState(false);
  async function download(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    try {
      // Not retried: offline, the press is answered at once, as the download itself would be.
      const { downloadData } = await import("../download-data");
      await downloadData(form);
    } catch {
      showToast(newToast("error", DATA_EXPORT_FAILED, DATA_EXPORT_OFFLINE));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form method="post" action="/settings/data" onSubmit={download} className="mt-4">
      <input type="hidden" name="intent" value="download-data" />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? "Preparing download..." : DOWNLOAD_DATA}
      </Button>
    </form>
  );
}
