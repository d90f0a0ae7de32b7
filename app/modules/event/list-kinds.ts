// The four lists under an event, by kind: their own file so that the rows' schemas
// (lists.schema.ts) and the lists' rules (lists.ts) both name them with no import going back.
export const LIST_KINDS = ["block", "shot", "person", "vendor"] as const;
export type ListKind = (typeof LIST_KINDS)[number];
