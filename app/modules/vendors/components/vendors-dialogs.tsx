import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Field } from "~/components/forms";
import { optionsOf, SelectField, TextareaField } from "~/components/dialog-fields";
import { VENDOR_TYPE_LABELS, VENDOR_TYPES, type VendorType } from "~/db/enums";
import { ConfirmDialog, FormDialog, formDefaults, useDialogForm } from "~/modules/event/components/form-dialog";
import { VendorSchema } from "../schema";
import type { Vendor } from "./vendors-tab";

// The vendor list's dialogs, loaded when one opens (with zod and conform, they are
// not in the page's first JavaScript); a dialog the URL asks for still renders on the server.

const VENDOR_FIELDS = [
  "vendorName",
  "vendorType",
  "companyName",
  "email",
  "phoneNumber",
  "website",
  "instagramHandle",
  "facebookHandle",
  "twitterHandle",
  "tiktokHandle",
  "notes",
] as const;

const SOCIAL_FIELDS = ["instagramHandle", "facebookHandle", "twitterHandle", "tiktokHandle"] as const;

/** Add Vendor / Edit Vendor (docs/product/validation.md messages: vendor name and type required, email and URL valid). */
export function VendorDialog({ vendor, defaultType }: { vendor?: Vendor; defaultType?: VendorType }) {
  const intent = vendor ? "edit-vendor" : "add-vendor";
  const [form, fields, base] = useDialogForm(intent, vendor?.id, VendorSchema, vendor ? formDefaults(vendor, VENDOR_FIELDS) : defaultType ? { vendorType: defaultType } : undefined);
  return (
    <FormDialog base={base} title={vendor ? "Edit Vendor" : "Add Vendor"} intent={intent} id={vendor?.id} form={form} submitLabel={vendor ? "Save Vendor" : "Add Vendor"}>
      <Field required label="Vendor Name" inputProps={{ ...getInputProps(fields.vendorName, { type: "text" }), autoFocus: !vendor }} errors={fields.vendorName.errors} />
      <SelectField
        required
        label="Vendor Type"
        inputProps={getSelectProps(fields.vendorType)}
        options={optionsOf(VENDOR_TYPES, VENDOR_TYPE_LABELS)}
        placeholder="Select a type"
        errors={fields.vendorType.errors}
      />
      <Field label="Company Name" inputProps={getInputProps(fields.companyName, { type: "text" })} errors={fields.companyName.errors} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }} errors={fields.email.errors} />
        <Field label="Phone" inputProps={{ ...getInputProps(fields.phoneNumber, { type: "tel" }), autoComplete: "off" }} errors={fields.phoneNumber.errors} />
      </div>
      <Field label="Website" inputProps={{ ...getInputProps(fields.website, { type: "text" }), inputMode: "url" }} errors={fields.website.errors} />
      {/* The social handles, seldom filled, under 'More': open when one has a value or an error. */}
      <details open={SOCIAL_FIELDS.some((name) => Boolean(vendor?.[name]) || Boolean(fields[name].errors?.length)) || undefined} className="group rounded-lg border border-slate-200">
        <summary className="flex min-h-11 cursor-pointer items-center justify-between px-3 text-sm font-medium text-slate-800">
          More
          <span aria-hidden="true" className="text-slate-500 group-open:rotate-180">
            ▾
          </span>
        </summary>
        <div className="grid grid-cols-2 gap-3 px-3 pb-3">
          <Field label="Instagram" inputProps={getInputProps(fields.instagramHandle, { type: "text" })} errors={fields.instagramHandle.errors} />
          <Field label="Facebook" inputProps={getInputProps(fields.facebookHandle, { type: "text" })} errors={fields.facebookHandle.errors} />
          <Field label="X (Twitter)" inputProps={getInputProps(fields.twitterHandle, { type: "text" })} errors={fields.twitterHandle.errors} />
          <Field label="TikTok" inputProps={getInputProps(fields.tiktokHandle, { type: "text" })} errors={fields.tiktokHandle.errors} />
        </div>
      </details>
      <TextareaField label="Notes" inputProps={getTextareaProps(fields.notes)} errors={fields.notes.errors} />
    </FormDialog>
  );
}

export function DeleteVendorDialog({ vendor }: { vendor: Vendor }) {
  return (
    <ConfirmDialog
      title="Delete vendor?"
      message={`${vendor.vendorName}${vendor.companyName ? ` (${vendor.companyName})` : ""} will be removed from this event's vendors.`}
      intent="delete-vendor"
      id={vendor.id}
      confirmLabel="Delete Vendor"
    />
  );
}
