import type { eventVendors } from "~/db/schema";
import type { ListDescriptor } from "~/modules/lists/descriptor";

// The vendors of an event as a list (app/modules/lists/descriptor.ts says what each part is for).
type Vendor = typeof eventVendors.$inferSelect;

export const vendorList = {
  kind: "vendor",
  name: "vendors",
  rights: { add: "editVendors", edit: "editVendors", delete: "editVendors" },
  clientRights: { add: "canEditVendors", edit: "canEditVendors" },
  portalFields: [
    "id",
    "eventId",
    "vendorName",
    "companyName",
    "vendorType",
    "email",
    "phoneNumber",
    "website",
    "instagramHandle",
    "facebookHandle",
    "twitterHandle",
    "tiktokHandle",
    "notes",
    "createdAt",
    "updatedAt",
  ],
  teamFields: [],
  order: [{ field: "vendorType" }, { field: "vendorName", nocase: true }, { field: "id" }],
  limit: { max: 100, noun: "vendors" },
  // docs/product/messages.md#events-and-team: vendor save and delete show the error message.
  failed: { addFailed: "Error", updateFailed: "Error", deleteFailed: "Error" },
  // docs/product/messages.md#client-portal, the client portal: 'Failed to add vendor'.
  clientFailed: { addFailed: "Failed to add vendor" },
  searchText: (vendor) => `${vendor.vendorName} ${vendor.companyName ?? ""} ${vendor.notes ?? ""}`,
  subject: (vendor) => vendor.vendorName,
  // docs/product/notifications.md#types: vendor changes notify no one.
  notices: {},
  clientChanges: {
    add: (name) => `added the vendor ${name}`,
    edit: (name) => `updated the vendor ${name}`,
  },
} as const satisfies ListDescriptor<"vendor", Vendor, keyof Vendor>;
