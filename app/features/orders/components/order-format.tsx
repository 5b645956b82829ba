import { Badge } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { formatMoney, minorToMajor } from "~/features/cart/cart";
import type { OrderStatus, SubscriptionStatus } from "../order-shapes";

/** Amounts in minor units written for the reader's language. */
export function moneyIn(lang: string) {
  return (minor: number, currency: string) =>
    formatMoney({ amount: minorToMajor(minor, currency), currency, lang });
}

// Filled badges in dark shades: white text on them reads at 4.5:1 or more in both schemes.
export const orderColours: Record<OrderStatus, string> = {
  pending: "orange.9",
  paid: "blue.8",
  fulfilled: "teal.9",
  failed: "red.9",
  cancelled: "gray.7",
  refunded: "violet.9",
};

const subscriptionColours: Record<SubscriptionStatus, string> = {
  trialing: "blue.8",
  active: "teal.9",
  past_due: "orange.9",
  cancelled: "gray.7",
  ended: "gray.7",
};

/** An order's status; `label` when a screen names statuses in its own words (the buyer's). */
export function OrderStatusBadge({
  status,
  label,
  testId,
}: {
  status: OrderStatus;
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="filled"
      color={orderColours[status]}
      data-status={status}
      miw="max-content"
      data-testid={testId}
    >
      {label ?? t(`ordersDashboard.status.${status}`)}
    </Badge>
  );
}

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="filled"
      color={subscriptionColours[status]}
      data-status={status}
      miw="max-content"
    >
      {t(`ordersDashboard.subscriptionStatus.${status}`)}
    </Badge>
  );
}
