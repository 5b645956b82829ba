import {
  Badge,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { moneyIn } from "~/features/orders/orders";
import type { PlanInterval } from "../billing-shapes";
import type { BillingView } from "./billing-view";

type Props = {
  view: BillingView;
  lang: string;
  busy: boolean;
  /** A bank transfer the owner asked for still waits: nothing else is bought meanwhile. */
  blocked: boolean;
  onBuy: (choice: { planId: string; interval: PlanInterval; provider: string }) => void;
};

/**
 * The plans to move to: upgrade now (credited), or move down at renewal after seeing what would
 * no longer fit.
 */
export function PlanCards({ view, lang, busy, blocked, onBuy }: Props) {
  const { t } = useTranslation();
  const money = moneyIn(lang);
  const number = new Intl.NumberFormat(lang);
  const [interval, setInterval] = useState<PlanInterval>(view.payment?.interval ?? "monthly");
  const [provider, setProvider] = useState<string | null>(view.providers[0] ?? null);
  const intervals = (["monthly", "annual", "onetime"] as const).filter((option) =>
    view.plans.some((plan) => plan.prices.some((price) => price.interval === option)),
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="end" wrap="wrap">
        <Title order={2} fz="h3">
          {t("billing.plans.title")}
        </Title>
        <Group gap="sm" wrap="wrap">
          {view.providers.length > 1 && (
            <Select
              label={t("billing.plans.provider")}
              data={view.providers.map((value) => ({
                value,
                label: t(`ecommerce.payments.providers.${value}.name`),
              }))}
              value={provider}
              onChange={setProvider}
              allowDeselect={false}
              w={180}
            />
          )}
          <SegmentedControl
            aria-label={t("billing.plans.interval")}
            value={interval}
            onChange={(value) => setInterval(value as PlanInterval)}
            data={intervals.map((value) => ({ value, label: t(`billing.intervals.${value}`) }))}
          />
        </Group>
      </Group>
      {view.providers.length === 0 && (
        <Text c="dimmed" size="sm" data-testid="no-plan-provider">
          {t("billing.plans.noProvider")}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        {view.plans.map((plan) => {
          const price = plan.prices.find((entry) => entry.interval === interval);
          return (
            <Card key={plan.id} withBorder radius="md" padding="md" data-plan={plan.id}>
              <Stack gap="xs" h="100%">
                <Group justify="space-between" wrap="nowrap">
                  <Title order={3} fz="h4">
                    {plan.label}
                  </Title>
                  {plan.id === view.currentPlanId && (
                    <Badge color="teal.9" variant="filled">
                      {t("billing.plans.current")}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {plan.description}
                </Text>
                <Text fw={700} fz="xl" data-testid={`price-${plan.id}`}>
                  {price
                    ? t(`billing.plans.per.${interval}`, { price: money(price.amount, "USD") })
                    : t("billing.plans.notSold")}
                </Text>
                {price && price.trialDays > 0 && (
                  <Text size="xs">{t("billing.plans.trial", { count: price.trialDays })}</Text>
                )}
                <List size="sm" spacing={2}>
                  {plan.features.map((feature) => (
                    <List.Item key={feature}>{t(`billing.features.${feature}`)}</List.Item>
                  ))}
                  {Object.entries(plan.limits).map(([name, limit]) => (
                    <List.Item key={name}>
                      {t(`billing.limits.${name}`, { count: limit, value: number.format(limit) })}
                    </List.Item>
                  ))}
                </List>
                <Stack gap={4} mt="auto">
                  {plan.relation === "upgrade" && (
                    <Button
                      h="auto"
                      py={6}
                      styles={{ label: { whiteSpace: "normal", textAlign: "center" } }}
                      disabled={!price || !provider || busy || blocked}
                      loading={busy}
                      onClick={() => provider && onBuy({ planId: plan.id, interval, provider })}
                      data-testid={`upgrade-${plan.id}`}
                    >
                      {view.payment
                        ? t("billing.plans.upgrade", { plan: plan.label })
                        : t("billing.plans.choose", { plan: plan.label })}
                    </Button>
                  )}
                  {plan.relation === "downgrade" && (
                    <Stack gap={4} data-testid={`downgrade-${plan.id}`}>
                      <Text size="xs" fw={600}>
                        {t("billing.plans.downgradeTitle")}
                      </Text>
                      {plan.exceeds.length === 0 && plan.loses.length === 0 ? (
                        <Text size="xs">{t("billing.plans.downgradeFits")}</Text>
                      ) : (
                        <List size="xs" spacing={0}>
                          {plan.exceeds.map((over) => (
                            <List.Item key={over.meter}>
                              {t("billing.plans.exceeds", {
                                meter: t(`usage.meters.${over.meter}`),
                                used: number.format(over.used),
                                limit: number.format(over.limit),
                              })}
                            </List.Item>
                          ))}
                          {plan.loses.map((feature) => (
                            <List.Item key={feature}>
                              {t("billing.plans.loses", {
                                feature: t(`billing.features.${feature}`),
                              })}
                            </List.Item>
                          ))}
                        </List>
                      )}
                      <Text size="xs">{t("billing.plans.downgradeStarts")}</Text>
                      <Button
                        variant="default"
                        h="auto"
                        py={6}
                        styles={{ label: { whiteSpace: "normal", textAlign: "center" } }}
                        disabled={!price || !provider || busy || blocked || Boolean(view.scheduled)}
                        loading={busy}
                        onClick={() => provider && onBuy({ planId: plan.id, interval, provider })}
                        data-testid={`schedule-${plan.id}`}
                      >
                        {t("billing.plans.downgrade", { plan: plan.label })}
                      </Button>
                    </Stack>
                  )}
                </Stack>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      {view.payment &&
        view.payment.credit > 0 &&
        view.plans.some((plan) => plan.relation === "upgrade") && (
          <Text size="sm" c="dimmed" data-testid="upgrade-credit">
            {t("billing.plans.credit", { amount: money(view.payment.credit, "USD") })}
          </Text>
        )}
    </Stack>
  );
}
