import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";

/** What an error screen says for a status: its title and its text (written out: see messages.server). */
export function errorScreenKeys(status: number): { title: string; text: string } {
  if (status === 400) return { title: "errors.invalidRequest", text: "errors.invalidRequestText" };
  if (status === 403) return { title: "errors.forbidden", text: "errors.forbiddenText" };
  if (status === 404) return { title: "errors.pageNotFound", text: "errors.pageNotFoundText" };
  return { title: "errors.internal", text: "errors.internalText" };
}

/** The styled answer for a missing page (404) or a failure (anything else). */
export function ErrorScreen({ status }: { status: number }) {
  const { t } = useTranslation();
  const keys = errorScreenKeys(status);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={72} fw={800} c="var(--mantine-color-anchor)" lh={1}>
          {status}
        </Text>
        <Title order={1}>{t(keys.title)}</Title>
        <Text c="dimmed">{t(keys.text)}</Text>
        <Button component={Link} to="/">
          {t("errors.backHome")}
        </Button>
      </Stack>
    </Container>
  );
}
