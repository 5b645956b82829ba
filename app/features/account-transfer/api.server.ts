import { Hono } from "hono";
import type { Tenant } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import { isSiteOwner } from "~/features/tickets/tickets.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { RateLimits } from "~/platform/rate-limits/rate-limits.server";
import type { Storage } from "~/platform/storage/storage.server";
import { attachmentDisposition } from "~/platform/storage/attachment";
import { exportDownload } from "./account-transfer.server";
import { memberData } from "./member-data.server";

type TransferApiEnv = { Variables: { tenant: Tenant; viewer: Viewer | null } };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/account/exports/{id}/archive: a ready export of the host's site, to its owner (the
 * list and the request are the /dashboard/export screen's loader and action); GET
 * /api/account/my-data: what the site holds about the person asking.
 */
export function accountTransferApi(services: {
  database: Database;
  storage: Storage;
  rateLimits: RateLimits;
}) {
  const api = new Hono<TransferApiEnv>();
  // Reading every table of the site is not free: a few copies an hour is plenty for a person.
  const myData = services.rateLimits.create("member-data", { points: 5, duration: 60 * 60 });
  api.get("/account/exports/:exportId/archive", async (c) => {
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    const { accountId, slug } = tenant.account;
    if (!c.var.viewer) throw new AppError({ code: "not_authenticated" });
    // The whole account's data is its owner's (a super-admin is one on the platform's host only).
    if (!isSiteOwner(c.var.viewer, accountId)) throw new AppError({ code: "auth.forbidden" });
    const exportId = c.req.param("exportId");
    if (!uuid.test(exportId)) throw new AppError({ code: "route.notFound" });
    return exportDownload(services, { accountId, exportId, slug });
  });
  // A member's own data on this site (issue 37): anyone signed in here, about themselves only.
  api.get("/account/my-data", async (c) => {
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    const viewer = c.var.viewer;
    if (!viewer) throw new AppError({ code: "not_authenticated" });
    const { accountId, slug } = tenant.account;
    await myData.take(`${accountId}:${viewer.user.id}`, "request.tooMany");
    const found = await memberData(services.database, { accountId, slug, userId: viewer.user.id });
    const day = found.exportedAt.slice(0, 10);
    return new Response(JSON.stringify(found, null, 2), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": attachmentDisposition(`${slug}-my-data-${day}.json`),
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  });
  return api;
}
