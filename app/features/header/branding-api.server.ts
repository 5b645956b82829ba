import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { hostAccountOf, type Tenant } from "~/features/accounts/accounts";
import type { RequestFacts } from "~/features/auth/auth";
import { requireSiteManager, type Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Storage } from "~/platform/storage/storage.server";
import type { AccountCacheDropper } from "./branding.server";
import { MAX_LOGO_BYTES } from "./branding-validation";
import { saveBranding, storeLogo } from "./branding.server";

type BrandingApiEnv = {
  Variables: { tenant: Tenant; viewer: Viewer | null; facts: RequestFacts };
};

/**
 * D16: the site's logo, dark logo and logo width, for its managers (manage_options) and
 * super-admins — `PUT /api/account/branding` saves the three settings, `POST
 * /api/account/branding/logo` stores an uploaded image and answers its address.
 */
export function brandingApi({
  database,
  storage,
  siteCache,
}: {
  database: Database;
  storage: Storage;
  siteCache: AccountCacheDropper;
}) {
  const api = new Hono<BrandingApiEnv>();
  // Who asks comes first: nobody else learns anything, not even what the input should be. A
  // browser names the page that sent the request: another site (even a sister sub-domain, which
  // SameSite cookies let through) may not change this one.
  const manager = createMiddleware<BrandingApiEnv>(async (c, next) => {
    const hostAccountId = hostAccountOf(c.var.tenant);
    requireSiteManager(c.var.viewer, { accountId: hostAccountId ?? "", hostAccountId });
    const origin = c.req.header("origin");
    if (origin && origin !== c.var.facts.origin) throw new AppError({ code: "auth.forbidden" });
    await next();
  });

  api.put("/account/branding", manager, async (c) => {
    const input: unknown = await c.req.json().catch(() => undefined);
    const branding = await saveBranding(
      { database, siteCache },
      { viewer: c.var.viewer, hostAccountId: hostAccountOf(c.var.tenant), input },
    );
    return c.json({ branding });
  });

  api.post("/account/branding/logo", manager, async (c) => {
    const length = Number(c.req.header("content-length") ?? 0);
    if (length > MAX_LOGO_BYTES + 64 * 1024) throw new AppError({ code: "upload.invalidImage" });
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    const logo = await storeLogo(
      { storage },
      {
        viewer: c.var.viewer,
        hostAccountId: hostAccountOf(c.var.tenant),
        variant: form?.get("variant"),
        upload: file instanceof File ? Buffer.from(await file.arrayBuffer()) : null,
      },
    );
    return c.json(logo);
  });

  return api;
}
