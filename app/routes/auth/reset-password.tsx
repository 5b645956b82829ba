import { authPageData } from "~/features/auth/auth-pages.server";
import { ResetPasswordForm } from "~/features/auth/components/reset-password-form";
import type { Route } from "./+types/reset-password";

export function loader({ context, request }: Route.LoaderArgs) {
  const { siteName, token } = authPageData({ context, request });
  return { siteName, token };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.siteName }, { name: "robots", content: "noindex" }];
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  return <ResetPasswordForm token={loaderData.token} />;
}
