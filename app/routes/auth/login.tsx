import { tenantContext } from "~/features/accounts/accounts";
import { redirect } from "react-router";
import { authPageData, safeRedirect } from "~/features/auth/auth.server";
import { viewerContext } from "~/features/members/members";
import { LoginForm } from "~/features/auth/auth";
import { servicesContext } from "~/platform/request-context";
import { FindSite } from "~/features/platform-site/platform-site";
import { platformMeta } from "~/features/platform-site/platform-site.server";
import { platformSeo } from "~/features/platform-site/platform-site";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/login";

export function loader({ context, request }: Route.LoaderArgs) {
  // The base domain finds your site (sessions are per site); its only sign-in is the platform
  // staff's, to the console (decision 037).
  const { baseDomain, lang } = context.get(servicesContext);
  if (context.get(tenantContext).kind === "platform") {
    const url = new URL(request.url);
    if (url.searchParams.has("staff")) {
      const redirectTo = safeRedirect(url.searchParams.get("redirectedFrom"), "/dashboard");
      if (context.get(viewerContext)) throw redirect(redirectTo);
      return {
        kind: "staff" as const,
        meta: platformMeta({ lang, request }, "login"),
        redirectTo,
        messages: areaMessages(lang, "siteAuth", "platformLogin"),
      };
    }
    const port = url.port;
    return {
      kind: "platform" as const,
      meta: platformMeta({ lang, request }, "login"),
      hostSuffix: `.${baseDomain}${port ? `:${port}` : ""}`,
      messages: areaMessages(lang, "platformLogin"),
    };
  }
  const { siteName, redirectTo } = authPageData({ context, request });
  return { kind: "site" as const, siteName, redirectTo, messages: areaMessages(lang, "siteAuth") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (loaderData?.kind === "staff")
    return [{ title: loaderData.meta.title }, { name: "robots", content: "noindex" }];
  if (loaderData?.kind === "platform") return platformSeo(loaderData.meta);
  return [{ title: loaderData?.siteName }, { name: "robots", content: "noindex" }];
}

export default function Login({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "staff")
    return <LoginForm siteName="Lyceum" redirectTo={loaderData.redirectTo} staff />;
  if (loaderData.kind === "platform") return <FindSite hostSuffix={loaderData.hostSuffix} />;
  return <LoginForm siteName={loaderData.siteName} redirectTo={loaderData.redirectTo} />;
}
