/** What changed: the entity, upserted rows (whole rows, so a device applies them as they are) or deleted ids. */
export const ENTITIES = ["block", "shot", "person", "vendor", "event", "team", "client_access"] as const;
export type Entity = (typeof ENTITIES)[number];
