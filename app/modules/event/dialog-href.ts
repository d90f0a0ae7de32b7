import { useLocation } from "react-router";

// The dashboard's dialogs live in the URL (?dialog=<intent>&id=<row>): the server
// renders them, so they open before JavaScript loads, and closing one is a link.

export function openDialogHref(pathname: string, search: URLSearchParams, dialog: string, id?: string) {
  const params = new URLSearchParams(search);
  // A row menu the server rendered open (row-actions.tsx) closes as its dialog opens.
  params.delete("menu");
  params.set("dialog", dialog);
  if (id) params.set("id", id);
  else params.delete("id");
  return `${pathname}?${params}`;
}

export function closeDialogHref(pathname: string, search: URLSearchParams) {
  const params = new URLSearchParams(search);
  params.delete("dialog");
  params.delete("id");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Links that open and close the dashboard's dialogs, keeping the tab and filter. */
export function useDialogHrefs() {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  return {
    open: (dialog: string, id?: string) => openDialogHref(pathname, params, dialog, id),
    close: closeDialogHref(pathname, params),
  };
}
