// Settings → Account → 'Download my data' (docs/product/screens.md#account-card). Client-safe:
// the page's button shows them too.
export const DOWNLOAD_DATA = "Download my data";
export const DATA_EXPORT_LIMITED = "Too many downloads. You can download your data 5 times an hour. Please try again later.";
export const DATA_EXPORT_FAILED = "Failed to download your data";
export const DATA_EXPORT_OFFLINE = "Check your connection and try again.";
