import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { OrderStatusBadge, dateIn, moneyIn } from "~/features/orders/orders";
import type { BillingView } from "./billing-view";

type Props = {
  view: BillingView;
  lang: string;
  busy: boolean;
  onWithdraw: (orderId: string) => void;
};

/**
 * The site's plan orders awaiting a bank transfer (C7): what to pay, the platform's
 * instructions as the order was given them, and that the plan changes once a super-admin has
 * confirmed the money arrived. A request (not a renewal) may be withdrawn while it waits.
 */
export function PlanTransfers({ view, lang, busy, onWithdraw }: Props) {
  const { t } = useTranslation();
  const money = moneyIn(lang);
  const date = dateIn(lang);
  const planLabel = (planId: string) =>
    view.plans.find((plan) => plan.id === planId)?.label ?? planId;
  return (
    <Stack gap="sm">
      {view.transfers.map((transfer) => (
        <Paper
          key={transfer.orderId}
          withBorder
          radius="md"
          p="lg"
          data-testid="plan-transfer"
          data-order={transfer.orderId}
        >
          <Stack gap="xs">
            <Group gap="sm" justify="space-between" wrap="wrap">
              <Title order={2} fz="h4">
                {t("billing.transfer.title")}
              </Title>
              <OrderStatusBadge status="pending" />
            </Group>
            <Text size="sm" fw={600} data-testid="plan-transfer-order">
              {t(transfer.renewal ? "billing.transfer.renewal" : "billing.transfer.order", {
                plan: planLabel(transfer.planId),
                interval: t(`billing.intervals.${transfer.interval}`),
                number: transfer.number,
                amount: money(transfer.total, transfer.currency),
                date: date(transfer.createdAt),
              })}
            </Text>
            <Text size="sm" fw={600}>
              {t("billing.transfer.howToPay")}
            </Text>
            <Text
              size="sm"
              style={{ whiteSpace: "pre-wrap" }}
              data-testid="plan-transfer-instructions"
            >
              {transfer.instructions || t("billing.transfer.noInstructions")}
            </Text>
            <Text size="sm">{t("billing.transfer.reference", { number: transfer.number })}</Text>
            <Text size="sm" c="dimmed">
              {t(transfer.renewal ? "billing.transfer.afterRenewal" : "billing.transfer.after")}
            </Text>
            {!transfer.renewal && (
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Text size="xs" c="dimmed">
                  {t("billing.transfer.blocked")}
                </Text>
                <Button
                  variant="default"
                  color="red"
                  disabled={busy}
                  onClick={() => onWithdraw(transfer.orderId)}
                  data-testid="plan-transfer-withdraw"
                >
                  {t("billing.transfer.withdraw")}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
