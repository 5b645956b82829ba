import { tenantContext } from "~/features/accounts/accounts";
import { authPageData } from "~/features/auth/auth.server";
import { SignupForm } from "~/features/auth/auth";
import { servicesContext } from "~/platform/request-context";
import { planCards, platformMeta } from "~/features/platform-site/platform-site.server";
import { platformSeo } from "~/features/platform-site/platform-site";
import { PlatformSignupPage } from "~/features/platform-site/platform-site";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/signup";

/*
 * On an account's site `/signup` makes a member of that site; on the base domain it creates a new
 * site (P20). The host decides, as for every path both kinds of host answer.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { database, baseDomain, lang } = context.get(servicesContext);
  if (context.get(tenantContext).kind === "platform") {
    const port = new URL(request.url).port;
    return {
      kind: "platform" as const,
      meta: platformMeta({ lang, request }, "signup"),
      plans: await planCards(database),
      hostSuffix: `.${baseDomain}${port ? `:${port}` : ""}`,
      messages: areaMessages(lang, "platformSignup"),
    };
  }
  const { siteName, redirectTo } = authPageData({ context, request });
  return { kind: "site" as const, siteName, redirectTo, messages: areaMessages(lang, "siteAuth") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (loaderData?.kind === "platform") return platformSeo(loaderData.meta);
  return [{ title: loaderData?.siteName }, { name: "robots", content: "noindex" }];
}

export default function Signup({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "platform")
    return <PlatformSignupPage plans={loaderData.plans} hostSuffix={loaderData.hostSuffix} />;
  return <SignupForm siteName={loaderData.siteName} redirectTo={loaderData.redirectTo} />;
}
