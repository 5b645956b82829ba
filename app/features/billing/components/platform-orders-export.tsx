import { Button, Group } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import classes from "./platform-orders-export.module.css";

/** The part of the shop screen's query the CSVs honour: its search and filters. */
export type OrdersCsvFilters = {
  q: string;
  status: string | null;
  provider: string | null;
  from: string | null;
  to: string | null;
  subscriptionStatus?: string | null;
};

/** The console's lists of the platform shop that download as CSV. */
export type PlatformShopList = "orders" | "customers" | "subscriptions";

/** Which filters each list's screen has (and so its CSV follows). */
const listFilters: Record<PlatformShopList, (keyof OrdersCsvFilters)[]> = {
  orders: ["q", "status", "provider", "from", "to"],
  customers: ["q"],
  subscriptions: ["q", "subscriptionStatus"],
};

/** Where the console's CSV of a list with these filters downloads from. */
export function platformOrdersCsvHref(
  filters: OrdersCsvFilters,
  list: PlatformShopList = "orders",
) {
  const search = new URLSearchParams();
  for (const key of listFilters[list]) {
    const value = filters[key];
    if (value) search.set(key, value);
  }
  const query = search.toString();
  return `/dashboard/billing/${list}.csv${query ? `?${query}` : ""}`;
}

/**
 * The console's `/dashboard/billing/orders`, `/customers` and `/subscriptions` (super-admins)
 * with a CSV button: the platform shop's rows that the screen's search and filters show. The
 * button comes first, so it is reached before the tabs it sits above.
 */
export function PlatformOrdersExport({
  filters,
  list = "orders",
  children,
}: {
  filters: OrdersCsvFilters;
  list?: PlatformShopList;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.frame}>
      <Group justify="flex-end" className={classes.export}>
        <Button
          component="a"
          href={platformOrdersCsvHref(filters, list)}
          download
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          data-testid={`platform-${list}-csv`}
        >
          {t(`billing.shopExport.${list}`)}
        </Button>
      </Group>
      {children}
    </div>
  );
}
