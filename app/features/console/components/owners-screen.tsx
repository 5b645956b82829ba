import { Anchor, Badge, Group, ScrollArea, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import type { OwnersScreen } from "../console-views";
import { ConsoleTabs } from "./console-tabs";
import { dateIn } from "~/platform/i18n/formats";
import { Pager, SearchBox } from "./list-controls";

/** M8 the site owners: each with their address, whether it is verified, and their sites. */
export function OwnersScreenView({ screen, lang }: { screen: OwnersScreen; lang: string }) {
  const { t } = useTranslation();
  const date = dateIn(lang);
  const { query, owners } = screen;
  const c = (key: string) => t(`console.owners.${key}`);
  return (
    <Stack gap="md">
      <Title order={1}>{t("dashboard.sections.owners.title")}</Title>
      <ConsoleTabs active="owners" />
      <SearchBox key={query.q} value={query.q} label={c("search")} />
      {owners.rows.length === 0 ? (
        <Text c="dimmed" data-testid="owners-empty">
          {c("empty")}
        </Text>
      ) : (
        <ScrollArea
          type="auto"
          offsetScrollbars
          viewportProps={{ tabIndex: 0, role: "region", "aria-label": c("caption") }}
        >
          <Table striped withTableBorder verticalSpacing="sm" miw={760} data-testid="owners-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{c("person")}</Table.Th>
                <Table.Th scope="col">{c("verified")}</Table.Th>
                <Table.Th scope="col">{c("joined")}</Table.Th>
                <Table.Th scope="col">{c("sites")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {owners.rows.map((row) => (
                <Table.Tr key={row.userId} data-testid="owner-row">
                  <Table.Th scope="row" fw={500}>
                    <Text size="sm" fw={600}>
                      {row.name}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                      {row.email}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    <Badge color={row.emailVerified ? "teal.9" : "gray.7"} variant="filled">
                      {c(row.emailVerified ? "verifiedYes" : "verifiedNo")}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    {row.createdAt ? date(row.createdAt) : "—"}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      {row.sites.map((site) => (
                        <Anchor
                          key={site.accountId}
                          component={Link}
                          to={`/dashboard/accounts?account=${site.accountId}&q=${encodeURIComponent(site.slug)}`}
                          size="sm"
                        >
                          {site.suspended
                            ? `${site.title} (${t("console.status.suspended")})`
                            : site.title}
                        </Anchor>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <Pager paged={owners} totalKey="console.total" />
    </Stack>
  );
}
