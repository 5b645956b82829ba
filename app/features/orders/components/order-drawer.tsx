import {
  Alert,
  Button,
  Divider,
  Drawer,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useShopScope } from "./shop-scope";
import type { TFunction } from "i18next";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useRevalidator } from "react-router";
import { errorCatalogue, type ErrorCode } from "~/platform/errors";
import type { OrderDetail, OrderEventView } from "../order-views";
import { currencyDigits } from "~/features/cart/cart";
import { moneyIn, OrderStatusBadge } from "./order-format";
import { dateIn } from "~/platform/i18n/formats";

type Command = "confirm" | "refund" | "cancel";

/** What caused a move, in words: a manager, the buyer, the checkout, the queue, a provider. */
function causeText(event: OrderEventView, t: TFunction) {
  const [kind, rest] = [event.cause.split(":")[0]!, event.cause.split(":").slice(1)];
  if (kind === "subscription.cancelAtPeriodEnd")
    return t("ordersDashboard.drawer.causes.subscriptionCancel", {
      who: t(`ordersDashboard.drawer.causes.${rest[1] === "manager" ? "manager" : "buyer"}`),
    });
  if (kind === "manager" || kind === "buyer" || kind === "checkout")
    return t(`ordersDashboard.drawer.causes.${kind}`);
  if (kind === "job") return t("ordersDashboard.drawer.causes.system");
  if (kind === "stripe" || kind === "paypal" || kind === "razorpay" || kind === "offline")
    return t("ordersDashboard.drawer.causes.provider", {
      provider: t(`ordersDashboard.provider.${kind}`),
      event: rest.join(":"),
    });
  return event.cause;
}

/** The commands the order's state allows (the API checks again). */
function commandsFor(detail: OrderDetail): Command[] {
  const commands: Command[] = [];
  if (detail.status === "pending" && detail.provider === "offline") commands.push("confirm");
  if (detail.status === "paid" || detail.status === "fulfilled") commands.push("refund");
  if (detail.status === "pending") commands.push("cancel");
  return commands;
}

/** One order (managers): lines, amounts, coupon, buyer, history and what may be done with it. */
export function OrderDrawer({
  detail,
  lang,
  onClose,
}: {
  detail: OrderDetail | null;
  lang: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = (minor: number) => moneyIn(lang)(minor, detail?.currency ?? "USD");
  const date = dateIn(lang, true);
  const revalidator = useRevalidator();
  const [asking, setAsking] = useState<Command | null>(null);
  const [busy, setBusy] = useState(false);
  const scope = useShopScope();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const d = (key: string, values?: Record<string, unknown>) =>
    t(`ordersDashboard.drawer.${key}`, values ?? {});

  // A refund: of what the manager enters (in the currency's major unit, with its digits), at
  // most what is left; an order that charged nothing is refunded whole, with no amount.
  const digits = currencyDigits(detail?.currency ?? "USD");
  const left = detail ? Math.max(detail.total - detail.refunded, 0) : 0;
  const [refundMajor, setRefundMajor] = useState<string | number>("");
  const refundMinor = Math.round(Number(refundMajor) * 10 ** digits);
  const refundValid =
    refundMajor !== "" && Number.isInteger(refundMinor) && refundMinor >= 1 && refundMinor <= left;
  const charged = (detail?.total ?? 0) > 0;

  function ask(command: Command) {
    if (command === "refund") setRefundMajor(left / 10 ** digits);
    setAsking(command);
  }

  async function run(command: Command) {
    if (!detail) return;
    if (command === "refund" && charged && !refundValid) return;
    setBusy(true);
    const response = await fetch(scope.api(`/api/orders/${detail.id}/${command}`), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(command === "refund" && charged ? { amount: refundMinor } : {}),
    }).catch(() => null);
    setBusy(false);
    setAsking(null);
    if (response?.ok) {
      setOutcome({ ok: true, text: d("done") });
      await revalidator.revalidate();
      return;
    }
    const body = (await response?.json().catch(() => null)) as { error?: { code?: string } } | null;
    const code = body?.error?.code as ErrorCode | undefined;
    const key = code && code in errorCatalogue ? errorCatalogue[code].key : "errors.internal";
    setOutcome({ ok: false, text: t(key) });
  }

  const close = () => {
    setOutcome(null);
    onClose();
  };
  const commands = detail ? commandsFor(detail) : [];

  return (
    <Drawer
      opened={detail !== null}
      onClose={close}
      position="right"
      size="lg"
      title={detail ? d("title", { number: detail.number }) : ""}
      data-testid="order-drawer"
      closeButtonProps={{ "aria-label": t("ordersDashboard.manual.close") }}
    >
      {detail ? (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <OrderStatusBadge status={detail.status} />
            <Text size="sm" c="dimmed">
              {t(`ordersDashboard.provider.${detail.provider}`)} · {date(detail.createdAt)}
            </Text>
          </Group>
          <div>
            <Text size="sm" fw={700}>
              {d("buyer")}
            </Text>
            <Text size="sm">{detail.name ?? detail.email}</Text>
            <Text size="sm" c="dimmed">
              {detail.email}
            </Text>
          </div>
          <Table withTableBorder verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{d("item")}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {d("amount")}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.items.map((item, index) => (
                <Table.Tr key={index}>
                  <Table.Td>
                    {item.quantity > 1 ? `${item.title} × ${item.quantity}` : item.title}
                  </Table.Td>
                  <Table.Td ta="end">{money(item.amount * item.quantity)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row">{d("subtotal")}</Table.Th>
                <Table.Td ta="end">{money(detail.subtotal)}</Table.Td>
              </Table.Tr>
              {detail.discount > 0 || detail.coupon ? (
                <Table.Tr>
                  <Table.Th scope="row">
                    {detail.coupon ? d("discountWith", { coupon: detail.coupon }) : d("discount")}
                  </Table.Th>
                  <Table.Td ta="end">−{money(detail.discount)}</Table.Td>
                </Table.Tr>
              ) : null}
              <Table.Tr>
                <Table.Th scope="row">{d("total")}</Table.Th>
                <Table.Td ta="end" fw={700}>
                  {money(detail.total)}
                </Table.Td>
              </Table.Tr>
              {detail.dueLater > 0 ? (
                <Table.Tr>
                  <Table.Th scope="row">{d("dueLater")}</Table.Th>
                  <Table.Td ta="end">{money(detail.dueLater)}</Table.Td>
                </Table.Tr>
              ) : null}
              {detail.refunded > 0 ? (
                <Table.Tr>
                  <Table.Th scope="row">{d("refunded")}</Table.Th>
                  <Table.Td ta="end" data-testid="order-refunded">
                    −{money(detail.refunded)}
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {detail.refunded > 0 && left > 0 ? (
                <Table.Tr>
                  <Table.Th scope="row">{d("left")}</Table.Th>
                  <Table.Td ta="end">{money(left)}</Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
          {detail.failureReason ? (
            <Text size="sm">
              {d("failure")}: {detail.failureReason}
            </Text>
          ) : null}
          {outcome ? (
            <Alert
              color={outcome.ok ? "teal" : "red"}
              role={outcome.ok ? "status" : "alert"}
              data-testid="order-outcome"
            >
              {outcome.text}
            </Alert>
          ) : null}
          {commands.length > 0 ? (
            <Group gap="sm">
              {commands.map((command) => (
                <Button
                  key={command}
                  variant={command === "confirm" ? "filled" : "light"}
                  color={command === "confirm" ? undefined : "red"}
                  onClick={() => ask(command)}
                >
                  {d(`commands.${command}`)}
                </Button>
              ))}
            </Group>
          ) : null}
          <Divider />
          <Title order={3} size="h5">
            {d("history")}
          </Title>
          {detail.events.length === 0 ? (
            <Text size="sm" c="dimmed">
              {d("noEvents")}
            </Text>
          ) : (
            <Stack
              gap="xs"
              component="ol"
              style={{ listStyle: "none", padding: 0, margin: 0 }}
              data-testid="order-history"
            >
              {detail.events.map((event) => (
                <li key={event.id}>
                  <Text size="sm" fw={600}>
                    {event.fromStatus === event.toStatus && event.amount !== null
                      ? d("refundedPart", { amount: money(event.amount) })
                      : event.fromStatus === event.toStatus
                        ? causeText(event, t)
                        : event.fromStatus
                          ? d("moved", {
                              from: t(`ordersDashboard.status.${event.fromStatus}`),
                              to: t(`ordersDashboard.status.${event.toStatus}`),
                            })
                          : d("placed", { status: t(`ordersDashboard.status.${event.toStatus}`) })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {date(event.createdAt)}
                    {event.fromStatus === event.toStatus && event.amount === null
                      ? ""
                      : ` · ${causeText(event, t)}`}
                    {event.fromStatus !== event.toStatus && event.amount !== null
                      ? ` · ${money(event.amount)}`
                      : ""}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      ) : null}
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? d(`confirm.${asking}Title`, { number: detail?.number }) : ""}
        centered
        closeButtonProps={{ "aria-label": t("ordersDashboard.manual.close") }}
      >
        <Stack gap="md">
          {asking === "refund" && charged ? (
            <NumberInput
              label={d("confirm.refundAmount")}
              description={d("confirm.refundLeft", {
                left: money(left),
                total: money(detail!.total),
              })}
              value={refundMajor}
              onChange={setRefundMajor}
              min={0}
              max={left / 10 ** digits}
              decimalScale={digits}
              fixedDecimalScale={digits > 0}
              allowNegative={false}
              clampBehavior="none"
              error={refundValid ? undefined : d("confirm.refundRange", { left: money(left) })}
              data-autofocus
              data-testid="refund-amount"
            />
          ) : null}
          <Text size="sm">
            {asking === "refund"
              ? d(
                  !charged
                    ? "confirm.refundFreeText"
                    : refundValid && refundMinor < left
                      ? "confirm.refundPartText"
                      : "confirm.refundText",
                )
              : asking
                ? d(`confirm.${asking}Text`)
                : ""}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              {d("confirm.back")}
            </Button>
            <Button
              color={asking === "confirm" ? undefined : "red"}
              loading={busy}
              disabled={asking === "refund" && charged && !refundValid}
              onClick={() => asking && void run(asking)}
            >
              {asking === "refund" && charged && refundValid
                ? d("confirm.refundButton", { amount: money(refundMinor) })
                : asking
                  ? d(`commands.${asking}`)
                  : ""}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Drawer>
  );
}
