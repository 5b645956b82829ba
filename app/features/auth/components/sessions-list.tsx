import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Form } from "react-router";
import { timestampFormat } from "~/platform/i18n/formats";
import type { SiteSession } from "../profile.server";

function device(userAgent: string | null, fallback: string): string {
  if (!userAgent) return fallback;
  const browser =
    /(Firefox|Edg|Chrome|Safari)\/[\d.]+/.exec(userAgent)?.[1]?.replace("Edg", "Edge") ?? "";
  const system = /(Windows|Mac OS X|Android|iPhone|Linux)/.exec(userAgent)?.[1] ?? "";
  return [browser, system].filter(Boolean).join(" · ") || fallback;
}

/**
 * Where the person is signed in on this site (each site signs in on its own), with a way to
 * end each session, or all but this one.
 */
export function SessionsList({ sessions }: { sessions: SiteSession[] }) {
  const { t, i18n } = useTranslation();
  const format = timestampFormat(i18n.language);
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb={4}>
        {t("profile.sessions.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t("profile.sessions.thisSiteOnly")}
      </Text>
      <Stack gap="sm">
        {sessions.map((session) => (
          <Group key={session.id} justify="space-between" wrap="nowrap" data-testid="session-row">
            <div>
              <Text size="sm" fw={500}>
                {device(session.userAgent, t("profile.sessions.unknownDevice"))}
              </Text>
              <Text size="xs" c="dimmed">
                {t("profile.sessions.since", { date: format.format(new Date(session.createdAt)) })}
                {" · "}
                {t("profile.sessions.lastActive", {
                  date: format.format(new Date(session.lastActiveAt)),
                })}
              </Text>
              {session.place ? (
                <Text size="xs" c="dimmed" data-testid="session-place">
                  {t("profile.sessions.place", { place: session.place })}
                </Text>
              ) : null}
            </div>
            {session.current ? (
              <Badge variant="light">{t("profile.sessions.current")}</Badge>
            ) : (
              <Form method="post">
                <input type="hidden" name="sessionId" value={session.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="revokeSession"
                  variant="default"
                  size="xs"
                >
                  {t("profile.sessions.revoke")}
                </Button>
              </Form>
            )}
          </Group>
        ))}
      </Stack>
      {sessions.some((session) => !session.current) ? (
        <Form method="post">
          <Button
            type="submit"
            name="intent"
            value="revokeOthers"
            variant="light"
            color="red"
            size="xs"
            mt="md"
          >
            {t("profile.sessions.revokeOthers")}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
