import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { authClient } from "../client";
import { authErrorKey } from "../error-keys";
import { AuthCard } from "./auth-card";
import { FormError, EmailField } from "./form-parts";

/** Asks for a reset link; answers the same whether or not the address has an account. */
export function ForgotPasswordForm({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { error: failure } = await authClient().requestPasswordReset({
      email,
      redirectTo: "/login/reset-password",
    });
    setBusy(false);
    if (failure) return setError(authErrorKey(failure));
    setSent(true);
  }

  return (
    <AuthCard title={t("auth.forgot.title")} subtitle={sent ? undefined : t("auth.forgot.text")}>
      {sent ? (
        <Alert color="teal" title={t("auth.forgot.sentTitle")} role="status">
          {t("auth.forgot.sentText", { email })}
        </Alert>
      ) : (
        <form method="post" onSubmit={submit} noValidate>
          <Stack>
            <FormError messageKey={error} />
            <EmailField value={email} onChange={setEmail} />
            <Button type="submit" loading={busy} fullWidth>
              {t("auth.forgot.submit")}
            </Button>
          </Stack>
        </form>
      )}
      <Text ta="center" size="sm">
        <Anchor component="button" type="button" onClick={onBack}>
          {t("auth.forgot.back")}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
