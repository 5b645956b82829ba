/** Spec §3 support ticket categories and §4 statuses (unresolved warning, awaited info, resolved success). */
export const ticketCategories = ["siteDown", "setup", "issue", "bug", "feature"] as const;
export type TicketCategory = (typeof ticketCategories)[number];

export const ticketStatuses = ["unresolved", "awaited", "resolved"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** A file attached to a reply, stored in the site's bucket under tickets/. */
export type TicketAttachment = { key: string; name: string; size: number; type: string };
