import {
  Anchor,
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useSearchParams } from "react-router";
import type { AccountRow, AccountsScreen } from "../console-views";
import { AccountDrawer } from "./account-drawer";
import { ConsoleTabs } from "./console-tabs";
import { useQueryChange } from "~/ui/use-query-change";
import { dateIn } from "~/platform/i18n/formats";
import { Pager, SearchBox } from "./list-controls";
import { AccountStatusBadge } from "./status-badge";

/** A link to the same screen with one account's drawer open (the list's filters kept). */
function useDetailLink() {
  const [params] = useSearchParams();
  return (accountId: string) => {
    const next = new URLSearchParams(params);
    next.set("account", accountId);
    return `?${next.toString()}`;
  };
}

function AccountsTable({ rows, lang }: { rows: AccountRow[]; lang: string }) {
  const { t } = useTranslation();
  const date = dateIn(lang);
  const detailLink = useDetailLink();
  const c = (key: string) => t(`console.table.${key}`);
  return (
    <ScrollArea
      type="auto"
      offsetScrollbars
      viewportProps={{ tabIndex: 0, role: "region", "aria-label": c("caption") }}
    >
      <Table striped withTableBorder verticalSpacing="sm" miw={860} data-testid="accounts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{c("site")}</Table.Th>
            <Table.Th scope="col">{c("plan")}</Table.Th>
            <Table.Th scope="col">{c("owner")}</Table.Th>
            <Table.Th scope="col" ta="end">
              {c("members")}
            </Table.Th>
            <Table.Th scope="col">{c("created")}</Table.Th>
            <Table.Th scope="col">{c("status")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.accountId} data-testid="account-row" data-slug={row.slug}>
              <Table.Th scope="row" fw={500}>
                <Anchor component={Link} to={detailLink(row.accountId)} fw={600} size="sm">
                  {row.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {row.domain ? `${row.slug} · ${row.domain}` : row.slug}
                </Text>
              </Table.Th>
              <Table.Td>{row.planLabel ?? row.plan ?? c("noPlan")}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                {row.ownerEmail ?? c("noOwner")}
              </Table.Td>
              <Table.Td ta="end">{row.members}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{date(row.createdAt)}</Table.Td>
              <Table.Td>
                <AccountStatusBadge suspended={Boolean(row.suspendedAt)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** M8 the platform's sites: search, status, order, pages, and one site's drawer. */
export function AccountsScreenView({ screen, lang }: { screen: AccountsScreen; lang: string }) {
  const { t } = useTranslation();
  const change = useQueryChange();
  const { query, accounts, detail } = screen;
  return (
    <Stack gap="md">
      <Title order={1}>{t("dashboard.sections.accounts.title")}</Title>
      <ConsoleTabs active="accounts" />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchBox key={query.q} value={query.q} label={t("console.search")} />
        <SegmentedControl
          aria-label={t("console.status.label")}
          value={query.status}
          onChange={(status) =>
            change({ status: status === "all" ? null : status, page: null, account: null })
          }
          data={(["all", "active", "suspended"] as const).map((value) => ({
            value,
            label: t(`console.status.${value}`),
          }))}
        />
        <Select
          label={t("console.sort.label")}
          value={query.sort}
          allowDeselect={false}
          w={200}
          onChange={(sort) =>
            change({ sort: sort === "newest" ? sort : null, page: null, account: null })
          }
          data={(["slug", "newest"] as const).map((value) => ({
            value,
            label: t(`console.sort.${value}`),
          }))}
        />
      </Group>
      {accounts.rows.length === 0 ? (
        <Text c="dimmed" data-testid="accounts-empty">
          {t("console.empty")}
        </Text>
      ) : (
        <AccountsTable rows={accounts.rows} lang={lang} />
      )}
      <Pager paged={accounts} totalKey="console.total" />
      <AccountDrawer detail={detail} lang={lang} onClose={() => change({ account: null })} />
    </Stack>
  );
}
