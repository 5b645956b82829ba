import type { LoaderFunctionArgs } from "react-router";
import { tenantContext, type AccountSummary } from "~/features/accounts/accounts";
import { platformAccount } from "~/features/accounts/accounts.server";
import { requireViewer } from "~/features/auth/auth.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { answerAppErrors } from "~/platform/http-errors";
import type { Messages } from "~/platform/i18n/i18n";
import { areaMessages, type MessageArea } from "~/platform/i18n/area-messages.server";
import { servicesContext } from "~/platform/request-context";
import { opensOn } from "./sections";

/** Who opens a dashboard screen, on which site, at which path (a screen's rule is found by it). */
export type DashboardRequest = { account: AccountSummary; viewer: Viewer; pathname: string };

/**
 * The route's request as the dashboard's use cases want it. Signing in comes first (a redirect
 * to /login, outside any error answer); `screen` throws, where the caller answers errors, the
 * 404 of a screen that does not open on this host: on a site, its screens with the site's
 * account; on the platform's host, the console's with the platform account (decision 037).
 * `anyPath` is the shell's: it stands around whatever the screen answers.
 */
export function dashboardRequestOf(
  { context, request }: LoaderFunctionArgs,
  { anyPath = false }: { anyPath?: boolean } = {},
) {
  const viewer = requireViewer({ context, request });
  const tenant = context.get(tenantContext);
  const { database } = context.get(servicesContext);
  // A client-side navigation asks for the same path with React Router's ".data" suffix.
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
  const screen = (): DashboardRequest => {
    const host =
      tenant.kind === "account" ? "site" : tenant.kind === "platform" ? "platform" : null;
    if (!host || (!anyPath && !opensOn(pathname, host)))
      throw new AppError({ code: "route.notFound" });
    const account = tenant.kind === "account" ? tenant.account : platformAccount;
    return { account, viewer, pathname };
  };
  return { database, screen };
}

/**
 * A dashboard loader (the layout's or a screen's): `load` (one use case, its answer shaped for
 * the screen) runs for a signed-in viewer on a site; an AppError becomes the error boundary's
 * status (403, 404). The answer comes with the strings of the route's `areas`.
 */
export function loadDashboardScreen<T extends object>(
  args: LoaderFunctionArgs,
  areas: readonly MessageArea[],
  load: (database: Database, request: DashboardRequest) => Promise<T>,
  options?: { anyPath?: boolean },
): Promise<T & { messages: Messages }> {
  const { database, screen } = dashboardRequestOf(args, options);
  const { lang } = args.context.get(servicesContext);
  return answerAppErrors(async () => ({
    ...(await load(database, screen())),
    messages: areaMessages(lang, ...areas),
  }));
}
