import { Anchor, Card, Group, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";

/** On a member's profile: a copy of what this site holds about them (GET /api/account/my-data). */
export function MyDataCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" data-testid="my-data">
      <Title order={2} fz="lg" mb={4}>
        {t("profile.data.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t("profile.data.description")}
      </Text>
      <Anchor href="/api/account/my-data" download size="sm">
        <Group gap={4} wrap="nowrap">
          <IconDownload size={16} aria-hidden />
          {t("profile.data.download")}
        </Group>
      </Anchor>
    </Card>
  );
}
