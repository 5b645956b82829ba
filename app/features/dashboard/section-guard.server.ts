import type { LoaderFunctionArgs } from "react-router";
import { tenantContext } from "~/features/accounts/accounts";
import { requireViewer } from "~/features/auth/auth.server";
import { openDashboardSection } from "./dashboard.server";
import { AppError } from "~/platform/errors";
import { answerAppErrors } from "~/platform/http-errors";
import { servicesContext } from "~/platform/request-context";

/**
 * The check of a dashboard screen listed in features/dashboard/sections.ts: signed in (else to
 * /login), then that screen's rule (403), for this request's path.
 */
export function guardDashboardSection({ context, request }: LoaderFunctionArgs) {
  const viewer = requireViewer({ context, request });
  const tenant = context.get(tenantContext);
  const { database } = context.get(servicesContext);
  return answerAppErrors(async () => {
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    // A client-side navigation asks for the same path with React Router's ".data" suffix.
    const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
    return openDashboardSection(database, { account: tenant.account, viewer, pathname });
  });
}
