import "@mantine/charts/styles.css";
import { z } from "zod";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { formChoices } from "~/features/forms/forms.server";
import { FunnelsScreen } from "~/features/funnels/funnels";
import {
  commandFunnels,
  funnelLimit,
  funnelReport,
  listFunnels,
  loadFunnel,
} from "~/features/funnels/funnels.server";
import { shopCurrency } from "~/features/orders/orders.server";
import { productPriceChoices } from "~/features/products/products.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/marketing-funnels";

/**
 * Issue 34 `/dashboard/manage/marketing/funnels` (managers): the site's funnels; `?funnel={id}`
 * opens one with its steps and report.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["funnelsScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const { account, viewer } = request;
    const { accountId } = account;
    const place = { accountId, viewer };
    const id = z.uuid().safeParse(new URL(args.request.url).searchParams.get("funnel"));
    const opened = id.success
      ? {
          ...(await loadFunnel(database, { ...place, id: id.data })),
          report: await funnelReport(database, {
            ...place,
            funnelId: id.data,
            currency: shopCurrency(account),
          }),
        }
      : null;
    return {
      funnels: await listFunnels(database, place),
      opened,
      limit: await funnelLimit(database, account),
      choices: opened
        ? {
            forms: await database.forAccount(accountId, (tx) => formChoices(tx, { accountId })),
            products: await productPriceChoices(database, { accountId }),
          }
        : { forms: [], products: [] },
    };
  });
}

/** The screen's commands (one JSON body naming its `intent`). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return commandFunnels(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      body,
      lang: args.context.get(servicesContext).lang,
      limit: await funnelLimit(database, request.account),
    });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageFunnels.title",
    fallback: "Funnels",
  });
}

export default function MarketingFunnels({ loaderData }: Route.ComponentProps) {
  return (
    <FunnelsScreen
      funnels={loaderData.funnels}
      opened={loaderData.opened}
      choices={loaderData.choices}
      limit={loaderData.limit}
    />
  );
}
