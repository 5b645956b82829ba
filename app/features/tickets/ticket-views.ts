import type { TicketCategory, TicketStatus } from "./ticket-shapes";
import type { AssignedFilter } from "./validation";

/**
 * What the tickets screens are given by their loaders (client-safe). The same screen serves
 * the site's owner (`site`: their own tickets) and the platform's desk (`desk`: every site's
 * queue, super-admins only).
 */
export type TicketView = "site" | "desk";

export type TicketPerson = { id: string; name: string };

export type TicketSummary = {
  id: string;
  number: number;
  subject: string;
  category: TicketCategory;
  status: TicketStatus;
  createdAt: string;
  updatedAt: string;
  /** The site the ticket is from (the desk's lists; the owner knows their own). */
  site: { slug: string; name: string };
  assignee: TicketPerson | null;
};

export type TicketListFilters = {
  status: TicketStatus | null;
  category: TicketCategory | null;
  assigned: AssignedFilter;
  q: string;
  page: number;
};

export type TicketsScreen = {
  view: TicketView;
  /** A super-admin who also owns this site may switch between the queue and their own tickets. */
  views: TicketView[];
  filters: TicketListFilters;
  tickets: { rows: TicketSummary[]; total: number; page: number; pageSize: number };
  /** The viewer's own id (the queue's "assigned to me"). */
  me: string;
};

export type TicketFile = { id: string; name: string; size: number; type: string; url: string };

export type TicketMessage = {
  id: string;
  fromPlatform: boolean;
  author: TicketPerson;
  body: string;
  createdAt: string;
  files: TicketFile[];
};

export type TicketThreadScreen = {
  view: TicketView;
  views: TicketView[];
  ticket: TicketSummary & { openedBy: TicketPerson };
  messages: TicketMessage[];
  /** The desk's assignee choices: the super-admins who have an account here. */
  assignees: TicketPerson[];
  me: string;
};

/** The thread's address, on the side the viewer works from (the site's needs no mark). */
export const ticketPath = (id: string, view: TicketView) =>
  `/dashboard/tickets/${id}${view === "desk" ? "?view=desk" : ""}`;

/** An attachment's download address. */
export const ticketFileUrl = (ticketId: string, fileId: string) =>
  `/api/tickets/${ticketId}/files/${fileId}`;
