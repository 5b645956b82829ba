import { siteOrigin } from "~/features/accounts/accounts.server";
import { tenantContext } from "~/features/accounts/accounts";
import { renderRobots } from "~/features/site/site.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/robots";

/** Private or personal areas of an account's site: nothing there is for search engines. */
const siteDisallow = ["/dashboard", "/checkout", "/login", "/signup", "/api"];
const platformDisallow = ["/dashboard", "/api", "/login"];

/** `/robots.txt`, a resource route outside the HTML layout, naming this host's sitemap. */
export function loader({ context, request }: Route.LoaderArgs) {
  const tenant = context.get(tenantContext);
  const { baseDomain } = context.get(servicesContext);
  const text =
    tenant.kind === "account"
      ? renderRobots(siteOrigin({ ...tenant.account, baseDomain, like: request.url }), siteDisallow)
      : renderRobots(new URL(request.url).origin, platformDisallow);
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
