import { Hono, type Context } from "hono";
import { z } from "zod";
import type { Tenant } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import { AppError } from "~/platform/errors";
import type { RateLimits } from "~/platform/rate-limits/rate-limits.server";
import { requireDesk, requireSiteOwner } from "./ticket-access.server";
import { ticketFileResponse, type UploadedFile } from "./ticket-files.server";
import { ticketFileFor } from "./ticket-reads.server";
import {
  assignTicket,
  changeTicketStatus,
  openTicket,
  replyToTicket,
  type TicketDeps,
} from "./ticket-writes.server";
import {
  MAX_TICKET_FILE_BYTES,
  MAX_TICKET_FILES,
  newTicketSchema,
  ticketAssignSchema,
  ticketReplySchema,
  ticketStatusChangeSchema,
  uuidPattern,
} from "./validation";

type TicketsApiEnv = { Variables: { tenant: Tenant; viewer: Viewer | null } };

/** New tickets a person may open on one site in the window: a help desk, not a chat. */
const OPENINGS_PER_WINDOW = 5;
const OPENING_WINDOW_SECONDS = 10 * 60;

/** The field that carries a message's files; every other field is text, given once. */
const FILES_FIELD = "files";

/**
 * A message's form (multipart with its files, or a plain form without): its text fields, each
 * once, and its files, refused by count and size before any is read whole.
 */
async function readMessageForm(
  request: Request,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/.test(type))
    throw new AppError({ code: "request.invalid" });
  const form = await request.formData().catch(() => null);
  if (!form) throw new AppError({ code: "request.malformed" });
  const fields: Record<string, string> = {};
  const uploads: File[] = [];
  for (const [name, value] of form.entries()) {
    if (name === FILES_FIELD) {
      if (typeof value === "string") throw new AppError({ code: "request.invalid" });
      // A file input left empty sends a nameless, empty part.
      if (value.size === 0 && value.name === "") continue;
      uploads.push(value);
      continue;
    }
    if (typeof value !== "string" || Object.hasOwn(fields, name))
      throw new AppError({ code: "request.invalid" });
    fields[name] = value;
  }
  if (uploads.length > MAX_TICKET_FILES) throw new AppError({ code: "tickets.tooManyFiles" });
  if (uploads.some((file) => file.size > MAX_TICKET_FILE_BYTES))
    throw new AppError({ code: "request.tooLarge" });
  const files = await Promise.all(
    uploads.map(async (file) => ({
      name: file.name,
      bytes: Buffer.from(await file.arrayBuffer()),
    })),
  );
  return { fields, files };
}

async function jsonObject(c: Context<TicketsApiEnv>): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch(() => {
    throw new AppError({ code: "request.invalid" });
  });
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new AppError({ code: "request.invalid" });
  return body as Record<string, unknown>;
}

function signedIn(c: Context<TicketsApiEnv>): Viewer {
  c.header("Cache-Control", "no-store");
  const viewer = c.var.viewer;
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  return viewer;
}

/** The host's site, for its owner: the site's side of the tickets. */
function siteOwner(c: Context<TicketsApiEnv>) {
  const viewer = signedIn(c);
  const tenant = c.var.tenant;
  if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
  requireSiteOwner(viewer, tenant.account.accountId);
  return { viewer, accountId: tenant.account.accountId };
}

/** A super-admin, on any host: the platform's desk. */
function deskViewer(c: Context<TicketsApiEnv>): Viewer {
  const viewer = signedIn(c);
  requireDesk(viewer);
  return viewer;
}

function ticketIdOf(c: Context<TicketsApiEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!uuidPattern.test(id)) throw new AppError({ code: "tickets.notFound" });
  return id;
}

const emptySchema = z.object({}).strict();

/**
 * Issue 17 scope 6, support tickets. The site's owner: `POST /api/tickets` (a new ticket with
 * its first message and files), `POST /api/tickets/:id/replies`, `POST /api/tickets/:id/resolve`.
 * The platform's desk (super-admins): `POST /api/desk/tickets/:id/replies`, `/status`, `/assign`.
 * Both: `GET /api/tickets/:id/files/:fileId`, an attachment as a download.
 */
export function ticketsApi(
  deps: TicketDeps & { superAdminEmails: readonly string[]; rateLimits: RateLimits },
) {
  const api = new Hono<TicketsApiEnv>();
  // Counted in the shared store, so every worker and instance spends the same budget.
  const openings = deps.rateLimits.create("ticket-openings", {
    points: OPENINGS_PER_WINDOW,
    duration: OPENING_WINDOW_SECONDS,
  });

  api.post("/tickets", async (c) => {
    const { viewer, accountId } = siteOwner(c);
    await openings.take(`user:${accountId}:${viewer.user.id}`);
    const { fields, files } = await readMessageForm(c.req.raw);
    const input = newTicketSchema.parse(fields);
    const ticket = await openTicket(deps, { viewer, accountId, input, files });
    return c.json({ ticket }, 201);
  });

  api.post("/tickets/:id/replies", async (c) => {
    const { viewer, accountId } = siteOwner(c);
    const ticketId = ticketIdOf(c);
    const { fields, files } = await readMessageForm(c.req.raw);
    const { body } = ticketReplySchema.parse(fields);
    const reply = await replyToTicket(deps, {
      side: "site",
      viewer,
      hostAccountId: accountId,
      ticketId,
      body,
      files,
    });
    return c.json({ reply }, 201);
  });

  api.post("/tickets/:id/resolve", async (c) => {
    const { viewer, accountId } = siteOwner(c);
    const ticketId = ticketIdOf(c);
    emptySchema.parse(await jsonObject(c));
    const answer = await changeTicketStatus(deps, {
      side: "site",
      viewer,
      hostAccountId: accountId,
      ticketId,
      status: "resolved",
    });
    return c.json(answer);
  });

  api.get("/tickets/:id/files/:fileId", async (c) => {
    const viewer = signedIn(c);
    const tenant = c.var.tenant;
    const found = await ticketFileFor(deps.database, {
      hostAccountId: tenant.kind === "account" ? tenant.account.accountId : null,
      viewer,
      ticketId: c.req.param("id"),
      fileId: c.req.param("fileId"),
    });
    return ticketFileResponse(deps.storage, found);
  });

  api.post("/desk/tickets/:id/replies", async (c) => {
    const viewer = deskViewer(c);
    const ticketId = ticketIdOf(c);
    const { fields, files } = await readMessageForm(c.req.raw);
    const { body } = ticketReplySchema.parse(fields);
    const reply = await replyToTicket(deps, {
      side: "desk",
      viewer,
      hostAccountId: null,
      ticketId,
      body,
      files,
    });
    return c.json({ reply }, 201);
  });

  api.post("/desk/tickets/:id/status", async (c) => {
    const viewer = deskViewer(c);
    const ticketId = ticketIdOf(c);
    const { status } = ticketStatusChangeSchema.parse(await jsonObject(c));
    const answer = await changeTicketStatus(deps, {
      side: "desk",
      viewer,
      hostAccountId: null,
      ticketId,
      status,
    });
    return c.json(answer);
  });

  api.post("/desk/tickets/:id/assign", async (c) => {
    const viewer = deskViewer(c);
    const ticketId = ticketIdOf(c);
    const { assigneeId } = ticketAssignSchema.parse(await jsonObject(c));
    const answer = await assignTicket(deps, {
      viewer,
      ticketId,
      assigneeId,
      superAdminEmails: deps.superAdminEmails,
    });
    return c.json(answer);
  });

  return api;
}
