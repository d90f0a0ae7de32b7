import { createClientAccess } from "~/modules/client-access/service.server";
import { hourCycleOf } from "~/modules/timeline/span";
import type { EventRow } from "~/modules/event/service.server";
import type { Db } from "~/utils/db.server";
import { type Claim, partOf } from "~/utils/idempotency.server";
import type { Viewer } from "~/modules/account/session.server";
import type { InviteEntry } from "./schema";
import { inviterDisplayName, sendShooterInvite } from "./service.server";

/**
 * The create flow's 'send all' (docs/product/screens.md#create-event): shooters get their invitation, clients their
 * link (with the entry's people and timeline rights; shots and vendors stay view-only,
 * as the form does not ask). Each entry stands alone: one refusal does not stop the rest.
 */
export async function sendInvitations(
  db: Db,
  env: Pick<Env, "JOBS" | "USER_CHANNEL" | "SESSION_SECRET">,
  origin: string,
  viewer: Viewer,
  event: EventRow,
  entries: InviteEntry[],
  claim: Claim | null = null,
) {
  let count = 0;
  const refused: string[] = [];
  const links: { email: string; url: string; emailFailed: boolean }[] = [];
  for (const [index, entry] of entries.entries()) {
    // Each entry stands alone, so each has its own part of the form's claim: a repeated
    // 'send all' sends none of them twice (decision 007).
    const part = claim ? await partOf(claim, String(index)) : null;
    if (entry.inviteType === "client") {
      const created = await createClientAccess(db, env, origin, {
        event,
        inviterName: inviterDisplayName(viewer),
        createdBy: viewer.userId,
        clientEmail: entry.email,
        flags: { canEditPeople: entry.canEditPeople, canEditTimeline: entry.canEditTimeline, canEditShots: false, canEditVendors: false },
      }, part);
      if (!created) refused.push(`${entry.email}: the event has its maximum of client links.`);
      else {
        count++;
        links.push({ email: entry.email, url: created.url, emailFailed: created.emailFailed });
      }
      continue;
    }
    const outcome = await sendShooterInvite(db, env, origin, { ...viewer, hourCycle: hourCycleOf(viewer.timeFormat, viewer.autoHourCycle) }, event, { ...entry, inviteType: entry.inviteType, inviteeName: null }, part);
    if (outcome.status === "refused") refused.push(outcome.message);
    else count++;
  }
  return { count, refused, links };
}
