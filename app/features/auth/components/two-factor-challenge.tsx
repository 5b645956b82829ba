import { Stack, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { authClient } from "../client";
import { authErrorKey } from "../error-keys";
import { AuthCard } from "./auth-card";
import { CodeField, codeLength } from "./code-field";
import { FormError, LinkButton, StackedForm, SubmitButton } from "./form-parts";
import { useFormSend } from "./use-form-send";

/** The second step of signing in: a code from the authenticator app, or a backup code. */
export function TwoFactorChallenge({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const form = useFormSend();
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState("");

  async function submit(event?: FormEvent) {
    const { error: failure } = await form.send(event, () => {
      const client = authClient();
      return backup
        ? client.twoFactor.verifyBackupCode({ code: code.trim() })
        : client.twoFactor.verifyTotp({ code });
    });
    if (failure)
      return form.setMessage(
        failure.status === 429 ? authErrorKey(failure) : "auth.twoFactor.invalid",
      );
    onDone();
  }

  return (
    <AuthCard
      title={t("auth.twoFactor.title")}
      subtitle={t(backup ? "auth.twoFactor.backupText" : "auth.twoFactor.text")}
    >
      <StackedForm onSubmit={submit}>
        <FormError messageKey={form.message} />
        {backup ? (
          <TextInput
            label={t("auth.twoFactor.backupCode")}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
        ) : (
          <Stack gap={6} align="center">
            <Text size="sm" fw={500}>
              {t("auth.twoFactor.code")}
            </Text>
            <CodeField value={code} onChange={setCode} />
          </Stack>
        )}
        <SubmitButton
          labelKey="auth.twoFactor.submit"
          busy={form.busy}
          disabled={code.trim().length < codeLength}
        />
        <LinkButton
          labelKey={backup ? "auth.twoFactor.useApp" : "auth.twoFactor.useBackup"}
          onClick={() => {
            setBackup(!backup);
            setCode("");
            form.setMessage(null);
          }}
        />
      </StackedForm>
    </AuthCard>
  );
}
