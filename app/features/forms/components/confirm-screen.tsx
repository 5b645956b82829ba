import { Button, Container, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";

/**
 * A double opt-in link's page: the person presses the button to confirm. A link alone never
 * confirms, since mail scanners open every link of a message before a person does.
 */
export function ConfirmSubscriptionScreen({
  siteName,
  confirm,
}: {
  siteName: string;
  /** The link's signed answer, or null when the link is broken or not this site's. */
  confirm: { submission: string; signature: string; email: string } | null;
}) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Paper withBorder radius="lg" p={{ base: "lg", sm: 48 }}>
        <Stack gap="md">
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {t("forms.public.confirmTitle")}
          </Title>
          {confirm ? (
            <form method="post">
              <Stack gap="md" align="flex-start">
                <Text size="lg">
                  {t("forms.public.confirmText", { site: siteName, email: confirm.email })}
                </Text>
                <input type="hidden" name="s" value={confirm.submission} />
                <input type="hidden" name="sig" value={confirm.signature} />
                <Button type="submit" size="md">
                  {t("forms.public.confirmButton")}
                </Button>
              </Stack>
            </form>
          ) : (
            <Text role="alert">{t("forms.public.confirmInvalid")}</Text>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
