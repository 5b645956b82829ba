import { Hono } from "hono";
import type { Tenant } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import { isSiteOwner } from "~/features/tickets/tickets.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Storage } from "~/platform/storage/storage.server";
import { exportDownload } from "./account-transfer.server";

type TransferApiEnv = { Variables: { tenant: Tenant; viewer: Viewer | null } };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/account/exports/{id}/archive: a ready export of the host's site, to its owner (the
 * list and the request are the /dashboard/export screen's loader and action).
 */
export function accountTransferApi(services: { database: Database; storage: Storage }) {
  const api = new Hono<TransferApiEnv>();
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
  return api;
}
