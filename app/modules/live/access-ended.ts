/**
 * Close code of a socket whose access ended (removed, revoked, deleted, signed out,
 * expired): the live Durable Objects close with it, and a device that sees it stops
 * reconnecting. Its own file so that the browser's socket imports it without zod.
 */
export const ACCESS_ENDED = 4003;
