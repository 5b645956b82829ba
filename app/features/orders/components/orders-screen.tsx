import { Stack, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { OrdersScreen } from "../order-views";
import { MemberOrders } from "./member-orders";
import { ShopScreen } from "./shop-screen";
import { ShopScopeContext, platformScope } from "./shop-scope";

/**
 * /dashboard/orders: a member's orders and subscriptions, or the shop's for its managers; with
 * `platform`, the console's view of the platform's own shop (the plans it sells).
 */
export function OrdersScreenView({
  screen,
  lang,
  platform = false,
  titleKey = "dashboard.sections.orders.title",
}: {
  screen: OrdersScreen;
  lang: string;
  platform?: boolean;
  titleKey?: string;
}) {
  const { t } = useTranslation();
  const view = (
    <Stack gap="lg">
      <Title order={1}>{t(titleKey)}</Title>
      {screen.view === "member" ? (
        <MemberOrders screen={screen} lang={lang} />
      ) : (
        <ShopScreen screen={screen} lang={lang} />
      )}
    </Stack>
  );
  return platform ? (
    <ShopScopeContext.Provider value={platformScope}>{view}</ShopScopeContext.Provider>
  ) : (
    view
  );
}
