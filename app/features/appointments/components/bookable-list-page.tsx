import { Anchor, Badge, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import { ResponsiveSimpleGrid } from "~/ui/responsive-grid";
import { useTranslation } from "~/platform/i18n/use-translation";
import { bookingPagePath, type BookableType } from "../appointment-shapes";

/** Issue 36 `/book`: every session the site's hosts offer, each to its booking page. */
export function BookableListPage({ types }: { types: BookableType[] }) {
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg" data-testid="bookable-list">
        <div>
          <Title order={1}>{t("appointments.book.listTitle")}</Title>
          <Text c="dimmed">{t("appointments.book.listIntro")}</Text>
        </div>
        {types.length === 0 ? (
          <Text c="dimmed">{t("appointments.book.noneOffered")}</Text>
        ) : (
          <ResponsiveSimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {types.map((type) => (
              <Card key={type.id} withBorder padding="lg">
                <Stack gap={6}>
                  <Anchor href={bookingPagePath(type.slug)} fw={700} size="lg">
                    {type.title}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {t("appointments.book.with", { host: type.hostName })}
                  </Text>
                  <Group gap="xs">
                    <Badge variant="light" tt="none">
                      {t("appointments.setup.minutes", { minutes: type.durationMinutes })}
                    </Badge>
                    <Badge variant="light" color="gray" tt="none">
                      {t(`appointments.location.${type.locationKind}`)}
                    </Badge>
                  </Group>
                  {type.description ? (
                    <Text size="sm" lineClamp={3}>
                      {type.description}
                    </Text>
                  ) : null}
                </Stack>
              </Card>
            ))}
          </ResponsiveSimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
