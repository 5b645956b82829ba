import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { SubscriptionStatusBadge, dateIn } from "~/features/orders/orders";
import type { BillingView } from "./billing-view";

/**
 * The billing screen's first card: the plan the site is on, how it is paid and when it renews,
 * a move down waiting for the period's end (with "Keep my current plan"), and a plan whose
 * subscription ended (the grace before the site falls back to a new site's plan).
 */
export function CurrentPlan({
  screen,
  lang,
  busy,
  onKeep,
}: {
  screen: BillingView;
  lang: string;
  busy: boolean;
  onKeep: () => void;
}) {
  const { t } = useTranslation();
  const date = dateIn(lang);
  const labelOf = (id: string) => screen.plans.find((plan) => plan.id === id)?.label ?? id;
  const current = screen.currentPlanId ? labelOf(screen.currentPlanId) : null;
  const { payment, scheduled, lapse } = screen;

  return (
    <Paper withBorder radius="md" p="lg" data-testid="current-plan">
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          {t("billing.current.label")}
        </Text>
        <Group gap="sm">
          <Title order={2} fz="h2">
            {current ?? t("billing.current.none")}
          </Title>
          {payment?.status && payment.status !== "paid" && (
            <SubscriptionStatusBadge
              status={payment.status as Parameters<typeof SubscriptionStatusBadge>[0]["status"]}
            />
          )}
        </Group>
        {payment ? (
          <Text size="sm" data-testid="plan-payment">
            {payment.renewsAt
              ? t(
                  payment.cancelAtPeriodEnd ? "billing.current.endsOn" : "billing.current.renewsOn",
                  {
                    interval: t(`billing.intervals.${payment.interval}`),
                    date: date(payment.renewsAt),
                  },
                )
              : t("billing.current.paidOnce")}
            {payment.provider &&
              ` · ${t("billing.current.paidWith", {
                provider: t(`ecommerce.payments.providers.${payment.provider}.name`),
              })}`}
          </Text>
        ) : (
          !lapse && (
            <Text size="sm" data-testid="plan-payment">
              {t("billing.current.unpaid")}
            </Text>
          )
        )}
        {lapse && (
          <Alert
            color={lapse.fellBackAt ? "gray" : "yellow"}
            role="status"
            data-testid="plan-lapse"
            mt="xs"
          >
            {lapse.fellBackAt
              ? t("billing.lapse.fellBack", {
                  plan: labelOf(lapse.planId),
                  ended: date(lapse.endedAt),
                  fallback: labelOf(lapse.fallbackPlanId),
                })
              : lapse.planId === lapse.fallbackPlanId
                ? t("billing.lapse.same", {
                    plan: labelOf(lapse.planId),
                    ended: date(lapse.endedAt),
                  })
                : t("billing.lapse.grace", {
                    plan: labelOf(lapse.planId),
                    ended: date(lapse.endedAt),
                    until: date(lapse.graceUntil),
                    fallback: labelOf(lapse.fallbackPlanId),
                  })}
          </Alert>
        )}
        {scheduled && (
          <Stack gap="xs" mt="xs" data-testid="plan-scheduled-change">
            <Text size="sm" fw={600} data-testid="plan-scheduled">
              {t("billing.scheduled", {
                date: date(scheduled.startsAt),
                plan: labelOf(scheduled.planId),
                interval: t(`billing.intervals.${scheduled.interval}`),
              })}
            </Text>
            <Group gap="sm" align="center" wrap="wrap">
              <Button
                variant="light"
                size="sm"
                loading={busy}
                onClick={onKeep}
                data-testid="keep-plan"
              >
                {t("billing.keep.button")}
              </Button>
              <Text size="xs" c="dimmed" style={{ flex: "1 1 16rem" }}>
                {payment?.resumes === false
                  ? t("billing.keep.buyAgain", {
                      provider: t(`ecommerce.payments.providers.${payment.provider}.name`),
                      date: date(scheduled.startsAt),
                    })
                  : t("billing.keep.resume", { date: date(scheduled.startsAt) })}
              </Text>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
