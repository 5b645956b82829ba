import { ActionIcon, Alert, Container, Stack, Table, Text, Title } from "@mantine/core";
import { IconFileInvoice } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useFetcher, useSearchParams } from "react-router";
import { OrderStatusBadge, dateIn, moneyIn, openRazorpayModal } from "~/features/orders/orders";
import { errorKeyOf } from "~/platform/errors";
import type { PlanInterval } from "../billing-shapes";
import type { BillingView } from "./billing-view";
import { CurrentPlan } from "./current-plan";
import { PlanCards } from "./plan-cards";
import { PlanTransfers } from "./plan-transfers";
import { UsageMeters } from "./usage-meters";

/** Answers that move the browser on are redirects the router follows; the modal stays here. */
type Answer =
  | { ok: true; modal: { orderId: string; client: Record<string, unknown> } }
  | { ok: false; code: string };

type Choice = { planId: string; interval: PlanInterval; provider: string };

/** A Razorpay purchase to resume once this screen is its own document (see `buy`). */
const resumeStorage = "billing_resume";
/** The query an answer's redirect comes back with. */
const outcomes = ["paid", "kept", "scheduled", "cancelled"];

/**
 * Whether this document was loaded as the billing screen: only then does its policy let
 * Razorpay's script and modal in (server/middleware/security-headers.ts). A screen reached by a
 * client-side link keeps the policy of the page the document was.
 */
function documentIsBilling(): boolean {
  const entry = performance.getEntriesByType?.("navigation")[0];
  if (!entry?.name) return true;
  return new URL(entry.name).pathname === "/dashboard/billing";
}

/**
 * `/dashboard/billing` (C7): the site's plan and how it is paid, its usage meters, the plans to
 * move to, and its invoices. Upgrading places the platform's order and pays it the way its
 * provider asks: the provider's page, Razorpay's modal here, or a bank transfer whose
 * instructions stay on this screen until a super-admin confirms the money arrived.
 */
export function BillingScreen({ screen, lang }: { screen: BillingView; lang: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const fetcher = useFetcher<Answer>();
  const checkoutKeys = useRef(new Map<string, string>());
  // One key for "Keep my current plan": a second click resumes the same order (PayPal, Razorpay).
  const keepKey = useRef<string | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [modalFailed, setModalFailed] = useState<string | null>(null);
  const money = moneyIn(lang);
  const date = dateIn(lang);

  /** What was sent and is not answered yet: asked again if its answer is lost (same key). */
  const unanswered = useRef<Record<string, string | Record<string, string>> | null>(null);
  const send = (body: Record<string, string | Record<string, string>>) => {
    setDismissed(false);
    setModalFailed(null);
    unanswered.current = body;
    void fetcher.submit(body, { method: "post", encType: "application/json" });
  };

  const buy = (choice: Choice, key?: string) => {
    // One key per choice: a double click, or the modal opened again, resumes the same order.
    const signature = JSON.stringify([choice.planId, choice.interval, choice.provider]);
    const checkoutKey = key ?? checkoutKeys.current.get(signature) ?? crypto.randomUUID();
    checkoutKeys.current.set(signature, checkoutKey);
    if (choice.provider === "razorpay" && !documentIsBilling()) {
      // This document's policy keeps Razorpay out: load the screen as a page, then go on.
      sessionStorage.setItem(resumeStorage, JSON.stringify({ choice, checkoutKey }));
      window.location.reload();
      return;
    }
    send({ ...choice, checkoutKey });
  };

  /** "Keep my current plan"; bought again through Razorpay, its modal needs this document too. */
  const keep = (key?: string) => {
    keepKey.current = key ?? keepKey.current ?? crypto.randomUUID();
    const rebuys = screen.payment?.resumes === false && screen.payment.provider === "razorpay";
    if (rebuys && !documentIsBilling()) {
      sessionStorage.setItem(resumeStorage, JSON.stringify({ checkoutKey: keepKey.current }));
      window.location.reload();
      return;
    }
    send({ intent: "keepPlan", checkoutKey: keepKey.current });
  };

  // A submission that ended with no answer (the router let it go as the page settled after a
  // reload, seen on busy machines) is sent once more: its checkout key resumes the same order.
  // Declared before the resume below, so that its first run does not see that resume's send.
  useEffect(() => {
    if (fetcher.state !== "idle" || !unanswered.current) return;
    const lost = unanswered.current;
    unanswered.current = null;
    if (fetcher.data === undefined)
      void fetcher.submit(lost, { method: "post", encType: "application/json" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the fetcher settles
  }, [fetcher.state]);

  useEffect(() => {
    const saved = sessionStorage.getItem(resumeStorage);
    if (!saved) return;
    // Kept until the choice is answered: a screen opened again before that (remounted as the
    // page settles, or reloaded) resumes the same order by the same key.
    try {
      const { choice, checkoutKey } = JSON.parse(saved) as { choice?: Choice; checkoutKey: string };
      if (!documentIsBilling()) return sessionStorage.removeItem(resumeStorage);
      // Back with an outcome (the answer was a redirect here): the choice was answered.
      if (outcomes.some((outcome) => search.has(outcome)))
        return sessionStorage.removeItem(resumeStorage);
      if (choice) buy(choice, checkoutKey);
      else keep(checkoutKey);
    } catch {
      // Not ours to read: nothing to resume.
      sessionStorage.removeItem(resumeStorage);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the screen opens
  }, []);

  useEffect(() => {
    const answer = fetcher.data;
    if (answer) sessionStorage.removeItem(resumeStorage);
    if (!answer?.ok) return;
    // Razorpay: the modal's signed answer goes to the platform's order, through this screen.
    setModalOpen(true);
    openRazorpayModal(answer.modal.client)
      .then((payload) => {
        if (!payload) setDismissed(true);
        else send({ intent: "paymentReturn", orderId: answer.modal.orderId, payload });
      })
      .catch((error: unknown) =>
        setModalFailed(error instanceof Error ? error.message : "payment.providerFailed"),
      )
      .finally(() => setModalOpen(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [fetcher.data]);

  const withdraw = (orderId: string) => send({ intent: "withdrawTransfer", orderId });
  const failed = modalFailed ?? (fetcher.data && !fetcher.data.ok ? fetcher.data.code : null);
  const busy = fetcher.state !== "idle" || modalOpen;
  const requested = screen.transfers.some((transfer) => !transfer.renewal);

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
        {search.get("kept") && (
          <Alert color="teal" role="status" data-testid="billing-kept">
            {t("billing.kept")}
          </Alert>
        )}
        {search.get("scheduled") && (
          <Alert color="teal" role="status" data-testid="billing-scheduled-paid">
            {t("billing.scheduledPaid")}
          </Alert>
        )}
        {(search.get("cancelled") || dismissed) && (
          <Alert color="gray" role="status">
            {t("billing.cancelled")}
          </Alert>
        )}
        {failed && (
          <Alert color="red" role="alert" data-testid="billing-error">
            {t(errorKeyOf(failed))}
          </Alert>
        )}
        <CurrentPlan screen={screen} lang={lang} busy={busy} onKeep={() => keep()} />
        {screen.transfers.length > 0 && (
          <PlanTransfers view={screen} lang={lang} busy={busy} onWithdraw={withdraw} />
        )}
        <UsageMeters meters={screen.meters} lang={lang} />
        <PlanCards
          view={screen}
          lang={lang}
          busy={busy}
          blocked={requested}
          onBuy={(choice) => buy(choice)}
        />
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
                        {invoice.undone ? (
                          <Text size="xs" c="dimmed" data-testid="invoice-undone">
                            {t("billing.invoices.undone")}
                          </Text>
                        ) : invoice.dueLater > 0 ? (
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
