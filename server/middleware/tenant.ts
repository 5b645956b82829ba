import { createMiddleware } from "hono/factory";
import { defaultLanguage, isLanguageCode } from "~/platform/i18n/languages";
import { AppError } from "~/platform/errors";
import { lazyChild } from "~/platform/logger.server";
import type { AppEnv } from "../app-env";
import { renderStatusPage } from "../status-page";

/** Host → tenant. An unknown host never reaches a loader or handler. */
export function tenant() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const resolved = await c.var.services.tenants.resolve(c.req.header("host"));
    c.set("tenant", resolved);
    const language =
      resolved.kind === "account" ? resolved.account.settings.defaultLanguage : undefined;
    c.set("lang", isLanguageCode(language) ? language : defaultLanguage);
    if (resolved.kind === "account") {
      c.set("logger", lazyChild(c.var.logger, { accountId: resolved.account.accountId }));
    }
    if (resolved.kind === "unknown") {
      if (c.req.path.startsWith("/api/")) throw new AppError({ code: "tenant.notFound" });
      const port = /:(\d+)$/.exec(c.req.header("host") ?? "")?.[1];
      const protocol = new URL(c.req.url).protocol;
      const platformHome = `${protocol}//${c.var.services.env.BASE_DOMAIN}${port ? `:${port}` : ""}/`;
      return c.html(
        renderStatusPage({
          lang: c.var.lang,
          status: 404,
          titleKey: "noSuchSite",
          textKey: "noSuchSiteText",
          homeHref: platformHome,
        }),
        404,
      );
    }
    await next();
  });
}
