import { Alert, Button, Code, CopyButton, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { CommandAnswer } from "~/ui/json-command";

/** A secret a command just made: shown this once, never sent by the loader. */
export function SecretNotice({
  answer,
}: {
  answer: (CommandAnswer & { secret?: string }) | undefined;
}) {
  const { t } = useTranslation();
  if (!answer?.ok || !answer.secret) return null;
  return (
    <Alert color="yellow" title={t("webhooks.secret.title")} data-testid="webhook-secret">
      <Stack gap="xs">
        <Text size="sm">{t("webhooks.secret.once")}</Text>
        <Group gap="xs" wrap="nowrap">
          <Code style={{ overflowWrap: "anywhere" }} data-testid="webhook-secret-value">
            {answer.secret}
          </Code>
          <CopyButton value={answer.secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t("webhooks.secret.copied") : t("webhooks.secret.copy")}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
