import {
  BLOCK_TYPE_LABELS,
  PERSON_ROLE_LABELS,
  PERSON_ROLES,
  SHOT_CATEGORIES,
  SHOT_CATEGORY_LABELS,
  VENDOR_TYPE_LABELS,
  type BlockType,
  type PersonRole,
  type ShotCategory,
  type VendorType,
} from "~/db/enums";
import { PERSON_DEFAULTS } from "~/modules/people/schema";
import { SHOT_DEFAULTS } from "~/modules/shots/schema";
import type { TeamChangeType } from "~/modules/notifications/team-change-types";
import type { CsvColumn } from "./csv";

// Each list's CSV columns, headed with its dialog's labels (docs/product/screens.md#import-and-export).
// An export writes them all; an import of people or shots reads those its add form has,
// in any order, and passes over the export's own (`Done`, `Assigned to`), so an exported
// file imports again as it is.

/** The lists a file holds, by the name in its URL and file name. */
export const EXPORT_LISTS = ["timeline", "shots", "people", "vendors"] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];
export const isExportList = (value: unknown): value is ExportList => EXPORT_LISTS.some((list) => list === value);

/** The lists an import writes, with the noun its messages use and the team's one notification of a confirmed import (docs/product/notifications.md#types). */
export const IMPORT_LISTS = {
  people: { kind: "person", noun: ["person", "people"], notice: "people_imported" },
  shots: { kind: "shot", noun: ["shot", "shots"], notice: "shots_imported" },
} as const satisfies Record<string, { kind: string; noun: readonly [string, string]; notice: TeamChangeType }>;
export type ImportList = keyof typeof IMPORT_LISTS;
export const isImportList = (value: unknown): value is ImportList => value === "people" || value === "shots";

type Cell = string | number | boolean | null;
/** What an export column reads: the row, and a team member's name by user id. */
type ExportColumn<Row> = { header: string; value: (row: Row, nameOf: (userId: string) => string) => Cell };

const yesNo = (value: boolean) => (value ? "yes" : "no");
const names = (ids: readonly string[], nameOf: (userId: string) => string) => ids.map(nameOf).join("; ");

type BlockRow = {
  title: string;
  blockType: BlockType;
  startTime: string | null;
  durationMinutes: number;
  location: string | null;
  notes: string | null;
  teamNotes?: string | null;
  fixedTime: boolean;
  travelMinutes: number | null;
  isDone: boolean;
  assignees?: readonly string[];
};
type ShotRow = { title: string; category: ShotCategory; description: string | null; teamNotes?: string | null; isDone: boolean; assignees?: readonly string[] };
type PersonRow = { firstName: string; lastName: string | null; role: PersonRole; isVip: boolean; pronunciation: string | null; notes: string | null; teamNotes?: string | null };
type VendorRow = {
  vendorName: string;
  companyName: string | null;
  vendorType: VendorType;
  email: string | null;
  phoneNumber: string | null;
  website: string | null;
  instagramHandle: string | null;
  facebookHandle: string | null;
  twitterHandle: string | null;
  tiktokHandle: string | null;
  notes: string | null;
};

export const TIMELINE_COLUMNS: readonly ExportColumn<BlockRow>[] = [
  { header: "Start Time", value: (b) => b.startTime },
  { header: "Title", value: (b) => b.title },
  { header: "Type", value: (b) => BLOCK_TYPE_LABELS[b.blockType] },
  { header: "Duration (minutes)", value: (b) => b.durationMinutes },
  { header: "Location", value: (b) => b.location },
  { header: "Notes", value: (b) => b.notes },
  { header: "Team notes", value: (b) => b.teamNotes ?? null },
  { header: "Fixed time", value: (b) => yesNo(b.fixedTime) },
  { header: "Travel to next (min)", value: (b) => b.travelMinutes },
  { header: "Done", value: (b) => yesNo(b.isDone) },
  { header: "Assigned to", value: (b, nameOf) => names(b.assignees ?? [], nameOf) },
];

export const SHOT_COLUMNS: readonly ExportColumn<ShotRow>[] = [
  { header: "Title", value: (s) => s.title },
  { header: "Category", value: (s) => SHOT_CATEGORY_LABELS[s.category] },
  { header: "Description", value: (s) => s.description },
  { header: "Team notes", value: (s) => s.teamNotes ?? null },
  { header: "Done", value: (s) => yesNo(s.isDone) },
  { header: "Assigned to", value: (s, nameOf) => names(s.assignees ?? [], nameOf) },
];

export const PEOPLE_COLUMNS: readonly ExportColumn<PersonRow>[] = [
  { header: "First Name", value: (p) => p.firstName },
  { header: "Last Name", value: (p) => p.lastName },
  { header: "Role", value: (p) => PERSON_ROLE_LABELS[p.role] },
  { header: "VIP", value: (p) => yesNo(p.isVip) },
  { header: "Pronunciation", value: (p) => p.pronunciation },
  { header: "Notes", value: (p) => p.notes },
  { header: "Team notes", value: (p) => p.teamNotes ?? null },
];

export const VENDOR_COLUMNS: readonly ExportColumn<VendorRow>[] = [
  { header: "Vendor Name", value: (v) => v.vendorName },
  { header: "Company Name", value: (v) => v.companyName },
  { header: "Vendor Type", value: (v) => VENDOR_TYPE_LABELS[v.vendorType] },
  { header: "Email", value: (v) => v.email },
  { header: "Phone", value: (v) => v.phoneNumber },
  { header: "Website", value: (v) => v.website },
  { header: "Instagram", value: (v) => v.instagramHandle },
  { header: "Facebook", value: (v) => v.facebookHandle },
  { header: "X (Twitter)", value: (v) => v.twitterHandle },
  { header: "TikTok", value: (v) => v.tiktokHandle },
  { header: "Notes", value: (v) => v.notes },
];

/** A list's rows as the CSV's header and cells. */
export function tableOf<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[], nameOf: (userId: string) => string) {
  return { header: columns.map((column) => column.header), rows: rows.map((row) => columns.map((column) => column.value(row, nameOf))) };
}

// ------------------------------------------------------------------ import

/** The columns an import reads, by the field of the add form each fills. */
export const IMPORT_COLUMNS: Record<ImportList, readonly CsvColumn[]> = {
  people: [
    { field: "firstName", header: "First Name", required: true },
    { field: "lastName", header: "Last Name" },
    { field: "role", header: "Role" },
    { field: "isVip", header: "VIP" },
    { field: "pronunciation", header: "Pronunciation" },
    { field: "notes", header: "Notes" },
    { field: "teamNotes", header: "Team notes" },
  ],
  shots: [
    { field: "title", header: "Title", required: true },
    { field: "category", header: "Category" },
    { field: "description", header: "Description" },
    { field: "teamNotes", header: "Team notes" },
  ],
};

/** Columns of our own export an import passes over. */
export const IMPORT_IGNORED = ["Done", "Assigned to"] as const;

const folded = (text: string) => text.trim().toLowerCase();

/** A label ('Grandparent', 'Family Formals') or the stored value ('grandparent') as the stored value; anything else as it was, for the schema to refuse. */
function enumValue<T extends string>(text: string, values: readonly T[], labels: Record<T, string>): string {
  const wanted = folded(text);
  return values.find((value) => folded(value) === wanted || folded(labels[value]) === wanted) ?? text.trim();
}

const TRUE = new Set(["yes", "y", "true", "1", "x", "on", "vip"]);
const FALSE = new Set(["", "no", "n", "false", "0", "off"]);
export const VIP_INVALID = "VIP must be yes or no";

/**
 * A row's cells as its add form would post them (what the form schema reads), with the
 * add form's defaults for an empty choice; or an error of the file's own (a VIP that is
 * neither yes nor no).
 */
export function formValuesOf(list: ImportList, cells: Readonly<Record<string, string>>): { values: Record<string, string> } | { field: string; error: string } {
  const values: Record<string, string> = {};
  for (const [field, text] of Object.entries(cells)) if (text.trim() !== "") values[field] = text;
  if (list === "people") {
    values.role = cells.role?.trim() ? enumValue(cells.role, PERSON_ROLES, PERSON_ROLE_LABELS) : PERSON_DEFAULTS.role;
    const vip = folded(cells.isVip ?? "");
    if (!TRUE.has(vip) && !FALSE.has(vip)) return { field: "isVip", error: VIP_INVALID };
    if (TRUE.has(vip)) values.isVip = "on";
    else delete values.isVip;
  } else {
    values.category = cells.category?.trim() ? enumValue(cells.category, SHOT_CATEGORIES, SHOT_CATEGORY_LABELS) : SHOT_DEFAULTS.category;
  }
  return { values };
}

/** A field's column header, for a row's error ('Role: Please choose a role'). */
export function headerOf(list: ImportList, field: string) {
  return IMPORT_COLUMNS[list].find((column) => column.field === field)?.header ?? field;
}
