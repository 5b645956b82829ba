import { Badge, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useId, type ReactNode } from "react";
import { dateIn } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  refusalReasons,
  type AffiliateStatus,
  type CommissionView,
  type PayoutView,
  type RefusalReason,
} from "../affiliate-shapes";
import {
  affiliateColour,
  commissionColour,
  useAffiliateFormats,
  useAffiliateWords,
} from "./affiliate-words";

const isReason = (reason: string | null): reason is RefusalReason =>
  refusalReasons.includes(reason as RefusalReason);

export function AffiliateStatusBadge({ status }: { status: AffiliateStatus }) {
  const words = useAffiliateWords();
  return (
    <Badge variant="light" color={affiliateColour[status]} miw="max-content">
      {words.statuses[status]}
    </Badge>
  );
}

/** One titled part of a screen, named by its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const heading = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={heading}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={heading}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** What nothing yet looks like in a list. */
export function EmptyText({ children }: { children: string }) {
  return (
    <Text c="dimmed" py="xl" ta="center">
      {children}
    </Text>
  );
}

/**
 * The commissions ledger, newest first: each referred order with what it earned; a refused one
 * says why, a clawback (a refund of a paid commission) shows as a negative amount.
 */
export function CommissionsTable({
  commissions,
  showAffiliate,
}: {
  commissions: CommissionView[];
  /** The owner's ledger names each line's affiliate; a member's is all their own. */
  showAffiliate: boolean;
}) {
  const { t, i18n } = useTranslation();
  const words = useAffiliateWords();
  const format = useAffiliateFormats();
  const day = dateIn(i18n.language);
  if (commissions.length === 0) return <EmptyText>{t("affiliates.commissions.empty")}</EmptyText>;
  return (
    <Table.ScrollContainer minWidth={showAffiliate ? 760 : 600}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t("affiliates.tabs.commissions")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("affiliates.commissions.date")}</Table.Th>
            {showAffiliate ? <Table.Th>{t("affiliates.commissions.affiliate")}</Table.Th> : null}
            <Table.Th>{t("affiliates.commissions.order")}</Table.Th>
            <Table.Th ta="end">{t("affiliates.commissions.orderTotal")}</Table.Th>
            <Table.Th ta="end">{t("affiliates.commissions.amount")}</Table.Th>
            <Table.Th>{t("affiliates.commissions.status")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {commissions.map((line) => (
            <Table.Tr key={line.id} data-kind={line.kind}>
              <Table.Td>{day(line.createdAt)}</Table.Td>
              {showAffiliate ? <Table.Td>{line.affiliateName}</Table.Td> : null}
              <Table.Td>
                {t("affiliates.commissions.orderNumber", { number: line.orderNumber })}
              </Table.Td>
              <Table.Td ta="end">{format.money(line.orderTotal, line.currency)}</Table.Td>
              <Table.Td ta="end" c={line.amount < 0 ? "red.8" : undefined}>
                {format.money(line.amount, line.currency)}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  {line.kind === "clawback" ? (
                    <Badge variant="outline" color="red" miw="max-content">
                      {t("affiliates.commissions.clawback")}
                    </Badge>
                  ) : null}
                  <Badge variant="light" color={commissionColour[line.status]} miw="max-content">
                    {words.commissionStatuses[line.status]}
                  </Badge>
                  {line.status === "refused" && isReason(line.reason) ? (
                    <Text size="xs" c="dimmed">
                      {words.reasons[line.reason]}
                    </Text>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The payouts made, newest first: to whom, how much, for how many commissions. */
export function PayoutsTable({
  payouts,
  showAffiliate,
}: {
  payouts: PayoutView[];
  showAffiliate: boolean;
}) {
  const { t, i18n } = useTranslation();
  const format = useAffiliateFormats();
  const day = dateIn(i18n.language);
  if (payouts.length === 0) return <EmptyText>{t("affiliates.payouts.empty")}</EmptyText>;
  return (
    <Table.ScrollContainer minWidth={showAffiliate ? 680 : 520}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t("affiliates.tabs.payouts")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("affiliates.payouts.paidAt")}</Table.Th>
            {showAffiliate ? <Table.Th>{t("affiliates.payouts.affiliate")}</Table.Th> : null}
            <Table.Th ta="end">{t("affiliates.payouts.amount")}</Table.Th>
            <Table.Th ta="end">{t("affiliates.payouts.commissions")}</Table.Th>
            <Table.Th>{t("affiliates.payouts.note")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payouts.map((payout) => (
            <Table.Tr key={payout.id}>
              <Table.Td>{day(payout.paidAt)}</Table.Td>
              {showAffiliate ? <Table.Td>{payout.affiliateName}</Table.Td> : null}
              <Table.Td ta="end">{format.money(payout.amount, payout.currency)}</Table.Td>
              <Table.Td ta="end">{format.number(payout.commissions)}</Table.Td>
              <Table.Td>{payout.note || t("affiliates.none")}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
