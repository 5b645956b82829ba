import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { defaultLanguage, isLanguageCode } from "~/platform/i18n/languages";
import { AppError } from "~/platform/errors";
import { lazyChild } from "~/platform/logger.server";
import type { AppEnv } from "../app-env";
import { renderStatusPage } from "../status-page";

/** The platform's home page, in the request's scheme and port: where a dead end leads. */
function platformHome(c: Context<AppEnv>): string {
  const port = /:(\d+)$/.exec(c.req.header("host") ?? "")?.[1];
  const protocol = new URL(c.req.url).protocol;
  return `${protocol}//${c.var.services.env.BASE_DOMAIN}${port ? `:${port}` : ""}/`;
}

/** Host → tenant. An unknown or suspended host never reaches a loader or handler. */
export function tenant() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const resolved = await c.var.services.tenants.resolve(c.req.header("host"));
    c.set("tenant", resolved);
    const language =
      resolved.kind === "account" || resolved.kind === "suspended"
        ? resolved.account.settings.defaultLanguage
        : undefined;
    c.set("lang", isLanguageCode(language) ? language : defaultLanguage);
    if (resolved.kind === "account" || resolved.kind === "suspended") {
      c.set("logger", lazyChild(c.var.logger, { accountId: resolved.account.accountId }));
    }
    if (resolved.kind === "unknown") {
      if (c.req.path.startsWith("/api/")) throw new AppError({ code: "tenant.notFound" });
      return c.html(
        renderStatusPage({
          lang: c.var.lang,
          status: 404,
          titleKey: "noSuchSite",
          textKey: "noSuchSiteText",
          homeHref: platformHome(c),
        }),
        404,
      );
    }
    if (resolved.kind === "suspended") {
      // Everything of a suspended site answers this, its dashboard and sign-in included (the
      // console runs on another site); /api/health and /api/ready come before, on any host.
      // 503, not 403: the site is off for a while, not refusing this visitor, and search
      // engines keep its pages rather than drop them. Never stored: restored, it answers at once.
      c.header("Cache-Control", "no-store");
      if (c.req.path.startsWith("/api/")) throw new AppError({ code: "tenant.suspended" });
      return c.html(
        renderStatusPage({
          lang: c.var.lang,
          status: 503,
          titleKey: "siteSuspended",
          textKey: "siteSuspendedText",
          homeHref: platformHome(c),
        }),
        503,
      );
    }
    await next();
  });
}
