import { Accordion, Badge, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import { listOutbox } from "~/features/auth/auth.server";
import { loadDashboardScreen } from "~/features/dashboard/dashboard.server";
import { timestampFormat } from "~/platform/i18n/formats";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { outboxFilterOf, outboxFilters, type MailStatus } from "~/platform/mail/outbox-statuses";
import type { Route } from "./+types/outbox";

// The console's, on the platform's host only (decision 037).
export async function loader(args: Route.LoaderArgs) {
  const status = outboxFilterOf(new URL(args.request.url).searchParams.get("status"));
  return loadDashboardScreen(args, ["outboxPage"], async (database, { viewer }) => ({
    status,
    mails: await listOutbox(database, { viewer, status }),
  }));
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "outbox.title", fallback: "Mail outbox" });
}

const statusColour: Record<MailStatus, string> = {
  kept: "gray",
  queued: "blue",
  sent: "green",
  failed: "red",
};

/**
 * Super-admins read the mail the platform kept (no SMTP relay configured) and the record of
 * what the job queue sent, is still trying, or gave up on (issue 37).
 */
export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const format = timestampFormat(i18n.language);
  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>{t("outbox.title")}</Title>
        <Text c="dimmed">{t("outbox.text")}</Text>
        <Group gap="xs" role="navigation" aria-label={t("outbox.filter")}>
          {outboxFilters.map((filter) => (
            <Button
              key={filter}
              component={Link}
              to={filter === "all" ? "?" : `?status=${filter}`}
              size="xs"
              radius="xl"
              variant={loaderData.status === filter ? "filled" : "default"}
              aria-current={loaderData.status === filter ? "page" : undefined}
            >
              {t(`outbox.status.${filter}`)}
            </Button>
          ))}
        </Group>
        {loaderData.mails.length === 0 ? (
          <Text>{t("outbox.empty")}</Text>
        ) : (
          <Accordion variant="separated">
            {loaderData.mails.map((mail) => (
              <Accordion.Item key={mail.id} value={mail.id} data-testid="outbox-mail">
                <Accordion.Control>
                  {/* On a phone the badges and date go under the subject rather than squeeze it. */}
                  <Group justify="space-between" gap="xs">
                    <div style={{ minWidth: 0, flex: "1 1 14rem" }}>
                      <Text fw={600} truncate>
                        {mail.subject}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        {mail.to}
                      </Text>
                      {mail.status === "kept" ? null : (
                        <Text size="xs" c={mail.lastError ? "red" : "dimmed"} truncate>
                          {t("outbox.attempts", { count: mail.attempts })}
                          {mail.sentAt
                            ? ` · ${t("outbox.sentAt", { when: format.format(new Date(mail.sentAt)) })}`
                            : null}
                          {mail.lastError
                            ? ` · ${t("outbox.lastError", { error: mail.lastError })}`
                            : null}
                        </Text>
                      )}
                    </div>
                    <Stack gap={2} align="flex-end" style={{ marginInlineStart: "auto" }}>
                      <Group gap={4} justify="flex-end">
                        <Badge
                          variant="light"
                          color={statusColour[mail.status]}
                          data-testid="outbox-status"
                        >
                          {t(`outbox.status.${mail.status}`)}
                        </Badge>
                        <Badge variant="light" data-testid="outbox-site">
                          {mail.site}
                        </Badge>
                      </Group>
                      <Text size="xs" c="dimmed" data-testid="outbox-sent-at">
                        {format.format(new Date(mail.createdAt))}
                      </Text>
                    </Stack>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  {mail.text !== null ? (
                    <Text
                      size="sm"
                      style={{ whiteSpace: "pre-wrap" }}
                      data-testid="outbox-mail-text"
                    >
                      {mail.text}
                    </Text>
                  ) : (
                    <Stack gap={4} data-testid="outbox-delivery">
                      {mail.lastError ? (
                        <Text size="sm" c="red" data-testid="outbox-error">
                          {t("outbox.lastError", { error: mail.lastError })}
                        </Text>
                      ) : null}
                      <Text size="xs" c="dimmed">
                        {t("outbox.textWithheld")}
                      </Text>
                    </Stack>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Container>
  );
}
