import { Anchor, Button, PinInput, Stack, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { authClient } from "../client";
import { authErrorKey } from "../error-keys";
import { AuthCard } from "./auth-card";
import { FormError } from "./form-parts";

/** The second step of signing in: a code from the authenticator app, or a backup code. */
export function TwoFactorChallenge({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    const client = authClient();
    const { error: failure } = backup
      ? await client.twoFactor.verifyBackupCode({ code: code.trim() })
      : await client.twoFactor.verifyTotp({ code });
    setBusy(false);
    if (failure)
      return setError(failure.status === 429 ? authErrorKey(failure) : "auth.twoFactor.invalid");
    onDone();
  }

  return (
    <AuthCard
      title={t("auth.twoFactor.title")}
      subtitle={t(backup ? "auth.twoFactor.backupText" : "auth.twoFactor.text")}
    >
      <form method="post" onSubmit={submit} noValidate>
        <Stack>
          <FormError messageKey={error} />
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
              <PinInput
                length={6}
                type="number"
                oneTimeCode
                aria-label={t("auth.twoFactor.code")}
                value={code}
                onChange={setCode}
              />
            </Stack>
          )}
          <Button type="submit" loading={busy} fullWidth disabled={code.trim().length < 6}>
            {t("auth.twoFactor.submit")}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setBackup(!backup);
              setCode("");
              setError(null);
            }}
          >
            {t(backup ? "auth.twoFactor.useApp" : "auth.twoFactor.useBackup")}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
