import type { ComponentProps } from "react";
import { CreateClientAccessDialog, InviteDialog, LeaveEventDialog, RemoveTeamDialog, RevokeClientAccessDialog } from "~/modules/team/components/team-dialogs";
import { type ClientAccess, type Contact, type TeamSources, teamRows } from "~/modules/team/team-rows";
import type { DashboardIntent } from "../intents";
import type { RosterEntry } from "~/modules/team/assignees";
import { AssignDialog } from "~/modules/team/components/assign-dialog";
import { DeleteEventDialog, EditEventDialog, SaveTemplateDialog } from "./event-dialogs";
import { type EventLists, ListDialog } from "./list-dialog";

// The dashboard's dialogs, loaded when one opens (events.$eventId.tsx: React.lazy,
// decision 014); a dialog the URL asks for still renders on the server.

type DashboardData = EventLists & {
  event: ComponentProps<typeof EditEventDialog>["event"];
  contacts: Contact[];
  clientAccess: ClientAccess[];
  roster: readonly RosterEntry[];
};

/** The dialog the URL asks for; one for a row that no longer exists shows nothing. */
export function DashboardDialog({ dialog, id, data, team }: { dialog: DashboardIntent; id: string | null; data: DashboardData; team: TeamSources }) {
  const listDialog = ListDialog({ dialog, id, lists: data, event: data.event });
  if (listDialog !== undefined) return listDialog;
  const teamRow = teamRows(team).find((row) => row.key === id);
  switch (dialog) {
    case "assign-block":
    case "assign-shot": {
      const row = dialog === "assign-block" ? data.blocks.find((block) => block.id === id) : data.shots.find((shot) => shot.id === id);
      return row ? <AssignDialog intent={dialog} row={row} roster={data.roster} /> : null;
    }
    case "edit-event":
      return <EditEventDialog event={data.event} />;
    case "delete-event":
      return <DeleteEventDialog event={data.event} />;
    case "save-template":
      return <SaveTemplateDialog event={data.event} />;
    case "invite-team":
      return <InviteDialog contacts={data.contacts} contactId={id} />;
    case "remove-team":
      return teamRow ? <RemoveTeamDialog row={teamRow} /> : null;
    case "leave-event":
      return <LeaveEventDialog eventTitle={data.event.title} />;
    case "create-client-access":
      return <CreateClientAccessDialog />;
    case "revoke-client-access": {
      const access = data.clientAccess.find((row) => row.id === id);
      return access ? <RevokeClientAccessDialog access={access} /> : null;
    }
    default:
      return null;
  }
}
