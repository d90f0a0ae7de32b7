import { showToast } from "~/components/ui/toaster";
import { newToast } from "~/utils/result";
import { DATA_EXPORT_FAILED, DATA_EXPORT_OFFLINE } from "./data-export-messages";

// 'Download my data' sent from the page (download-data-form.tsx): loaded on the first
// press, as few people download their data and the form works without it.

/** The file's name as the server gave it (Content-Disposition), so a download from the page and one without JavaScript are named alike. */
function fileNameOf(response: Response) {
  return /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "event-flow-data.json";
}

/** Posts the form and saves its answer as a file; a refusal (the hourly limit) shows as a toast. */
export async function downloadData(form: HTMLFormElement) {
  try {
    const response = await fetch(form.action, { method: "POST", body: new URLSearchParams([...new FormData(form)] as [string, string][]), redirect: "manual" });
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
    showToast(newToast("error", DATA_EXPORT_FAILED, DATA_EXPORT_OFFLINE));
  }
}
