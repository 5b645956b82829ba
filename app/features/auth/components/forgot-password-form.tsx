import { Alert } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { authClient } from "../client";
import { authErrorKey } from "../error-keys";
import { AuthCard } from "./auth-card";
import { EmailField, FormError, LinkButton, StackedForm, SubmitButton } from "./form-parts";
import { useFormSend } from "./use-form-send";

/** Asks for a reset link; answers the same whether or not the address has an account. */
export function ForgotPasswordForm({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const form = useFormSend();
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    const { error: failure } = await form.send(event, () =>
      authClient().requestPasswordReset({ email, redirectTo: "/login/reset-password" }),
    );
    if (failure) return form.setMessage(authErrorKey(failure));
    setSent(true);
  }

  return (
    <AuthCard title={t("auth.forgot.title")} subtitle={sent ? undefined : t("auth.forgot.text")}>
      {sent ? (
        <Alert color="teal" title={t("auth.forgot.sentTitle")} role="status">
          {t("auth.forgot.sentText", { email })}
        </Alert>
      ) : (
        <StackedForm onSubmit={submit}>
          <FormError messageKey={form.message} />
          <EmailField value={email} onChange={setEmail} />
          <SubmitButton labelKey="auth.forgot.submit" busy={form.busy} />
        </StackedForm>
      )}
      <LinkButton labelKey="auth.forgot.back" onClick={onBack} centred />
    </AuthCard>
  );
}
