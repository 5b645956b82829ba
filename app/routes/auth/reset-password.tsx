import { authPageData } from "~/features/auth/auth.server";
import { ResetPasswordForm } from "~/features/auth/auth";
import { servicesContext } from "~/platform/request-context";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/reset-password";

export function loader({ context, request }: Route.LoaderArgs) {
  const { siteName, token } = authPageData({ context, request });
  const { lang } = context.get(servicesContext);
  return { siteName, token, messages: areaMessages(lang, "siteAuth") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.siteName }, { name: "robots", content: "noindex" }];
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  return <ResetPasswordForm token={loaderData.token} />;
}
