import { Group, Select, Stack, Text } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { subscriptionStatuses } from "../order-shapes";
import type { Paged, ShopQuery, SubscriptionView } from "../order-views";
import { Pager, SearchBox } from "./list-controls";
import { SubscriptionTable } from "./subscription-table";
import { useQueryChange } from "~/ui/use-query-change";

/** Every buyer's subscriptions, soonest renewal first, with "cancel at period end". */
export function ShopSubscriptions({
  query,
  subscriptions,
  lang,
}: {
  query: ShopQuery;
  subscriptions: Paged<SubscriptionView>;
  lang: string;
}) {
  const { t } = useTranslation();
  const change = useQueryChange();
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SearchBox
          key={query.q}
          value={query.q}
          label={t("ordersDashboard.subscriptions.search")}
        />
        <Select
          label={t("ordersDashboard.shop.status")}
          placeholder={t("ordersDashboard.shop.anyStatus")}
          data={subscriptionStatuses.map((value) => ({
            value,
            label: t(`ordersDashboard.subscriptionStatus.${value}`),
          }))}
          value={query.subscriptionStatus}
          onChange={(value) => change({ subscriptionStatus: value, page: null })}
          clearable
          w={180}
        />
      </Group>
      {subscriptions.rows.length === 0 ? (
        <Text c="dimmed">{t("ordersDashboard.subscriptions.empty")}</Text>
      ) : (
        <SubscriptionTable subscriptions={subscriptions.rows} lang={lang} showBuyer />
      )}
      <Pager paged={subscriptions} totalKey="ordersDashboard.subscriptions.total" />
    </Stack>
  );
}
