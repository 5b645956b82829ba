import { tenantContext } from "~/features/accounts/accounts";
import { authPageData } from "~/features/auth/auth.server";
import { LoginForm } from "~/features/auth/auth";
import { servicesContext } from "~/platform/request-context";
import { FindSite } from "~/features/marketing/marketing";
import { platformMeta } from "~/features/marketing/marketing.server";
import { platformSeo } from "~/features/marketing/marketing";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/login";

export function loader({ context, request }: Route.LoaderArgs) {
  // The base domain has no sign-in of its own (sessions are per site): it finds your site.
  const { baseDomain, lang } = context.get(servicesContext);
  if (context.get(tenantContext).kind === "platform") {
    const port = new URL(request.url).port;
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
  if (loaderData?.kind === "platform") return platformSeo(loaderData.meta);
  return [{ title: loaderData?.siteName }, { name: "robots", content: "noindex" }];
}

export default function Login({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "platform") return <FindSite hostSuffix={loaderData.hostSuffix} />;
  return <LoginForm siteName={loaderData.siteName} redirectTo={loaderData.redirectTo} />;
}
