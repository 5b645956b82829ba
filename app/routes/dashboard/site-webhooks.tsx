import { SettingsPage, settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { MAX_ENDPOINTS, WebhooksScreen } from "~/features/webhooks/webhooks";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  commandWebhooks,
  listWebhookEndpoints,
  webhookCallLimiter,
  webhookServicesContext,
} from "~/features/webhooks/webhooks.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/site-webhooks";

/**
 * Issue 37 `/dashboard/manage/site/webhooks` (decision 085): the site's webhook endpoints and
 * their latest deliveries, for the site's managers (the sections registry's rule).
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["siteWebhooksPage"], async (database, request) => {
    await openDashboardSection(database, request);
    return {
      endpoints: await listWebhookEndpoints(database, {
        accountId: request.account.accountId,
        viewer: request.viewer,
      }),
    };
  });
}

/** Add, enable or disable, roll a secret, delete, send the test event, retry a delivery. */
export async function action(args: Route.ActionArgs) {
  const services = args.context.get(webhookServicesContext);
  const limiter = webhookCallLimiter(args.context.get(servicesContext).rateLimits);
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return commandWebhooks(
      { ...services, database },
      { accountId: request.account.accountId, viewer: request.viewer, body, limiter },
    );
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageWebhooks.title",
    fallback: "Webhooks",
  });
}

export default function SiteWebhooks({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SettingsPage title={t("webhooks.title")} intro={t("webhooks.intro")} size="lg" gap="lg">
      <WebhooksScreen endpoints={loaderData.endpoints} maxEndpoints={MAX_ENDPOINTS} />
    </SettingsPage>
  );
}
