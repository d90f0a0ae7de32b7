import { type InviteType, positionLabel, type ShooterType, type TeamMemberStatus } from "~/db/enums";
import { formatEventDate } from "~/modules/event/format";

// The Team tab's rows, read by the dashboard's route (its header and dialogs need them
// whichever tab shows) apart from the tab's own code, which loads when the tab shows
// (decision 014).

export type Member = {
  id: string;
  userId: string;
  status: TeamMemberStatus;
  shooterType: ShooterType | null;
  coverageHours: number | null;
  createdAt: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};
export type PendingInvite = { id: string; email: string; inviteeName: string | null; inviteType: InviteType; coverageHours: number | null; createdAt: string };
export type ClientAccess = {
  id: string;
  clientEmail: string;
  canEditPeople: boolean;
  canEditTimeline: boolean;
  canEditShots: boolean;
  canEditVendors: boolean;
  createdAt: string;
  expiresAt: string;
};
export type Contact = { id: string; shooterType: string; firstName: string; lastName: string | null; email: string };

function coverage(hours: number | null) {
  return hours === null ? null : `${hours} ${hours === 1 ? "hour" : "hours"} coverage`;
}

export function clientRights(access: Pick<ClientAccess, "canEditPeople" | "canEditTimeline" | "canEditShots" | "canEditVendors">) {
  const editable = [
    access.canEditTimeline && "timeline",
    access.canEditShots && "shots",
    access.canEditPeople && "people",
    access.canEditVendors && "vendors",
  ].filter(Boolean);
  return editable.length ? `Can edit: ${editable.join(", ")}` : "View only";
}

/** `userId`: a member's (their blocks and shots are counted on the Team tab). */
export type TeamRow = { key: string; name: string; status: string; detail: (string | null)[]; createdAt: string; userId?: string };

/**
 * docs/product/screens.md#team: second and associate shooters, pending invitations and client links,
 * newest invited first. Row keys name their kind (`member:`, `invite:`, `client:`):
 * removal deletes what the row stands for (docs/product/flows.md#team-removal).
 */
/** What the team tab is made of, as the page's data holds it. */
export type TeamSources = { members: Member[]; invites: PendingInvite[]; clientAccess: ClientAccess[] };

export function teamRows({ members, invites, clientAccess }: TeamSources): TeamRow[] {
  const rows: TeamRow[] = [
    ...invites.map((invite) => ({
      key: `invite:${invite.id}`,
      name: invite.inviteeName ?? invite.email,
      status: "pending",
      detail: [positionLabel(invite.inviteType), coverage(invite.coverageHours), invite.inviteeName ? invite.email : null],
      createdAt: invite.createdAt,
    })),
    ...members.map((member) => ({
      key: `member:${member.id}`,
      name: [member.firstName, member.lastName].filter(Boolean).join(" ") || member.email || "Team Member",
      status: member.status,
      detail: [positionLabel(member.shooterType), coverage(member.coverageHours), member.email],
      createdAt: member.createdAt,
      userId: member.userId,
    })),
    ...clientAccess.map((access) => ({
      key: `client:${access.id}`,
      name: access.clientEmail,
      status: "client",
      detail: ["Client", clientRights(access), `Expires ${formatEventDate(access.expiresAt.slice(0, 10))}`],
      createdAt: access.createdAt,
    })),
  ];
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

