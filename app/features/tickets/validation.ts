import { z } from "zod";
import { ticketCategories, ticketStatuses } from "./ticket-shapes";

/**
 * Support tickets at the boundary (issue 17 scope 6): what a form, an API call and a screen's
 * query may carry. Client-safe: the forms check the same limits before they send.
 */

export const MAX_SUBJECT_LENGTH = 200;
export const MAX_BODY_LENGTH = 10_000;
/** An attachment's largest size, and how many one message may carry. */
export const MAX_TICKET_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_TICKET_FILES = 5;
/** A message's request: its files, its text (4 bytes a character at most) and the framing. */
export const TICKET_REQUEST_BYTES = MAX_TICKET_FILES * MAX_TICKET_FILE_BYTES + 256 * 1024;
/** What the file picker offers (the server decides by the bytes, whatever the picker let in). */
export const ticketFileAccept =
  "image/png,image/jpeg,image/gif,image/webp,image/bmp,image/avif,application/pdf,application/zip,.zip,text/plain,.txt,.md,.csv,.log,.json";

/** The paths whose requests carry files: a new ticket, a reply of the site, one of the desk. */
export const ticketUploadPath = /^\/api\/(tickets|(desk\/)?tickets\/[^/]+\/replies)$/;

const text = (max: number) =>
  z
    .string()
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1).max(max));

export const ticketBodySchema = text(MAX_BODY_LENGTH);
export const ticketSubjectSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1).max(MAX_SUBJECT_LENGTH));
export const ticketCategorySchema = z.enum(ticketCategories);
export const ticketStatusSchema = z.enum(ticketStatuses);

/** A new ticket's text fields (its files come beside them). */
export const newTicketSchema = z
  .object({ subject: ticketSubjectSchema, category: ticketCategorySchema, body: ticketBodySchema })
  .strict();
export type NewTicketInput = z.infer<typeof newTicketSchema>;

export const ticketReplySchema = z.object({ body: ticketBodySchema }).strict();

/** The desk sets any status; the site only marks its ticket resolved (a reply reopens it). */
export const ticketStatusChangeSchema = z.object({ status: ticketStatusSchema }).strict();
export const ticketAssignSchema = z
  .object({ assigneeId: z.string().trim().min(1).max(100).nullable() })
  .strict();

/** The queue's "assigned" filter: anyone's, the viewer's, nobody's. */
export const assignedFilters = ["any", "me", "none"] as const;
export type AssignedFilter = (typeof assignedFilters)[number];

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .optional()
    .transform((value) => ((values as readonly string[]).includes(value ?? "") ? value : undefined))
    .pipe(z.enum(values).optional());

/** The screens' query: unknown values fall back to the defaults rather than fail the page. */
export const ticketListQuerySchema = z.object({
  status: optionalEnum(ticketStatuses),
  category: optionalEnum(ticketCategories),
  assigned: optionalEnum(assignedFilters).transform((value) => value ?? "any"),
  q: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim().slice(0, 100)),
  page: z
    .string()
    .optional()
    .transform((value) => {
      const page = Number(value);
      return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
    }),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** The queue's page size. */
export const TICKETS_PAGE_SIZE = 25;

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
