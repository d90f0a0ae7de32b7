import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { SHOOTER_TYPE_LABELS, type ShooterType } from "~/db/enums";
import { formatEventDate } from "./event-card";

type Member = {
  id: string;
  status: string;
  shooterType: string | null;
  coverageHours: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};
type PendingInvite = { id: string; email: string; inviteType: string; coverageHours: number | null };

/** decisions.md: what invitees may do, in the words the team sees. */
const TEAM_COPY =
  "Invitees can view the whole event, check off timeline blocks and shots, and keep the people list up to date.";

/** Spec §2 'Team': the row badge is Accepted for active or accepted, Declined, otherwise Pending. */
function StatusBadge({ status }: { status: string }) {
  if (status === "accepted" || status === "active") return <Badge tone="success">Accepted</Badge>;
  if (status === "declined") return <Badge tone="danger">Declined</Badge>;
  return <Badge tone="warning">Pending</Badge>;
}

function position(type: string | null) {
  return type && type in SHOOTER_TYPE_LABELS ? SHOOTER_TYPE_LABELS[type as ShooterType] : "Team Member";
}

function coverage(hours: number | null) {
  return hours === null ? null : `${hours} ${hours === 1 ? "hour" : "hours"} coverage`;
}

/** The team of the event, newest first (read-only here; e-mails only for the lead). */
export function TeamTab({ members, invites }: { members: Member[]; invites: PendingInvite[] }) {
  const rows = [
    ...invites.map((invite) => ({ id: invite.id, name: invite.email, status: "pending", detail: [position(invite.inviteType), coverage(invite.coverageHours)] })),
    ...members.map((member) => ({
      id: member.id,
      name: [member.firstName, member.lastName].filter(Boolean).join(" ") || member.email || "Team Member",
      status: member.status,
      detail: [position(member.shooterType), coverage(member.coverageHours), member.email],
    })),
  ];
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">{TEAM_COPY}</p>
      {rows.length === 0 ? <p className="text-slate-600">No team members yet</p> : null}
      <ul className="space-y-2">
        {rows.map((row) => (
          <li key={row.id}>
            <Card className="flex items-start justify-between gap-3 !p-4">
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{row.name}</p>
                <p className="text-sm break-words text-slate-600">{row.detail.filter(Boolean).join(" · ")}</p>
              </div>
              <StatusBadge status={row.status} />
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

type ClientAccess = {
  id: string;
  clientEmail: string;
  canEditPeople: boolean;
  canEditTimeline: boolean;
  canEditShots: boolean;
  canEditVendors: boolean;
  expiresAt: string;
};

/** The event's client links (lead only), with what each may edit and its expiry. */
export function ClientTab({ accesses }: { accesses: ClientAccess[] }) {
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">A client link gives your couple a private view of this event, without an account.</p>
      {accesses.length === 0 ? <p className="text-slate-600">No client access yet</p> : null}
      <ul className="space-y-2">
        {accesses.map((access) => {
          const editable = [
            access.canEditTimeline && "timeline",
            access.canEditShots && "shots",
            access.canEditPeople && "people",
            access.canEditVendors && "vendors",
          ].filter(Boolean);
          return (
            <li key={access.id}>
              <Card className="!p-4">
                <p className="font-semibold break-words text-slate-900">{access.clientEmail}</p>
                <p className="text-sm text-slate-600">{editable.length ? `Can edit: ${editable.join(", ")}` : "View only"}</p>
                <p className="text-sm text-slate-600">
                  Expires <time dateTime={access.expiresAt}>{formatEventDate(access.expiresAt.slice(0, 10))}</time>
                </p>
              </Card>
            </li>
          );
        })}
      </ul>
    </>
  );
}
