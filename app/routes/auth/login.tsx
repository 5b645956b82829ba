import { authPageData } from "~/features/auth/auth-pages.server";
import { LoginForm } from "~/features/auth/components/login-form";
import type { Route } from "./+types/login";

export function loader({ context, request }: Route.LoaderArgs) {
  const { siteName, redirectTo } = authPageData({ context, request });
  return { siteName, redirectTo };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.siteName }, { name: "robots", content: "noindex" }];
}

export default function Login({ loaderData }: Route.ComponentProps) {
  return <LoginForm siteName={loaderData.siteName} redirectTo={loaderData.redirectTo} />;
}
