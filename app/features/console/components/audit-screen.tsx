import { Anchor, Code, Group, ScrollArea, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import type { AuditRow, AuditScreen } from "../console-views";
import { ConsoleTabs } from "./console-tabs";
import { dateIn } from "~/platform/i18n/formats";
import { Pager, SearchBox } from "./list-controls";

/** `account.openAsOwner.redeemed` → `openAsOwnerRedeemed`: the action's words. */
const actionKey = (action: string) =>
  action.replace(/^account\./, "").replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase());

const known = new Set(["suspend", "restore", "features", "openAsOwner", "openAsOwnerRedeemed"]);

function Details({ row }: { row: AuditRow }) {
  const { t } = useTranslation();
  const { before, after, ownerEmail } = row.details as {
    before?: string[];
    after?: string[];
    ownerEmail?: string;
  };
  const names = (list: string[]) =>
    list.length === 0
      ? t("console.audit.none")
      : list.map((name) => t(`platform.pricing.features.${name}`)).join(", ");
  if (before && after)
    return (
      <Text size="sm">
        {t("console.audit.featuresChange", { before: names(before), after: names(after) })}
      </Text>
    );
  if (ownerEmail) return <Text size="sm">{t("console.audit.asOwner", { email: ownerEmail })}</Text>;
  return null;
}

/** M8 every console action, newest first: all sites', or one site's. */
export function AuditScreenView({ screen, lang }: { screen: AuditScreen; lang: string }) {
  const { t } = useTranslation();
  const date = dateIn(lang, true);
  const { query, entries, site } = screen;
  const c = (key: string, values?: Record<string, unknown>) =>
    t(`console.audit.${key}`, values ?? {});
  return (
    <Stack gap="md">
      <Title order={1}>{t("dashboard.sections.audit.title")}</Title>
      <ConsoleTabs active="audit" />
      <Group gap="sm" align="center" wrap="wrap">
        <SearchBox key={query.site} value={query.site} label={c("site")} name="site" />
        {query.site ? (
          <Anchor component={Link} to="/dashboard/accounts/audit" size="sm">
            {c("allSites")}
          </Anchor>
        ) : null}
      </Group>
      {site ? (
        <Text size="sm" c="dimmed" data-testid="audit-filter">
          {c("onlySite", { site: site.slug })}
        </Text>
      ) : null}
      {entries.rows.length === 0 ? (
        <Text c="dimmed" data-testid="audit-empty">
          {c("empty")}
        </Text>
      ) : (
        <ScrollArea
          type="auto"
          offsetScrollbars
          viewportProps={{ tabIndex: 0, role: "region", "aria-label": c("caption") }}
        >
          <Table striped withTableBorder verticalSpacing="sm" miw={760} data-testid="audit-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{c("when")}</Table.Th>
                <Table.Th scope="col">{c("who")}</Table.Th>
                <Table.Th scope="col">{c("action")}</Table.Th>
                <Table.Th scope="col">{c("target")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.rows.map((row) => {
                const key = actionKey(row.action);
                return (
                  <Table.Tr key={row.id} data-testid="audit-row" data-action={row.action}>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{date(row.createdAt)}</Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{row.actorEmail}</Table.Td>
                    <Table.Th scope="row" fw={500}>
                      {known.has(key) ? (
                        t(`console.audit.actions.${key}`)
                      ) : (
                        <Code>{row.action}</Code>
                      )}
                      <Details row={row} />
                    </Table.Th>
                    <Table.Td>
                      {row.target?.slug ? (
                        <Anchor
                          component={Link}
                          to={`/dashboard/accounts?account=${row.target.accountId}&q=${encodeURIComponent(row.target.slug)}`}
                          size="sm"
                        >
                          {row.target.slug}
                        </Anchor>
                      ) : (
                        "—"
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <Pager paged={entries} totalKey="console.audit.total" />
    </Stack>
  );
}
