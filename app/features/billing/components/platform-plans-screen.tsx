import { Container, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { moneyIn } from "~/features/orders/orders";
import { PaymentSettingsPanel } from "~/features/payments/payments";
import type { PlanInterval } from "../billing-shapes";

export type PlatformPlanRow = {
  id: string;
  label: string;
  prices: { interval: PlanInterval; amount: number; trialDays: number; iterations: number }[];
  sites: number;
};

/**
 * The console's `/dashboard/billing/products` (super-admins): the plans the platform sells, as
 * its shop holds them (made from the plan catalogue), how many sites are on each, and the
 * platform's own payment providers that site owners pay their plans with.
 */
export function PlatformPlansScreen({ plans, lang }: { plans: PlatformPlanRow[]; lang: string }) {
  const { t } = useTranslation();
  const money = moneyIn(lang);
  return (
    <Container size="lg" py="md">
      <Stack gap="xl">
        <div>
          <Title order={1}>{t("dashboard.sections.products.title")}</Title>
          <Text c="dimmed">{t("billing.console.intro")}</Text>
        </div>
        <Paper withBorder radius="md" p="md">
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="platform-plans">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("billing.invoices.plan")}</Table.Th>
                  <Table.Th>{t("billing.console.prices")}</Table.Th>
                  <Table.Th>{t("billing.console.sites")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {plans.map((plan) => (
                  <Table.Tr key={plan.id} data-plan={plan.id}>
                    <Table.Td fw={600}>{plan.label}</Table.Td>
                    <Table.Td>
                      {plan.prices
                        .map((price) =>
                          t(`billing.plans.per.${price.interval}`, {
                            price: money(price.amount, "USD"),
                          }),
                        )
                        .join(" · ")}
                    </Table.Td>
                    <Table.Td>{new Intl.NumberFormat(lang).format(plan.sites)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <PaymentSettingsPanel scope="platform" />
      </Stack>
    </Container>
  );
}
