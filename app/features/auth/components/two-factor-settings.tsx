import { Badge, Card, Code, Group, Image, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import QRCode from "qrcode";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useRevalidator } from "react-router";
import { authClient } from "../client";
import { CodeField, codeLength } from "./code-field";
import {
  CurrentPasswordField,
  FormError,
  FormStatus,
  StackedForm,
  SubmitButton,
} from "./form-parts";
import { useFormSend } from "./use-form-send";

type Enrolment = { qr: string; secret: string; backupCodes: string[] };

/** Turn two-step verification on (QR code, manual key, confirm, backup codes) or off. */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const form = useFormSend();
  const [password, setPassword] = useState("");
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [code, setCode] = useState("");

  async function start(event: FormEvent) {
    if (enabled) {
      const { error: failure } = await form.send(event, () =>
        authClient().twoFactor.disable({ password }),
      );
      if (failure) return form.setMessage("auth.errors.invalidCredentials");
      setPassword("");
      return revalidator.revalidate();
    }
    const { data, error: failure } = await form.send(event, () =>
      authClient().twoFactor.enable({ password }),
    );
    if (failure || !data || !("totpURI" in data))
      return form.setMessage("auth.errors.invalidCredentials");
    const secret = new URL(data.totpURI).searchParams.get("secret") ?? "";
    setEnrolment({
      qr: await QRCode.toDataURL(data.totpURI, { margin: 1, width: 200 }),
      secret,
      backupCodes: data.backupCodes,
    });
    setPassword("");
  }

  async function confirm(event: FormEvent) {
    const { error: failure } = await form.send(event, () =>
      authClient().twoFactor.verifyTotp({ code }),
    );
    if (failure) return form.setMessage("auth.twoFactor.invalid");
    setConfirmed(true);
  }

  return (
    <Card withBorder padding="lg" data-testid="two-factor-card">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          {t("profile.twoFactor.title")}
        </Title>
        <Badge color={enabled || confirmed ? "teal" : "gray"} data-testid="two-factor-status">
          {t(enabled || confirmed ? "profile.twoFactor.enabled" : "profile.twoFactor.disabled")}
        </Badge>
      </Group>
      <Stack>
        <FormError messageKey={form.message} />
        {confirmed && enrolment ? (
          <>
            <FormStatus message={{ color: "teal", key: "profile.twoFactor.done" }} />
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
          <StackedForm onSubmit={confirm}>
            <Text size="sm">{t("profile.twoFactor.scan")}</Text>
            <Image src={enrolment.qr} alt={t("profile.twoFactor.qrAlt")} w={200} h={200} />
            <Text size="sm">
              {t("profile.twoFactor.key")}:{" "}
              <Code data-testid="totp-secret">{enrolment.secret}</Code>
            </Text>
            <CodeField value={code} onChange={setCode} />
            <SubmitButton
              labelKey="profile.twoFactor.verify"
              busy={form.busy}
              disabled={code.length < codeLength}
              inline
            />
          </StackedForm>
        ) : (
          <StackedForm onSubmit={start}>
            <Text size="sm" c="dimmed">
              {t(enabled ? "profile.twoFactor.disableText" : "profile.twoFactor.enableText")}
            </Text>
            <CurrentPasswordField
              labelKey="profile.twoFactor.password"
              value={password}
              onChange={setPassword}
            />
            <SubmitButton
              labelKey={enabled ? "profile.twoFactor.disable" : "profile.twoFactor.enable"}
              busy={form.busy}
              disabled={!password}
              color={enabled ? "red" : undefined}
              inline
            />
          </StackedForm>
        )}
      </Stack>
    </Card>
  );
}
