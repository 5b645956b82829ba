import type { LoaderFunctionArgs } from "react-router";
import { tenantContext, type AccountSummary } from "~/features/accounts/accounts";
import { requireViewer } from "~/features/auth/auth.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { answerAppErrors } from "~/platform/http-errors";
import type { Messages } from "~/platform/i18n/i18n";
import { areaMessages, type MessageArea } from "~/platform/i18n/area-messages.server";
import { servicesContext } from "~/platform/request-context";

/** Who opens a dashboard screen, on which site, at which path (a screen's rule is found by it). */
export type DashboardRequest = { account: AccountSummary; viewer: Viewer; pathname: string };

/**
 * The route's request as the dashboard's use cases want it. Signing in comes first (a redirect
 * to /login, outside any error answer); `screen` throws the 404 of the platform's own host,
 * which has no site to show, where the caller answers errors.
 */
export function dashboardRequestOf({ context, request }: LoaderFunctionArgs) {
  const viewer = requireViewer({ context, request });
  const tenant = context.get(tenantContext);
  const { database } = context.get(servicesContext);
  // A client-side navigation asks for the same path with React Router's ".data" suffix.
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
  const screen = (): DashboardRequest => {
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    return { account: tenant.account, viewer, pathname };
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
): Promise<T & { messages: Messages }> {
  const { database, screen } = dashboardRequestOf(args);
  const { lang } = args.context.get(servicesContext);
  return answerAppErrors(async () => ({
    ...(await load(database, screen())),
    messages: areaMessages(lang, ...areas),
  }));
}
