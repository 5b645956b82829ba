import { authPageData } from "~/features/auth/auth-pages.server";
import { SignupForm } from "~/features/auth/components/signup-form";
import type { Route } from "./+types/signup";

export function loader({ context, request }: Route.LoaderArgs) {
  const { siteName, redirectTo } = authPageData({ context, request });
  return { siteName, redirectTo };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.siteName }, { name: "robots", content: "noindex" }];
}

export default function Signup({ loaderData }: Route.ComponentProps) {
  return <SignupForm siteName={loaderData.siteName} redirectTo={loaderData.redirectTo} />;
}
