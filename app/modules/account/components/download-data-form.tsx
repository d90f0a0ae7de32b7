import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";
import { DATA_EXPORT_FAILED, DOWNLOAD_DATA } from "../data-export-messages";
import { newToast } from "~/utils/result";

const ACTION = "/settings/data";

/** The file's name as the server gave it (Content-Disposition), so a download from the page and one without JavaScript are named alike. */
function fileNameOf(response: Response) {
  return /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "event-flow-data.json";
}

/**
 * 'Download my data' (docs/product/screens.md#account-card). A plain form post, so it works
 * before JavaScript loads: the answer is an attachment and the page stays. Once the page
 * runs, the post is sent from here instead, so a refusal (the hourly limit) shows as a
 * toast on this page rather than as a page of its own.
 */
export function DownloadDataForm() {
  const [busy, setBusy] = useState(false);
  async function download(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    try {
      const response = await fetch(ACTION, { method: "POST", body: new URLSearchParams([...new FormData(form)] as [string, string][]), redirect: "manual" });
      // Signed out meanwhile: the form's own post leads to sign-in and back.
      if (response.type === "opaqueredirect") return form.submit();
      if (!response.ok) {
        const description = response.status === 429 ? await response.text() : "Please try again.";
        return showToast(newToast("error", DATA_EXPORT_FAILED, description));
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameOf(response);
      document.body.appendChild(link);
      link.click();
      link.remove();
      // The browser has the file once the click's download starts; a minute is ample.
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      showToast(newToast("error", DATA_EXPORT_FAILED, "Check your connection and try again."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form method="post" action={ACTION} onSubmit={download} className="mt-4">
      <input type="hidden" name="intent" value="download-data" />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? "Preparing download..." : DOWNLOAD_DATA}
      </Button>
    </form>
  );
}
