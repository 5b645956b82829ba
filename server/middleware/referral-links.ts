import { createMiddleware } from "hono/factory";
import { REFERRAL_PARAMETER, referralSetCookie } from "~/features/affiliates/affiliates";
import { followReferralLink } from "~/features/affiliates/affiliates.server";
import type { AppEnv } from "../app-env";

/**
 * M5 affiliates: a page opened through an affiliate's link (`?ref=code`) counts the click,
 * leaves the first-party cookie for the programme's window (last click wins) and answers with
 * the same address without `ref`, so the page itself stays cacheable and the code does not
 * travel on when the visitor shares the address. An unknown code just loses the parameter.
 */
export function referralLinks() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const tenant = c.var.tenant;
    if (c.req.method !== "GET" || tenant.kind !== "account") return next();
    const url = new URL(c.req.url);
    const asked = url.searchParams.get(REFERRAL_PARAMETER);
    if (asked === null || url.pathname.startsWith("/api/")) return next();
    const code = asked.trim().toLowerCase().slice(0, 40);
    const followed = await followReferralLink(c.var.services.database, {
      accountId: tenant.account.accountId,
      code,
      viewerUserId: c.var.viewer?.user.id ?? null,
    });
    url.searchParams.delete(REFERRAL_PARAMETER);
    // One leading slash: `//elsewhere.example` would send the visitor off the site.
    const path = `/${url.pathname.replace(/^[/\\]+/, "")}`;
    const headers = new Headers({
      location: `${path}${url.search}`,
      "cache-control": "private, no-store",
    });
    if (followed)
      headers.set(
        "set-cookie",
        referralSetCookie(code, {
          at: new Date(),
          days: followed.cookieDays,
          secure: c.var.facts.origin.startsWith("https://"),
        }),
      );
    return new Response(null, { status: 302, headers });
  });
}
