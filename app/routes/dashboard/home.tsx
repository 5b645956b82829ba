import { Container } from "@mantine/core";
import { tenantContext } from "~/features/accounts/accounts";
import { requireViewer } from "~/features/auth/auth.server";
import { DashboardHome } from "~/features/dashboard/dashboard";
import { loadDashboardHome } from "~/features/dashboard/dashboard.server";
import { AppError } from "~/platform/errors";
import { answerAppErrors } from "~/platform/http-errors";
import { servicesContext } from "~/platform/request-context";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/home";

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer({ context, request });
  const tenant = context.get(tenantContext);
  const { database, lang } = context.get(servicesContext);
  return answerAppErrors(async () => {
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    return {
      name: viewer.membership?.name ?? viewer.user.name,
      home: await loadDashboardHome(database, { account: tenant.account, viewer }),
      messages: areaMessages(lang, "dashboardHome"),
    };
  });
}

export function meta() {
  return [{ title: "Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function DashboardIndex({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="lg" py="md">
      <DashboardHome name={loaderData.name} home={loaderData.home} />
    </Container>
  );
}
