import { deleteOutbox } from "./outbox";

/**
 * What signing out deletes of this device's event data that the outbox keeps (issue 17
 * item 2: "signing out deletes what was kept on that device"): the changes still
 * waiting to sync. The offline-reading side (page-cache.ts, forgetThisDevice) calls it
 * with its own clearing once both are merged. Client-only.
 */
export function forgetOutbox() {
  return deleteOutbox();
}
