/**
 * The service worker's cache of kept pages. public/sw.js and public/offline.js (plain
 * scripts, outside the build) spell it too; tests/unit/offline-reading.test.ts holds
 * them to this one.
 */
export const PAGE_CACHE = "event-flow-pages-v1";
