import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { requiredKeys, type ProviderSettingsView } from "../provider-shapes";
import { PaymentApiError, paymentApi, type PaymentScope } from "./payment-api";

/** The codes the form explains; anything else reads as "could not be saved". */
const explained = new Set(["payment.keysMissing", "request.invalid", "auth.forbidden"]);
const errorName: Record<string, string> = {
  "payment.keysMissing": "keysMissing",
  "request.invalid": "invalid",
  "auth.forbidden": "forbidden",
};

/**
 * One provider's settings: the switch, the public key, the write-only secrets (the stored one
 * kept when a field is left empty), the webhook address to paste into the provider's dashboard,
 * or for offline the bank-transfer instructions. Saves on its own.
 */
export function ProviderCard({
  settings,
  scope,
  onSaved,
}: {
  settings: ProviderSettingsView;
  scope?: PaymentScope;
  onSaved: (saved: ProviderSettingsView) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { provider } = settings;
  const needs = requiredKeys[provider];
  const name = t(`ecommerce.payments.providers.${provider}.name`);
  const [enabled, setEnabled] = useState(settings.enabled);
  const [publicKey, setPublicKey] = useState(settings.publicKey);
  const [secretKey, setSecretKey] = useState("");
  const [webhookSecret, setWebhookSecret] = useState("");
  const [instructions, setInstructions] = useState(settings.instructions);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** "Set ••••1234 · leave empty to keep it", "Set" (a short secret shows no tail), "Not set". */
  const stored = (set: boolean, last4: string | null) => {
    if (!set) return t("ecommerce.payments.notSet");
    const what = last4
      ? t("ecommerce.payments.secretSet", { last4 })
      : t("ecommerce.payments.secretSetNoTail");
    return `${what} · ${t("ecommerce.payments.keepHint")}`;
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { provider: saved } = await paymentApi.save(
        {
          provider,
          enabled,
          publicKey: publicKey.trim(),
          secretKey: secretKey.trim(),
          webhookSecret: webhookSecret.trim(),
          instructions,
        },
        scope,
      );
      setSecretKey("");
      setWebhookSecret("");
      onSaved(saved);
    } catch (caught) {
      const code = caught instanceof PaymentApiError ? caught.code : "server.internal";
      setError(explained.has(code) ? errorName[code]! : "failed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid={`payment-provider-${provider}`}
    >
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Title order={3} fz="h4" id={`${id}-title`}>
                {name}
              </Title>
              <Text c="dimmed" size="sm">
                {t(`ecommerce.payments.providers.${provider}.help`)}
              </Text>
            </div>
            <Badge
              variant="light"
              color={settings.ready ? "green" : "gray"}
              style={{ flexShrink: 0 }}
            >
              {settings.ready ? t("ecommerce.payments.ready") : t("ecommerce.payments.incomplete")}
            </Badge>
          </Group>
          <Switch
            checked={enabled}
            onChange={(event) => setEnabled(event.currentTarget.checked)}
            label={t("ecommerce.payments.enabled", { provider: name })}
          />
          {provider === "offline" ? (
            <Textarea
              label={t("ecommerce.payments.instructions")}
              description={t("ecommerce.payments.instructionsHint")}
              value={instructions}
              onChange={(event) => setInstructions(event.currentTarget.value)}
              autosize
              minRows={3}
              maxLength={5000}
            />
          ) : (
            <>
              <TextInput
                label={t(`ecommerce.payments.providers.${provider}.publicKey`)}
                value={publicKey}
                onChange={(event) => setPublicKey(event.currentTarget.value)}
                required={needs.publicKey}
                autoComplete="off"
                spellCheck={false}
                maxLength={300}
              />
              <PasswordInput
                label={t(`ecommerce.payments.providers.${provider}.secret`)}
                description={stored(settings.secretSet, settings.secretLast4)}
                value={secretKey}
                onChange={(event) => setSecretKey(event.currentTarget.value)}
                autoComplete="new-password"
                spellCheck={false}
                maxLength={500}
                data-testid={`payment-${provider}-secret`}
              />
              <PasswordInput
                label={t(`ecommerce.payments.providers.${provider}.webhookSecret`)}
                description={stored(settings.webhookSecretSet, settings.webhookSecretLast4)}
                value={webhookSecret}
                onChange={(event) => setWebhookSecret(event.currentTarget.value)}
                autoComplete="new-password"
                spellCheck={false}
                maxLength={500}
                data-testid={`payment-${provider}-webhook-secret`}
              />
              {settings.webhookUrl && (
                <TextInput
                  label={t("ecommerce.payments.webhookUrl")}
                  description={t("ecommerce.payments.webhookUrlHint", { provider: name })}
                  value={settings.webhookUrl}
                  readOnly
                  ff="monospace"
                  data-testid={`payment-${provider}-webhook-url`}
                  rightSection={
                    <CopyButton value={settings.webhookUrl}>
                      {({ copied, copy }) => (
                        <Tooltip
                          label={
                            copied ? t("ecommerce.payments.copied") : t("ecommerce.payments.copy")
                          }
                          withArrow
                        >
                          <ActionIcon
                            variant="subtle"
                            color={copied ? "green" : "gray"}
                            onClick={copy}
                            aria-label={
                              copied ? t("ecommerce.payments.copied") : t("ecommerce.payments.copy")
                            }
                          >
                            {copied ? (
                              <IconCheck size={16} aria-hidden />
                            ) : (
                              <IconCopy size={16} aria-hidden />
                            )}
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </CopyButton>
                  }
                />
              )}
            </>
          )}
          {error && (
            <Alert color="red" role="alert" data-testid={`payment-${provider}-error`}>
              {t(`ecommerce.payments.errors.${error}`)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t("ecommerce.payments.save", { provider: name })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
