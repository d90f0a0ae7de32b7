// Decision 017: what a page of a deleted event says to those who could open it
// (docs/product/messages.md#events-and-team). Client-safe: the pages show it, the server answers it.

/** The page's heading for the lead's other devices, the team and the event's client links. */
export const EVENT_DELETED = "This event was deleted by its photographer";
/** Gone: the event existed and was deleted (a stranger gets 404, as for an id that never existed). */
export const EVENT_DELETED_STATUS = 410;
