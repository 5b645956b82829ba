import { Stack, Tabs } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { shopTabs, type ShopScreen as ShopScreenData, type ShopTab } from "../order-views";
import { RevenueReportView } from "./revenue-report";
import { ShopCustomers } from "./shop-customers";
import { ShopOrders } from "./shop-orders";
import { ShopSubscriptions } from "./shop-subscriptions";
import { useQueryChange } from "~/ui/use-query-change";

/** Scope 6 for managers: the shop's orders, customers, subscriptions and revenue. */
export function ShopScreen({ screen, lang }: { screen: ShopScreenData; lang: string }) {
  const { t } = useTranslation();
  const change = useQueryChange();
  const tab = screen.query.tab;
  const panel = (value: ShopTab) => (tab === value ? value : null);
  return (
    <Stack gap="md" data-testid="shop-orders">
      <Tabs
        value={tab}
        onChange={(value) => {
          // A tab starts from its own defaults: filters of another tab do not follow.
          if (value && value !== tab)
            change({
              tab: value === "orders" ? null : value,
              q: null,
              status: null,
              provider: null,
              from: null,
              to: null,
              page: null,
              order: null,
              subscriptionStatus: null,
            });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {shopTabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`ordersDashboard.shop.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="orders" pt="md">
          {panel("orders") && screen.orders ? (
            <ShopOrders screen={screen} orders={screen.orders} lang={lang} />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="customers" pt="md">
          {panel("customers") && screen.customers ? (
            <ShopCustomers query={screen.query} customers={screen.customers} lang={lang} />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="subscriptions" pt="md">
          {panel("subscriptions") && screen.subscriptions ? (
            <ShopSubscriptions
              query={screen.query}
              subscriptions={screen.subscriptions}
              lang={lang}
            />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="revenue" pt="md">
          {panel("revenue") && screen.revenue ? (
            <RevenueReportView report={screen.revenue} lang={lang} />
          ) : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
