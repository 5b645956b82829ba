import { Badge } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { OrderStatus } from "../order-shapes";
import { orderColours } from "./order-format";

/**
 * Beside the status of an order a part of which went back (it keeps its status and access,
 * decision 032); nothing for an order refunded whole or not at all.
 */
export function PartlyRefundedBadge({
  status,
  refunded,
}: {
  status: OrderStatus;
  refunded: number;
}) {
  const { t } = useTranslation();
  if (refunded <= 0 || status === "refunded") return null;
  return (
    <Badge
      variant="outline"
      color={orderColours.refunded}
      miw="max-content"
      data-testid="order-partly-refunded"
    >
      {t("ordersDashboard.partlyRefunded")}
    </Badge>
  );
}
