import { Link } from "react-router";
import { countText } from "../assignees";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { RowMenuItems, useRowMenu } from "~/components/ui/row-actions";
import { showToast, useHydrated } from "~/components/ui/toaster";
import { UrlDialog } from "~/components/ui/url-dialog";
import { isOnTeam } from "~/db/enums";
import { formatEventDate } from "~/modules/event/format";
import { useDialogHrefs } from "~/modules/event/dialog-href";
import { ListHeader } from "~/modules/event/components/list-header";
import { canDo } from "~/modules/event/intents";
import type { EventRole } from "~/modules/event/permissions";
import { CopyLinkButton } from "./copy-link";
import { type ClientAccess, clientRights, type TeamSources, teamRows } from "../team-rows";
import { newToast } from "~/utils/result";

/** docs/product/roles.md#what-each-may-do: what invitees may do, in the words the team sees. */
const TEAM_COPY =
  "Invitees can view the whole event, check off timeline blocks and shots, and keep the people list up to date.";

/** docs/product/screens.md#team: the row badge is Accepted for active or accepted, Declined, otherwise Pending. */
function StatusBadge({ status }: { status: string }) {
  if (isOnTeam(status)) return <Badge tone="success">Accepted</Badge>;
  if (status === "declined") return <Badge tone="danger">Declined</Badge>;
  if (status === "client") return <Badge tone="brand">Client link</Badge>;
  return <Badge tone="warning">Pending</Badge>;
}

/** The team of the event: the lead invites and removes; members see it read-only and may leave. */
/** `assigned`: each member's count of blocks and shots (docs/product/screens.md#who-shoots-what). */
export function TeamTab({ team, role, assigned }: { team: TeamSources; role: EventRole; assigned?: ReadonlyMap<string, { blocks: number; shots: number }> }) {
  const rows = teamRows(team);
  const dialogs = useDialogHrefs();
  const canManage = canDo(role, "remove-team");
  const menu = useRowMenu();
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">{TEAM_COPY}</p>
      <ListHeader count={rows.length} noun={["team member", "team members"]} addLabel="Invite" addTo={canDo(role, "invite-team") ? dialogs.open("invite-team") : null} />
      {rows.length === 0 ? <p className="text-slate-600">No team members yet</p> : null}
      <ul className="space-y-2">
        {rows.map((row) => (
          <li key={row.key}>
            <Card className="flex items-start gap-3 !p-4">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-slate-900">{row.name}</p>
                <p className="text-sm break-words text-slate-600">{row.detail.filter(Boolean).join(" · ")}</p>
                {row.userId && assigned && row.status !== "declined" ? (
                  <p className="text-sm font-medium text-slate-700">{countText(assigned.get(row.userId) ?? { blocks: 0, shots: 0 })}</p>
                ) : null}
              </div>
              <StatusBadge status={row.status} />
              {canManage ? menu.button(row.key, row.name, () => <RowMenuItems editTo={null} deleteTo={dialogs.open("remove-team", row.key)} deleteLabel="Remove" />) : null}
            </Card>
          </li>
        ))}
      </ul>
      {menu.form}
      {canDo(role, "leave-event") ? (
        <div className="mt-6">
          <ButtonLink to={dialogs.open("leave-event")} replace preventScrollReset variant="secondary" className="text-red-700">
            Leave Event
          </ButtonLink>
        </div>
      ) : null}
    </>
  );
}

/** The link of a client just created: shown once, to copy (docs/product/screens.md#client-tab). */
export function ClientLinkDialog({ link }: { link: { url: string; email: string; emailFailed: boolean } }) {
  const { close } = useDialogHrefs();
  return (
    <UrlDialog title="Client link created" closeTo={close}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          {link.emailFailed
            ? `The email to ${link.email} could not be sent. Copy the link and share it manually.`
            : `We emailed the link to ${link.email}. You can also copy it now: for security, it can only be copied right after creation.`}
        </p>
        <label className="block text-sm font-medium text-slate-700">
          Client link
          <input readOnly value={link.url} className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" onFocus={(e) => e.currentTarget.select()} />
        </label>
        <div className="flex gap-3">
          <ButtonLink to={close} replace preventScrollReset variant="secondary" className="flex-1">
            Done
          </ButtonLink>
          <CopyLinkButton url={link.url} className="flex-1" />
        </div>
      </div>
    </UrlDialog>
  );
}

/**
 * docs/product/screens.md#client-tab (lead only): create a client link, the list with what each may
 * edit and its expiry, revoke. A link can be copied only right after its creation.
 */
export function ClientTab({ accesses }: { accesses: ClientAccess[] }) {
  const dialogs = useDialogHrefs();
  const hydrated = useHydrated();
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">A client link gives your couple a private view of this event, without an account.</p>
      <ListHeader count={accesses.length} noun={["client link", "client links"]} addLabel="Create Client Access" addTo={dialogs.open("create-client-access")} />
      {accesses.length === 0 ? <p className="text-slate-600">No client access yet</p> : null}
      <ul className="space-y-2">
        {accesses.map((access) => (
          <li key={access.id}>
            <Card className="flex items-start gap-3 !p-4">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-slate-900">{access.clientEmail}</p>
                <p className="text-sm text-slate-600">{clientRights(access)}</p>
                <p className="text-sm text-slate-600">
                  Expires <time dateTime={access.expiresAt}>{formatEventDate(access.expiresAt.slice(0, 10))}</time>
                </p>
              </div>
              <div className="flex shrink-0 flex-col gap-2">
                {hydrated ? (
                  <Button
                    type="button"
                    variant="secondary"
                    className="min-h-10 px-3"
                    onClick={() =>
                      showToast(newToast("error", "Cannot copy link", "For security, links can only be copied immediately after creation."))
                    }
                  >
                    Copy Link
                  </Button>
                ) : null}
                <ButtonLink to={dialogs.open("revoke-client-access", access.id)} replace preventScrollReset variant="secondary" className="min-h-10 px-3 text-red-700">
                  Revoke
                </ButtonLink>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
