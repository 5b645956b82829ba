import { Accordion, Badge, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { listOutbox } from "~/features/auth/auth.server";
import { loadDashboardScreen } from "~/features/dashboard/dashboard.server";
import { timestampFormat } from "~/platform/i18n/formats";
import { settingsMeta } from "~/features/dashboard/dashboard";
import type { Route } from "./+types/outbox";

// The console's, on the platform's host only (decision 037).
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["outboxPage"], async (database, { viewer }) => ({
    mails: await listOutbox(database, { viewer }),
  }));
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "outbox.title", fallback: "Mail outbox" });
}

/** Super-admins read the mail the platform would have sent (no SMTP relay configured). */
export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const format = timestampFormat(i18n.language);
  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>{t("outbox.title")}</Title>
        <Text c="dimmed">{t("outbox.text")}</Text>
        {loaderData.mails.length === 0 ? (
          <Text>{t("outbox.empty")}</Text>
        ) : (
          <Accordion variant="separated">
            {loaderData.mails.map((mail) => (
              <Accordion.Item key={mail.id} value={mail.id} data-testid="outbox-mail">
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {mail.subject}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        {mail.to}
                      </Text>
                    </div>
                    <Stack gap={2} align="flex-end">
                      <Badge variant="light" data-testid="outbox-site">
                        {mail.site}
                      </Badge>
                      <Text size="xs" c="dimmed" data-testid="outbox-sent-at">
                        {format.format(new Date(mail.createdAt))}
                      </Text>
                    </Stack>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm" style={{ whiteSpace: "pre-wrap" }} data-testid="outbox-mail-text">
                    {mail.text}
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Container>
  );
}
