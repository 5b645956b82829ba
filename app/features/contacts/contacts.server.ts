// The contacts feature's server door (M5): the site's audience, its consent log and segments.
export * from "./contact-commands.server";
export { contactsCsv } from "./contact-import.server";
export * from "./contact-records.server";
export { bulkTag, deleteContacts, saveContact } from "./contact-edits.server";
export { SOFT_OPT_IN_WORDING, syncContacts } from "./contact-sync.server";
export { countSegment, listSegments, segmentChoices, segmentWhere } from "./segments.server";
