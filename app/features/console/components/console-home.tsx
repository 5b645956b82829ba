import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import type { ConsoleHome } from "../console-home.server";

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  const { i18n } = useTranslation();
  return (
    <div>
      <Text fz={28} fw={800} lh={1.2} data-testid={testId}>
        {new Intl.NumberFormat(i18n.language).format(value)}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </div>
  );
}

function Panel({
  title,
  to,
  link,
  children,
}: {
  title: string;
  to: string;
  link: string;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
        <Anchor component={Link} to={to} size="sm" fw={600}>
          {link}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** The console's home: the platform's sites, its support queue and the plans sites are on. */
export function ConsoleHomeView({ name, home }: { name: string; home: ConsoleHome }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="lg" data-testid="console-home">
      <div>
        <Title order={1}>{t("dashboard.home.greeting", { name })}</Title>
        <Text c="dimmed">{t("dashboard.home.console.intro")}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Panel
          title={t("dashboard.home.console.sites")}
          to="/dashboard/accounts"
          link={t("dashboard.home.console.openAccounts")}
        >
          <SimpleGrid cols={3}>
            <Figure
              label={t("dashboard.home.console.total")}
              value={home.sites.total}
              testId="console-sites"
            />
            <Figure
              label={t("dashboard.home.console.recent")}
              value={home.sites.recent}
              testId="console-recent"
            />
            <Figure
              label={t("dashboard.home.console.suspended")}
              value={home.sites.suspended}
              testId="console-suspended"
            />
          </SimpleGrid>
        </Panel>
        <Panel
          title={t("dashboard.home.console.support")}
          to="/dashboard/tickets"
          link={t("dashboard.home.console.openTickets")}
        >
          <SimpleGrid cols={2}>
            <Figure
              label={t("dashboard.home.console.unresolved")}
              value={home.tickets.unresolved}
              testId="console-unresolved"
            />
            <Figure
              label={t("dashboard.home.console.awaited")}
              value={home.tickets.awaited}
              testId="console-awaited"
            />
          </SimpleGrid>
        </Panel>
        <Panel
          title={t("dashboard.home.console.plans")}
          to="/dashboard/billing/subscriptions"
          link={t("dashboard.home.console.openSubscriptions")}
        >
          <Table data-testid="console-plans">
            <Table.Tbody>
              {home.plans.map((row) => (
                <Table.Tr key={row.plan ?? ""}>
                  <Table.Td>{row.label ?? row.plan ?? t("dashboard.home.noPlan")}</Table.Td>
                  <Table.Td ta="end" fw={700}>
                    {number.format(row.sites)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
