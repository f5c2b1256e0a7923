/** Strings of pools, joining, member views, shared files, phases and outcomes (English: the reference shape). */
export const joinStringsEnUS = {};
