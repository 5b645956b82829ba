import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { useCart } from "~/features/cart/cart";
import type { OrderStatus } from "../order-shapes";
import type { OrderView } from "../order-view.server";
import { moneyIn, OrderStatusBadge } from "./order-format";
import { PartlyRefundedBadge } from "./refund-badge";
import classes from "./order-thanks.module.css";
import { firePurchase } from "./purchase-event";

const settled = new Set(["fulfilled", "failed", "cancelled", "refunded"]);

/** The provider's answer in the return address (PayPal's token or subscription, Stripe's session). */
const returnParams = ["token", "PayerID", "subscription_id", "session_id"];

/**
 * Back from a provider's page: its answer is handed to the server, which checks it with the
 * provider (PayPal's capture happens here), then the order is asked again while the payment is
 * being confirmed (a webhook is on its way).
 */
function useOrderUntilSettled(initial: OrderView): OrderView {
  const [order, setOrder] = useState(initial);
  useEffect(() => {
    if (initial.status !== "pending" || initial.provider === "offline") return;
    const params = new URLSearchParams(window.location.search);
    const payload = Object.fromEntries(
      returnParams.filter((name) => params.has(name)).map((name) => [name, params.get(name)!]),
    );
    if (Object.keys(payload).length === 0) return;
    void fetch(`/api/checkout/${initial.id}/return`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ payload }),
    })
      .then(() => fetch(`/api/orders/${initial.id}`))
      .then(async (response) => {
        if (response.ok) setOrder((await response.json()) as OrderView);
      });
  }, [initial]);
  useEffect(() => {
    if (settled.has(order.status) || (order.provider === "offline" && order.status === "pending"))
      return;
    let tries = 0;
    const timer = window.setInterval(async () => {
      tries += 1;
      const response = await fetch(`/api/orders/${order.id}`).catch(() => null);
      if (response?.ok) setOrder((await response.json()) as OrderView);
      if (tries >= 60) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [order.id, order.status, order.provider]);
  useEffect(() => {
    if (order.status === "fulfilled") firePurchase(order);
  }, [order]);
  return order;
}

const hasUnlocked = (unlocked: OrderView["unlocked"]) =>
  unlocked.courses.length + unlocked.memberships.length + unlocked.downloads.length > 0;

/** /thankyou?order=…: the order, where its payment stands, and what it unlocked. */
export function OrderThanks({ initial }: { initial: OrderView }) {
  const { t, i18n } = useTranslation();
  const order = useOrderUntilSettled(initial);
  const { ready, clear } = useCart();
  // Back from a provider's page, the order is made: the cart it came from is done with.
  useEffect(() => {
    if (ready) clear();
  }, [ready, clear]);
  const inLang = moneyIn(i18n.language);
  const money = (minor: number) => inLang(minor, order.currency);
  const status = order.status as OrderStatus;
  const { unlocked } = order;
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      ta="start"
      data-testid="order-thanks"
      data-status={order.status}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg">
            {t("orderThanks.number", { number: order.number })}
          </Title>
          <Group gap={6}>
            <PartlyRefundedBadge status={status} refunded={order.refunded} />
            <OrderStatusBadge
              status={status}
              label={t(`orderThanks.status.${order.status}`)}
              testId="order-status"
            />
          </Group>
        </Group>
        {order.status === "pending" && order.provider === "offline" ? (
          <Alert
            color="blue"
            variant="light"
            title={t("orderThanks.offlineTitle")}
            data-testid="offline-instructions"
          >
            <Text size="sm" style={{ whiteSpace: "pre-line" }}>
              {order.instructions || t("orderThanks.offlineDefault")}
            </Text>
          </Alert>
        ) : null}
        {order.status === "pending" || order.status === "paid" ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{t("orderThanks.confirming")}</Text>
          </Group>
        ) : null}
        <Stack gap={4}>
          {order.items.map((item, index) => (
            <Group key={index} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {item.title}
                {item.frequency ? ` · ${t(`orderThanks.every.${item.frequency.parameter}`)}` : ""}
              </Text>
              <Text size="sm">{money(item.amount * item.quantity)}</Text>
            </Group>
          ))}
          {order.discount > 0 ? (
            <Group justify="space-between">
              <Text size="sm">{t("orderThanks.discount", { coupon: order.coupon ?? "" })}</Text>
              <Text size="sm">−{money(order.discount)}</Text>
            </Group>
          ) : null}
          <Divider my={4} />
          <Group justify="space-between">
            <Text fw={700}>{t("orderThanks.total")}</Text>
            <Text fw={700} data-testid="order-total">
              {money(order.total)}
            </Text>
          </Group>
          {order.dueLater > 0 ? (
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" c="dimmed">
                {t("orderThanks.dueLater")}
              </Text>
              <Text size="sm" c="dimmed" data-testid="order-due-later" className={classes.amount}>
                {money(order.dueLater)}
              </Text>
            </Group>
          ) : null}
          {order.refunded > 0 ? (
            <Group justify="space-between" wrap="nowrap" className={classes.refunded}>
              <Text size="sm" fw={600}>
                {t("orderThanks.refunded")}
              </Text>
              <Text size="sm" fw={600} data-testid="order-refunded" className={classes.amount}>
                −{money(order.refunded)}
              </Text>
            </Group>
          ) : null}
        </Stack>
        {order.status === "fulfilled" && hasUnlocked(unlocked) ? (
          <Stack gap="xs" data-testid="order-unlocked">
            <Text fw={600}>{t("orderThanks.unlocked")}</Text>
            <List spacing={4}>
              {unlocked.courses.map((course) => (
                <List.Item key={course.id}>
                  <Anchor component={Link} to={`/course/${course.slug}/learn`}>
                    {course.title}
                  </Anchor>
                </List.Item>
              ))}
              {unlocked.memberships.map((level) => (
                <List.Item key={level.id}>
                  {t("orderThanks.membership", { name: level.name })}
                </List.Item>
              ))}
              {unlocked.downloads.map((file) => (
                <List.Item key={file.id}>
                  <Anchor href={`/api/downloads/${file.id}`} download>
                    {file.name}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        <Group>
          <Button component={Link} to="/dashboard/orders" variant="light">
            {t("orderThanks.myOrders")}
          </Button>
          <Button component="a" href={`/api/orders/${order.id}/invoice.pdf`} variant="subtle">
            {t("orderThanks.invoice")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
