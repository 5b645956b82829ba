import { siteNameOf } from "~/features/accounts/accounts";
import { data, redirect, type RouterContextProvider } from "react-router";
import { tenantContext } from "~/features/accounts/accounts";
import { viewerContext } from "~/features/members/members";
import { safeRedirect } from "./guards.server";

/**
 * What the sign-in screens need: the site's name and where to go afterwards. They exist on
 * account sites only, and a signed-in visitor is sent straight on.
 */
export function authPageData({
  context,
  request,
}: {
  context: Readonly<RouterContextProvider>;
  request: Request;
}) {
  const tenant = context.get(tenantContext);
  if (tenant.kind !== "account") throw data(null, { status: 404 });
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectedFrom"));
  if (context.get(viewerContext) && !url.pathname.startsWith("/login/reset-password"))
    throw redirect(redirectTo);
  return {
    siteName: siteNameOf(tenant.account),
    redirectTo,
    token: url.searchParams.get("token"),
  };
}
