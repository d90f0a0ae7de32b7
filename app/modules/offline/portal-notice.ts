import type { MutationName } from "~/modules/event/mutation-names";

// The client portal's line under its success toasts (decision 010), for its outbox and its forms without JavaScript.

/** docs/product/messages.md#client-portal: the portal's success toasts carry this line (portal.server.ts noticeFor). */
export function portalNotice(name: MutationName) {
  return name === "add-vendor" || name === "edit-vendor" ? "Your photographer will see this update" : "The photographer has been notified of your changes.";
}
