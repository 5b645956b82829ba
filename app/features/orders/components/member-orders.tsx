import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconFileInvoice } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MemberOrder, MemberOrdersScreen } from "../order-views";
import { moneyIn, OrderStatusBadge } from "./order-format";
import { PartlyRefundedBadge } from "./refund-badge";
import { dateIn } from "~/platform/i18n/formats";
import { SubscriptionTable } from "./subscription-table";

function OrderCard({ order, lang }: { order: MemberOrder; lang: string }) {
  const { t } = useTranslation();
  const money = moneyIn(lang);
  const date = dateIn(lang);
  const headingId = `order-${order.id}`;
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-labelledby={headingId}
      data-testid="member-order"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div>
          <Title order={3} size="h5" id={headingId}>
            {t("ordersDashboard.member.number", { number: order.number })}
          </Title>
          <Text size="sm" c="dimmed">
            {order.renewal
              ? t("ordersDashboard.member.renewalOn", { date: date(order.createdAt) })
              : date(order.createdAt)}
          </Text>
        </div>
        <Group gap={6} justify="flex-end">
          <PartlyRefundedBadge status={order.status} refunded={order.refunded} />
          <OrderStatusBadge status={order.status} />
        </Group>
      </Group>
      <Stack gap={4} mt="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {order.items.map((item, index) => (
          <Group key={index} component="li" justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" lineClamp={2}>
              {item.quantity > 1 ? `${item.title} × ${item.quantity}` : item.title}
            </Text>
            <Text size="sm" style={{ whiteSpace: "nowrap" }}>
              {money(item.amount * item.quantity, order.currency)}
            </Text>
          </Group>
        ))}
      </Stack>
      {order.discount > 0 ? (
        <Group justify="space-between" mt={6} wrap="nowrap">
          <Text size="sm" c="dimmed">
            {order.coupon
              ? t("ordersDashboard.member.discountWith", { coupon: order.coupon })
              : t("ordersDashboard.member.discount")}
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            −{money(order.discount, order.currency)}
          </Text>
        </Group>
      ) : null}
      <Group justify="space-between" mt={6} wrap="nowrap">
        <Text fw={700}>{t("ordersDashboard.member.total")}</Text>
        <Text fw={700} data-testid="order-total" style={{ whiteSpace: "nowrap" }}>
          {money(order.total, order.currency)}
        </Text>
      </Group>
      {order.dueLater > 0 ? (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t("ordersDashboard.member.dueLater")}
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {money(order.dueLater, order.currency)}
          </Text>
        </Group>
      ) : null}
      {order.refunded > 0 ? (
        <Text size="sm" c="dimmed" ta="end">
          {t("ordersDashboard.member.refunded", { amount: money(order.refunded, order.currency) })}
        </Text>
      ) : null}
      {order.instructions !== null ? (
        <Alert
          color="blue"
          variant="light"
          mt="sm"
          title={
            order.dueAt
              ? t("ordersDashboard.member.payBy", { date: date(order.dueAt) })
              : t("ordersDashboard.member.payTitle")
          }
          data-testid="order-instructions"
        >
          <Text size="sm" style={{ whiteSpace: "pre-line" }}>
            {order.instructions || t("ordersDashboard.member.payDefault")}
          </Text>
        </Alert>
      ) : null}
      <Group mt="md" gap="sm">
        <Button
          component="a"
          href={`/api/orders/${order.id}/invoice.pdf`}
          download
          size="xs"
          variant="light"
          leftSection={<IconFileInvoice size={16} aria-hidden />}
          aria-label={t("ordersDashboard.member.invoiceFor", { number: order.number })}
        >
          {t("ordersDashboard.member.invoice")}
        </Button>
        {order.status === "paid" || order.status === "fulfilled" ? (
          <Anchor href={`/thankyou?order=${order.id}`} size="sm">
            {t("ordersDashboard.member.details")}
          </Anchor>
        ) : null}
      </Group>
    </Card>
  );
}

/** Scope 6 for a member: their orders (with the invoice of each) and their subscriptions. */
export function MemberOrders({ screen, lang }: { screen: MemberOrdersScreen; lang: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" data-testid="member-orders">
      <Stack gap="sm" component="section" aria-labelledby="my-orders-title">
        <Title order={2} size="h3" id="my-orders-title">
          {t("ordersDashboard.member.ordersHeading")}
        </Title>
        {screen.orders.length === 0 ? (
          <Paper withBorder radius="md" p="lg">
            <Text c="dimmed">{t("ordersDashboard.member.empty")}</Text>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {screen.orders.map((order) => (
              <OrderCard key={order.id} order={order} lang={lang} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="my-subscriptions-title">
        <Title order={2} size="h3" id="my-subscriptions-title">
          {t("ordersDashboard.member.subscriptionsHeading")}
        </Title>
        {screen.subscriptions.length === 0 ? (
          <Paper withBorder radius="md" p="lg">
            <Text c="dimmed">{t("ordersDashboard.member.noSubscriptions")}</Text>
          </Paper>
        ) : (
          <SubscriptionTable subscriptions={screen.subscriptions} lang={lang} showBuyer={false} />
        )}
      </Stack>
    </Stack>
  );
}
