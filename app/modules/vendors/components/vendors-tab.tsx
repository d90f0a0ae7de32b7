import { Card } from "~/components/ui/card";
import { useListWindow } from "~/components/ui/list-window";
import { vendorList } from "../list";
import { RowMenuItems, useRowMenu } from "~/components/ui/row-actions";
import { VENDOR_TYPE_LABELS, VENDOR_TYPES } from "~/db/enums";
import type { eventVendors } from "~/db/schema";
import { useDialogHrefs } from "~/modules/event/dialog-href";
import { ListHeader } from "~/modules/event/components/list-header";
import { canDo } from "~/modules/event/intents";
import { ConflictNotice, PendingMark } from "~/modules/offline/use-outbox";
import type { Grant } from "~/modules/event/permissions";

export type Vendor = typeof eventVendors.$inferSelect;

const SOCIAL = [
  { key: "instagramHandle", label: "Instagram", url: "https://www.instagram.com/" },
  { key: "facebookHandle", label: "Facebook", url: "https://www.facebook.com/" },
  { key: "twitterHandle", label: "X", url: "https://x.com/" },
  { key: "tiktokHandle", label: "TikTok", url: "https://www.tiktok.com/@" },
] as const;

const link = "text-brand-700 underline underline-offset-2 break-all";

/** docs/product/screens.md#vendors: grouped by type, Add Vendor, edit and delete per vendor. */
export function VendorsTab({ vendors, role }: { vendors: Vendor[]; role: Grant }) {
  const dialogs = useDialogHrefs();
  const canEdit = canDo(role, "edit-vendor");
  const menu = useRowMenu();
  const list = useListWindow(vendors, { noun: "vendors", text: vendorList.searchText });
  const groups = VENDOR_TYPES.map((type) => ({ type, items: list.shown.filter((vendor) => vendor.vendorType === type) })).filter((group) => group.items.length > 0);
  return (
    <>
      <ListHeader count={list.count} noun={["vendor", "vendors"]} addLabel="Add Vendor" addTo={canEdit ? dialogs.open("add-vendor") : null} />
      {list.count === 0 ? (
        <p className="text-slate-600">{canEdit ? 'No vendors added yet. Click "Add Vendor" to get started.' : "No vendors added yet."}</p>
      ) : null}
      {list.controls}
      {groups.map((group) => (
        <section key={group.type} className="mb-4" aria-labelledby={`vendors-${group.type}`}>
          <h2 id={`vendors-${group.type}`} className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase">
            {VENDOR_TYPE_LABELS[group.type]}
          </h2>
          <ul className="space-y-2">
            {group.items.map((vendor) => (
              <li key={vendor.id}>
                <Card data-conflict-home className="flex flex-wrap items-start gap-2 !p-4">
                  <div className="min-w-0 flex-1 space-y-1">
                    <p className="font-semibold break-words text-slate-900">
                      {vendor.vendorName}
                      <PendingMark id={vendor.id} />
                    </p>
                    <p className="text-sm text-slate-600">
                      {[VENDOR_TYPE_LABELS[vendor.vendorType], vendor.companyName].filter(Boolean).join(" · ")}
                    </p>
                    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                      {vendor.phoneNumber ? (
                        <a className={link} href={`tel:${vendor.phoneNumber.replace(/[^\d+]/g, "")}`}>
                          {vendor.phoneNumber}
                        </a>
                      ) : null}
                      {vendor.email ? (
                        <a className={link} href={`mailto:${vendor.email}`}>
                          {vendor.email}
                        </a>
                      ) : null}
                      {vendor.website ? (
                        <a className={link} href={vendor.website} target="_blank" rel="noopener noreferrer">
                          {vendor.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
                        </a>
                      ) : null}
                      {SOCIAL.map(({ key, label, url }) =>
                        vendor[key] ? (
                          <a key={key} className={link} href={`${url}${encodeURIComponent(vendor[key])}`} target="_blank" rel="noopener noreferrer">
                            {label} @{vendor[key]}
                          </a>
                        ) : null,
                      )}
                    </p>
                    {vendor.notes ? <p className="text-sm whitespace-pre-line text-slate-600">{vendor.notes}</p> : null}
                  </div>
                  {canEdit
                    ? menu.button(vendor.id, vendor.vendorName, () => (
                        <RowMenuItems editTo={dialogs.open("edit-vendor", vendor.id)} deleteTo={dialogs.open("delete-vendor", vendor.id)} />
                      ))
                    : null}
                  <ConflictNotice rowId={vendor.id} />
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {list.footer}
      {menu.form}
    </>
  );
}
