import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Image,
  PinInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import QRCode from "qrcode";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { authClient } from "../client";
import { FormError, PasswordField } from "./form-parts";

type Enrolment = { qr: string; secret: string; backupCodes: string[] };

/** Turn two-step verification on (QR code, manual key, confirm, backup codes) or off. */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [password, setPassword] = useState("");
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const client = authClient();
    if (enabled) {
      const { error: failure } = await client.twoFactor.disable({ password });
      setBusy(false);
      if (failure) return setError("auth.errors.invalidCredentials");
      setPassword("");
      return revalidator.revalidate();
    }
    const { data, error: failure } = await client.twoFactor.enable({ password });
    setBusy(false);
    if (failure || !data || !("totpURI" in data)) return setError("auth.errors.invalidCredentials");
    const secret = new URL(data.totpURI).searchParams.get("secret") ?? "";
    setEnrolment({
      qr: await QRCode.toDataURL(data.totpURI, { margin: 1, width: 200 }),
      secret,
      backupCodes: data.backupCodes,
    });
    setPassword("");
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { error: failure } = await authClient().twoFactor.verifyTotp({ code });
    setBusy(false);
    if (failure) return setError("auth.twoFactor.invalid");
    setConfirmed(true);
  }

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          {t("profile.twoFactor.title")}
        </Title>
        <Badge color={enabled || confirmed ? "teal" : "gray"} data-testid="two-factor-status">
          {t(enabled || confirmed ? "profile.twoFactor.enabled" : "profile.twoFactor.disabled")}
        </Badge>
      </Group>
      <Stack>
        <FormError messageKey={error} />
        {confirmed && enrolment ? (
          <>
            <Alert color="teal" role="status">
              {t("profile.twoFactor.done")}
            </Alert>
            <Text fw={600}>{t("profile.twoFactor.backupTitle")}</Text>
            <Text size="sm" c="dimmed">
              {t("profile.twoFactor.backupText")}
            </Text>
            <SimpleGrid cols={2} data-testid="backup-codes">
              {enrolment.backupCodes.map((backup) => (
                <Code key={backup}>{backup}</Code>
              ))}
            </SimpleGrid>
          </>
        ) : enrolment ? (
          <form method="post" onSubmit={confirm} noValidate>
            <Stack>
              <Text size="sm">{t("profile.twoFactor.scan")}</Text>
              <Image src={enrolment.qr} alt={t("profile.twoFactor.qrAlt")} w={200} h={200} />
              <Text size="sm">
                {t("profile.twoFactor.key")}:{" "}
                <Code data-testid="totp-secret">{enrolment.secret}</Code>
              </Text>
              <PinInput
                length={6}
                type="number"
                oneTimeCode
                aria-label={t("auth.twoFactor.code")}
                value={code}
                onChange={setCode}
              />
              <Button type="submit" loading={busy} disabled={code.length < 6} w="fit-content">
                {t("profile.twoFactor.verify")}
              </Button>
            </Stack>
          </form>
        ) : (
          <form method="post" onSubmit={start} noValidate>
            <Stack>
              <Text size="sm" c="dimmed">
                {t(enabled ? "profile.twoFactor.disableText" : "profile.twoFactor.enableText")}
              </Text>
              <PasswordField
                label={t("profile.twoFactor.password")}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              <Button
                type="submit"
                loading={busy}
                disabled={!password}
                color={enabled ? "red" : undefined}
                w="fit-content"
              >
                {t(enabled ? "profile.twoFactor.disable" : "profile.twoFactor.enable")}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
