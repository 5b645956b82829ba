import { Button, Group } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "./platform-orders-export.module.css";

/** The part of the orders screen's query the CSV honours: its search and filters. */
export type OrdersCsvFilters = {
  q: string;
  status: string | null;
  provider: string | null;
  from: string | null;
  to: string | null;
};

/** Where the console's orders CSV of these filters downloads from. */
export function platformOrdersCsvHref({ q, status, provider, from, to }: OrdersCsvFilters) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries({ q, status, provider, from, to }))
    if (value) search.set(key, value);
  const query = search.toString();
  return `/dashboard/billing/orders.csv${query ? `?${query}` : ""}`;
}

/**
 * The console's `/dashboard/billing/orders` (super-admins) with its CSV button: the platform
 * shop's orders that the screen's search and filters show, as the site shops' CSV. The button
 * comes first, so it is reached before the tabs it sits above.
 */
export function PlatformOrdersExport({
  filters,
  children,
}: {
  filters: OrdersCsvFilters;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.frame}>
      <Group justify="flex-end" className={classes.export}>
        <Button
          component="a"
          href={platformOrdersCsvHref(filters)}
          download
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          data-testid="platform-orders-csv"
        >
          {t("billing.shopExport.orders")}
        </Button>
      </Group>
      {children}
    </div>
  );
}
