import type { Db } from "~/utils/db.server";

// PLACEHOLDER until the push consumer lands (issue 5, notifications part): replaced by
// web push delivery through @block65/webcrypto-web-push. Must not reach main as is.
export async function deliverPushNotification(_db: Db, _env: Env, _notificationId: string): Promise<void> {}
