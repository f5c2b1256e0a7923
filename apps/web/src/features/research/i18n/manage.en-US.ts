/** Strings of the owner’s screens: list, form, submitted, detail, members, authorityManagement (English: the reference shape). */
export const manageStringsEnUS = {};
