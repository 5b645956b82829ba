import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** The styled answer for a missing page (404) or a failure (anything else). */
export function ErrorScreen({ status }: { status: number }) {
  const { t } = useTranslation();
  const names: Record<number, string> = {
    400: "invalidRequest",
    403: "forbidden",
    404: "pageNotFound",
  };
  const name = names[status] ?? "internal";
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={72} fw={800} c="var(--mantine-color-anchor)" lh={1}>
          {status}
        </Text>
        <Title order={1}>{t(`errors.${name}`)}</Title>
        <Text c="dimmed">{t(`errors.${name}Text`)}</Text>
        <Button component={Link} to="/">
          {t("errors.backHome")}
        </Button>
      </Stack>
    </Container>
  );
}
