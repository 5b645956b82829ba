import { Alert, Button, Code, Group, Modal, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { AffiliateRowView, AffiliateStatus, Money } from "../affiliate-shapes";
import { AffiliateStatusBadge, EmptyText } from "./affiliate-tables";
import { useAffiliateFormats, useRefusal, type CommandAnswer } from "./affiliate-words";

type Decision = Exclude<AffiliateStatus, "pending">;
/** The decisions each status offers: approve or refuse an applicant, suspend or reinstate. */
const decisions: Record<AffiliateStatus, Decision[]> = {
  pending: ["approved", "rejected"],
  approved: ["suspended"],
  rejected: ["approved"],
  suspended: ["approved"],
};

const nowrap = { whiteSpace: "nowrap" } as const;

type Sent = { intent?: string; id?: string; status?: string; currency?: string };
type Paying = { affiliate: AffiliateRowView; due: Money };

/**
 * Every affiliate of the site with their figures: who they are, their code, clicks, sign-ups,
 * sales and money; decisions on their status, and a payout per currency they are owed.
 */
export function AffiliateList({
  affiliates,
  minPayout,
  enabled,
}: {
  affiliates: AffiliateRowView[];
  /** The programme's minimum payout (minor units): less is not paid out yet. */
  minPayout: number;
  enabled: boolean;
}) {
  const { t } = useTranslation();
  const format = useAffiliateFormats();
  const refusal = useRefusal();
  const commander = useFetcher<CommandAnswer>();
  const [paying, setPaying] = useState<Paying | null>(null);
  const [lastIntent, setLastIntent] = useState<string | null>(null);
  const answer = commander.state === "idle" ? commander.data : undefined;
  const refused = refusal(answer);
  const sent = commander.state !== "idle" ? (commander.json as Sent | undefined) : undefined;
  const send = (body: Record<string, string>) => {
    setLastIntent(body.intent ?? null);
    void commander.submit(body, { method: "post", encType: "application/json" });
  };
  const decide = (id: string, status: Decision) => send({ intent: "decide", id, status });
  const markPaid = (note: string) => {
    if (!paying) return;
    send({ intent: "markPaid", id: paying.affiliate.id, currency: paying.due.currency, note });
    setPaying(null);
  };
  const decisionLabel: Record<Decision, string> = {
    approved: t("affiliates.list.approve"),
    rejected: t("affiliates.list.reject"),
    suspended: t("affiliates.list.suspend"),
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="teal" role="status">
        {answer?.ok
          ? lastIntent === "markPaid"
            ? t("affiliates.list.paidDone")
            : t("affiliates.list.decided")
          : ""}
      </Text>
      {refused ? (
        <Alert color="red" role="alert">
          {refused}
        </Alert>
      ) : null}
      {affiliates.length === 0 ? (
        <EmptyText>
          {enabled ? t("affiliates.list.empty") : t("affiliates.list.emptyOff")}
        </EmptyText>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm" highlightOnHover aria-label={t("affiliates.tabs.affiliates")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("affiliates.list.name")}</Table.Th>
                <Table.Th>{t("affiliates.list.code")}</Table.Th>
                <Table.Th>{t("affiliates.list.status")}</Table.Th>
                <Table.Th ta="end">{t("affiliates.stats.clicks")}</Table.Th>
                <Table.Th ta="end">{t("affiliates.stats.signUps")}</Table.Th>
                <Table.Th ta="end">{t("affiliates.stats.sales")}</Table.Th>
                <Table.Th ta="end">{t("affiliates.stats.earned")}</Table.Th>
                <Table.Th ta="end">{t("affiliates.stats.due")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {affiliates.map((affiliate) => (
                <Table.Tr key={affiliate.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {affiliate.name || affiliate.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {affiliate.email}
                    </Text>
                  </Table.Td>
                  <Table.Td style={nowrap}>
                    <Code>{affiliate.code}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={6} align="flex-start">
                      <AffiliateStatusBadge status={affiliate.status} />
                      <Group gap={6} wrap="nowrap">
                        {decisions[affiliate.status].map((status) => (
                          <Button
                            key={status}
                            size="compact-xs"
                            variant={status === "approved" ? "light" : "default"}
                            loading={
                              sent?.intent === "decide" &&
                              sent.id === affiliate.id &&
                              sent.status === status
                            }
                            onClick={() => decide(affiliate.id, status)}
                          >
                            {decisionLabel[status]}
                          </Button>
                        ))}
                      </Group>
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="end">{format.number(affiliate.stats.clicks)}</Table.Td>
                  <Table.Td ta="end">{format.number(affiliate.stats.signUps)}</Table.Td>
                  <Table.Td ta="end">{format.number(affiliate.stats.sales)}</Table.Td>
                  <Table.Td ta="end" style={nowrap}>
                    {affiliate.stats.earned.length === 0
                      ? t("affiliates.none")
                      : affiliate.stats.earned.map((one) => (
                          <div key={one.currency}>{format.money(one.amount, one.currency)}</div>
                        ))}
                  </Table.Td>
                  <Table.Td ta="end">
                    <Stack gap={8} align="flex-end">
                      {affiliate.stats.due.length === 0 ? t("affiliates.none") : null}
                      {affiliate.stats.due.map((due) => (
                        <Stack key={due.currency} gap={2} align="flex-end">
                          <span style={nowrap}>{format.money(due.amount, due.currency)}</span>
                          {due.amount > 0 && due.amount >= minPayout ? (
                            <Button
                              size="compact-xs"
                              variant="light"
                              loading={
                                sent?.intent === "markPaid" &&
                                sent.id === affiliate.id &&
                                sent.currency === due.currency
                              }
                              onClick={() => setPaying({ affiliate, due })}
                            >
                              {t("affiliates.list.markPaid")}
                            </Button>
                          ) : (
                            <Text size="xs" c="dimmed" style={nowrap}>
                              {t("affiliates.list.belowMinimum")}
                            </Text>
                          )}
                        </Stack>
                      ))}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {paying ? (
        <MarkPaidModal paying={paying} onClose={() => setPaying(null)} onConfirm={markPaid} />
      ) : null}
    </Stack>
  );
}

/** Before a payout is marked paid: how much, to whom, where they asked it sent; a note. */
function MarkPaidModal({
  paying,
  onClose,
  onConfirm,
}: {
  paying: Paying;
  onClose: () => void;
  onConfirm: (note: string) => void;
}) {
  const { t } = useTranslation();
  const format = useAffiliateFormats();
  const [note, setNote] = useState("");
  const { affiliate, due } = paying;
  return (
    <Modal
      opened
      onClose={onClose}
      size="md"
      title={t("affiliates.markPaid.title")}
      closeButtonProps={{ "aria-label": t("affiliates.close") }}
    >
      <Stack gap="md">
        <Text size="sm">
          {t("affiliates.markPaid.summary", {
            amount: format.money(due.amount, due.currency),
            name: affiliate.name || affiliate.email,
          })}
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("affiliates.markPaid.details")}
          </Text>
          {affiliate.payoutDetails ? (
            <Text
              size="sm"
              p="xs"
              bg="var(--mantine-color-default-hover)"
              style={{ whiteSpace: "pre-wrap", borderRadius: "var(--mantine-radius-sm)" }}
              data-testid="payout-details"
            >
              {affiliate.payoutDetails}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t("affiliates.markPaid.noDetails")}
            </Text>
          )}
        </Stack>
        <TextInput
          label={t("affiliates.markPaid.note")}
          description={t("affiliates.markPaid.noteHelp")}
          value={note}
          maxLength={200}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("affiliates.cancel")}
          </Button>
          <Button onClick={() => onConfirm(note)}>{t("affiliates.markPaid.confirm")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
