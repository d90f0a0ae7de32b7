import type { BlockType, VendorType } from "~/db/enums";
import { DeletePersonDialog, PersonDialog } from "~/modules/people/components/people-dialogs";
import type { Person } from "~/modules/people/components/people-tab";
import { DeleteShotDialog, GroupingDialog, ShotDialog } from "~/modules/shots/components/shots-dialogs";
import type { Shot } from "~/modules/shots/components/shots-tab";
import { BlockDialog, DeleteBlockDialog, RunningLateDialog } from "~/modules/timeline/components/timeline-dialogs";
import type { Block } from "~/modules/timeline/components/timeline-tab";
import type { LightEvent } from "~/modules/timeline/light-rows";
import { DeleteVendorDialog, VendorDialog } from "~/modules/vendors/components/vendors-dialogs";
import type { Vendor } from "~/modules/vendors/components/vendors-tab";
import type { DashboardIntent } from "../intents";

export type EventLists = { blocks: Block[]; shots: Shot[]; people: Person[]; vendors: Vendor[] };
/** Where the lists are edited from: the portal's add forms have their own defaults (docs/product/limits.md#defaults-when-adding). */
export type ListDefaults = { blockType?: BlockType; vendorType?: VendorType };

/**
 * The dialog of a list row that the URL asks for (`?dialog=<intent>&id=<row>`), for the
 * dashboard and the client portal alike. A row that no longer exists shows nothing;
 * `undefined` means the intent is not a list's. `forClient`: the portal's, whose forms
 * have no team notes (docs/product/roles.md#client-links).
 */
export function ListDialog({
  dialog,
  id,
  lists,
  defaults = {},
  forClient = false,
  event,
}: {
  dialog: DashboardIntent;
  id: string | null;
  lists: EventLists;
  defaults?: ListDefaults;
  forClient?: boolean;
  /** The lead's block form shows an anchored block's start from the day's light. */
  event?: LightEvent;
}) {
  const find = <T extends { id: string }>(rows: T[]) => rows.find((row) => row.id === id);
  const block = find(lists.blocks);
  const shot = find(lists.shots);
  const person = find(lists.people);
  const vendor = find(lists.vendors);
  switch (dialog) {
    case "add-block":
      return <BlockDialog defaultType={defaults.blockType} forClient={forClient} event={event} />;
    case "edit-block":
      return block ? <BlockDialog block={block} forClient={forClient} event={event} /> : null;
    case "delete-block":
      return block ? <DeleteBlockDialog block={block} /> : null;
    case "shift-block":
      return block ? <RunningLateDialog block={block} blocks={lists.blocks} /> : null;
    case "add-shot":
      return <ShotDialog forClient={forClient} />;
    case "edit-shot":
      return shot ? <ShotDialog shot={shot} forClient={forClient} /> : null;
    case "delete-shot":
      return shot ? <DeleteShotDialog shot={shot} /> : null;
    case "group-shot":
      return <GroupingDialog people={lists.people} />;
    case "regroup-shot":
      return shot ? <GroupingDialog shot={shot} people={lists.people} /> : null;
    case "add-person":
      return <PersonDialog forClient={forClient} />;
    case "edit-person":
      return person ? <PersonDialog person={person} forClient={forClient} /> : null;
    case "delete-person":
      return person ? <DeletePersonDialog person={person} shots={lists.shots} /> : null;
    case "add-vendor":
      return <VendorDialog defaultType={defaults.vendorType} />;
    case "edit-vendor":
      return vendor ? <VendorDialog vendor={vendor} /> : null;
    case "delete-vendor":
      return vendor ? <DeleteVendorDialog vendor={vendor} /> : null;
    default:
      return undefined;
  }
}
