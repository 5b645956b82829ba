import {
  ActionIcon,
  Alert,
  Container,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconFileInvoice } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useSearchParams } from "react-router";
import {
  OrderStatusBadge,
  SubscriptionStatusBadge,
  dateIn,
  moneyIn,
} from "~/features/orders/orders";
import { errorKeyOf } from "~/platform/errors";
import type { PlanInterval } from "../billing-shapes";
import type { BillingView } from "./billing-view";
import { PlanCards } from "./plan-cards";
import { UsageMeters } from "./usage-meters";

type Answer = { ok: true; url: string } | { ok: false; code: string };

/**
 * `/dashboard/billing` (C7): the site's plan and how it is paid, its usage meters, the plans to
 * move to, and its invoices. Upgrading places the platform's order and goes to the provider.
 */
export function BillingScreen({ screen, lang }: { screen: BillingView; lang: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const fetcher = useFetcher<Answer>();
  const checkoutKey = useRef<string | null>(null);
  const money = moneyIn(lang);
  const date = dateIn(lang);
  const current = screen.plans.find((plan) => plan.id === screen.currentPlanId);

  useEffect(() => {
    if (fetcher.data?.ok) window.location.assign(fetcher.data.url);
  }, [fetcher.data]);

  const buy = (choice: { planId: string; interval: PlanInterval; provider: string }) => {
    // One key per attempt: a double click resumes the same order instead of making two.
    checkoutKey.current ??= crypto.randomUUID();
    void fetcher.submit(
      { ...choice, checkoutKey: checkoutKey.current },
      { method: "post", encType: "application/json" },
    );
  };
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data.code : null;

  return (
    <Container size="lg" py="md">
      <Stack gap="xl">
        <div>
          <Title order={1}>{t("dashboard.sections.billing.title")}</Title>
          <Text c="dimmed">{t("billing.intro")}</Text>
        </div>
        {search.get("paid") && (
          <Alert color="teal" role="status" data-testid="billing-paid">
            {t("billing.paid")}
          </Alert>
        )}
        {search.get("scheduled") && (
          <Alert color="teal" role="status" data-testid="billing-scheduled-paid">
            {t("billing.scheduledPaid")}
          </Alert>
        )}
        {search.get("cancelled") && (
          <Alert color="gray" role="status">
            {t("billing.cancelled")}
          </Alert>
        )}
        {failed && (
          <Alert color="red" role="alert" data-testid="billing-error">
            {t(errorKeyOf(failed))}
          </Alert>
        )}
        <Paper withBorder radius="md" p="lg" data-testid="current-plan">
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {t("billing.current.label")}
            </Text>
            <Group gap="sm">
              <Title order={2} fz="h2">
                {current?.label ?? t("billing.current.none")}
              </Title>
              {screen.payment?.status && screen.payment.status !== "paid" && (
                <SubscriptionStatusBadge
                  status={
                    screen.payment.status as Parameters<typeof SubscriptionStatusBadge>[0]["status"]
                  }
                />
              )}
            </Group>
            {screen.payment ? (
              <Text size="sm" data-testid="plan-payment">
                {screen.payment.renewsAt
                  ? t(
                      screen.payment.cancelAtPeriodEnd
                        ? "billing.current.endsOn"
                        : "billing.current.renewsOn",
                      {
                        interval: t(`billing.intervals.${screen.payment.interval}`),
                        date: date(screen.payment.renewsAt),
                      },
                    )
                  : t("billing.current.paidOnce")}
                {screen.payment.provider &&
                  ` · ${t("billing.current.paidWith", {
                    provider: t(`ecommerce.payments.providers.${screen.payment.provider}.name`),
                  })}`}
              </Text>
            ) : (
              <Text size="sm" data-testid="plan-payment">
                {t("billing.current.unpaid")}
              </Text>
            )}
            {screen.scheduled && (
              <Text size="sm" fw={600} data-testid="plan-scheduled">
                {t("billing.scheduled", {
                  date: date(screen.scheduled.startsAt),
                  plan:
                    screen.plans.find((plan) => plan.id === screen.scheduled?.planId)?.label ??
                    screen.scheduled.planId,
                  interval: t(`billing.intervals.${screen.scheduled.interval}`),
                })}
              </Text>
            )}
          </Stack>
        </Paper>
        <UsageMeters meters={screen.meters} lang={lang} />
        <PlanCards view={screen} lang={lang} busy={fetcher.state !== "idle"} onBuy={buy} />
        <Stack gap="sm">
          <Title order={2} fz="h3">
            {t("billing.invoices.title")}
          </Title>
          {screen.invoices.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t("billing.invoices.none")}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table striped data-testid="billing-invoices">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("billing.invoices.number")}</Table.Th>
                    <Table.Th>{t("billing.invoices.date")}</Table.Th>
                    <Table.Th>{t("billing.invoices.plan")}</Table.Th>
                    <Table.Th>{t("billing.invoices.total")}</Table.Th>
                    <Table.Th>{t("billing.invoices.status")}</Table.Th>
                    <Table.Th>{t("ordersDashboard.member.invoice")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {screen.invoices.map((invoice) => (
                    <Table.Tr key={invoice.orderId}>
                      <Table.Td>#{invoice.number}</Table.Td>
                      <Table.Td>{date(invoice.createdAt)}</Table.Td>
                      <Table.Td>
                        {screen.plans.find((plan) => plan.id === invoice.planId)?.label ??
                          invoice.planId}{" "}
                        · {t(`billing.intervals.${invoice.interval}`)}
                      </Table.Td>
                      <Table.Td>
                        {money(invoice.total, invoice.currency)}
                        {invoice.dueLater > 0 ? (
                          <Text size="xs" c="dimmed" data-testid="invoice-due-later">
                            {t("billing.invoices.dueLater", {
                              amount: money(invoice.dueLater, invoice.currency),
                            })}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <OrderStatusBadge status={invoice.status} />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          component="a"
                          href={`/dashboard/billing/invoices/${invoice.orderId}`}
                          download
                          variant="subtle"
                          aria-label={t("ordersDashboard.member.invoiceFor", {
                            number: invoice.number,
                          })}
                          data-testid="plan-invoice-pdf"
                        >
                          <IconFileInvoice size={18} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
