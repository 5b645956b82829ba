import { Button, Group, Modal, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useFetcher } from "react-router";
import { cancellable, type SubscriptionView } from "../order-views";
import { ChangeCardButton } from "./change-card-button";
import { moneyIn, SubscriptionStatusBadge } from "./order-format";
import { dateIn } from "~/platform/i18n/formats";

type Answer = { ok: boolean; code?: string };

/** "Renews on …", "Trial ends on …", "Ends on …" for a subscription's period end. */
function periodText(subscription: SubscriptionView, date: (iso: string) => string, t: TFunction) {
  if (!subscription.currentPeriodEnd) return "—";
  const on = date(subscription.currentPeriodEnd);
  if (
    subscription.cancelAtPeriodEnd ||
    subscription.status === "cancelled" ||
    subscription.status === "ended"
  )
    return t("ordersDashboard.subscriptions.endsOn", { date: on });
  if (subscription.status === "trialing")
    return t("ordersDashboard.subscriptions.trialEnds", { date: on });
  return t("ordersDashboard.subscriptions.renews", { date: on });
}

/**
 * Subscriptions with their status, price, next renewal and "cancel at period end" (asked to
 * confirm first). The member sees their own (with "change card"), a manager every buyer's.
 */
export function SubscriptionTable({
  subscriptions,
  lang,
  showBuyer,
}: {
  subscriptions: SubscriptionView[];
  lang: string;
  showBuyer: boolean;
}) {
  const { t } = useTranslation();
  const money = moneyIn(lang);
  const date = dateIn(lang);
  const fetcher = useFetcher<Answer>();
  const [asking, setAsking] = useState<SubscriptionView | null>(null);
  const [sentFor, setSentFor] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  // The dialog closes once its own cancel has been answered well.
  const finished = sentFor !== null && !busy && fetcher.data?.ok === true;
  const open = (s: SubscriptionView | null) => {
    setAsking(s);
    setSentFor(null);
  };
  const showing = asking !== null && !(finished && sentFor === asking.id) ? asking : null;
  const failed = sentFor !== null && !busy && fetcher.data?.ok === false;

  const price = (s: SubscriptionView) =>
    t(
      s.interval === "year"
        ? "ordersDashboard.subscriptions.perYear"
        : "ordersDashboard.subscriptions.perMonth",
      {
        amount: money(s.amount, s.currency),
      },
    );

  return (
    <>
      <ScrollArea
        type="auto"
        offsetScrollbars
        viewportProps={{
          tabIndex: 0,
          role: "region",
          "aria-label": t("ordersDashboard.subscriptions.caption"),
        }}
      >
        <Table
          striped
          withTableBorder
          verticalSpacing="sm"
          miw={showBuyer ? 820 : 640}
          data-testid="subscriptions-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("ordersDashboard.subscriptions.product")}</Table.Th>
              {showBuyer ? (
                <Table.Th scope="col">{t("ordersDashboard.shop.customer")}</Table.Th>
              ) : null}
              <Table.Th scope="col">{t("ordersDashboard.subscriptions.amount")}</Table.Th>
              <Table.Th scope="col">{t("ordersDashboard.shop.status")}</Table.Th>
              <Table.Th scope="col">{t("ordersDashboard.subscriptions.renewal")}</Table.Th>
              <Table.Th scope="col">
                <Text span size="sm" fw={700}>
                  {t("ordersDashboard.subscriptions.actions")}
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {subscriptions.map((s) => (
              <Table.Tr key={s.id} data-testid="subscription-row">
                <Table.Th scope="row" fw={500}>
                  <Text size="sm" fw={600}>
                    {s.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t("ordersDashboard.member.number", { number: s.orderNumber })}
                    {s.paymentsLeft !== null
                      ? ` · ${t("ordersDashboard.subscriptions.paymentsLeft", { left: s.paymentsLeft })}`
                      : ""}
                  </Text>
                </Table.Th>
                {showBuyer ? (
                  <Table.Td>
                    <Text size="sm">{s.buyer.name}</Text>
                    <Text size="xs" c="dimmed">
                      {s.buyer.email}
                    </Text>
                  </Table.Td>
                ) : null}
                <Table.Td>{price(s)}</Table.Td>
                <Table.Td>
                  <SubscriptionStatusBadge status={s.status} />
                </Table.Td>
                <Table.Td>{periodText(s, date, t)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="wrap">
                    {cancellable(s) ? (
                      <Button size="xs" variant="light" color="red" onClick={() => open(s)}>
                        {t("ordersDashboard.subscriptions.cancel")}
                      </Button>
                    ) : s.cancelAtPeriodEnd ? (
                      <Text size="xs" c="dimmed">
                        {t("ordersDashboard.subscriptions.endsAtPeriodEnd")}
                      </Text>
                    ) : null}
                    {!showBuyer && s.provider === "stripe" && cancellable(s) ? (
                      <ChangeCardButton subscriptionId={s.id} />
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Modal
        opened={showing !== null}
        onClose={() => open(null)}
        title={t("ordersDashboard.subscriptions.confirmTitle")}
        centered
        closeButtonProps={{ "aria-label": t("ordersDashboard.manual.close") }}
      >
        {showing ? (
          <Stack gap="md">
            <Text size="sm">
              {showing.currentPeriodEnd
                ? t("ordersDashboard.subscriptions.confirmText", {
                    title: showing.title,
                    date: date(showing.currentPeriodEnd),
                  })
                : t("ordersDashboard.subscriptions.confirmTextNoDate", { title: showing.title })}
            </Text>
            {failed ? (
              <Text size="sm" c="red.8" role="alert">
                {t("ordersDashboard.subscriptions.failed")}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => open(null)}>
                {t("ordersDashboard.subscriptions.keep")}
              </Button>
              <Button
                color="red"
                loading={busy}
                onClick={() => {
                  setSentFor(showing.id);
                  void fetcher.submit(
                    { intent: "cancelSubscription", subscriptionId: showing.id },
                    // The screen's own route: the site's orders, or the console's for the platform.
                    { method: "post", encType: "application/json" },
                  );
                }}
              >
                {t("ordersDashboard.subscriptions.cancel")}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
