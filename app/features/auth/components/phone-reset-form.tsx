import { Alert, Anchor, Button, PinInput, Stack, Text } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { authClient } from "../client";
import { AuthCard } from "./auth-card";
import { FormError, PhoneField, NewPasswordField } from "./form-parts";

/** Password recovery for people who signed up with a phone: a texted code and a new password. */
export function PhoneResetForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [step, setStep] = useState<"phone" | "code" | "done">("phone");
  const [reasons, setReasons] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function request(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { error: failure } = await authClient().phoneNumber.requestPasswordReset({
      phoneNumber: phone.trim(),
    });
    setBusy(false);
    if (failure)
      return setError(
        failure.status === 429 ? "auth.errors.tooManyAttempts" : "auth.errors.invalidPhone",
      );
    setStep("code");
  }

  async function reset(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setReasons([]);
    const { error: failure } = await authClient().phoneNumber.resetPassword({
      phoneNumber: phone.trim(),
      otp: code,
      newPassword: password,
    });
    setBusy(false);
    if (!failure) return setStep("done");
    const body = failure as { code?: string; reasons?: string[]; status?: number };
    if (body.code === "WEAK_PASSWORD") return setReasons(body.reasons ?? ["weak"]);
    setError(body.status === 429 ? "auth.errors.tooManyAttempts" : "auth.errors.invalidCode");
  }

  return (
    <AuthCard
      title={t("auth.forgot.title")}
      subtitle={step === "phone" ? t("auth.forgot.phoneText") : undefined}
    >
      <FormError messageKey={error} />
      {step === "done" ? (
        <Alert color="teal" role="status">
          {t("auth.reset.done")}
        </Alert>
      ) : step === "code" ? (
        <form method="post" onSubmit={reset} noValidate>
          <Stack>
            <Text size="sm">{t("auth.forgot.codeText", { phone })}</Text>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              aria-label={t("auth.twoFactor.code")}
              value={code}
              onChange={setCode}
            />
            <NewPasswordField
              labelKey="auth.reset.password"
              value={password}
              onChange={setPassword}
              reasons={reasons}
            />
            <Button type="submit" loading={busy} fullWidth disabled={code.length < 6 || !password}>
              {t("auth.reset.submit")}
            </Button>
          </Stack>
        </form>
      ) : (
        <form method="post" onSubmit={request} noValidate>
          <Stack>
            <PhoneField value={phone} onChange={setPhone} />
            <Button type="submit" loading={busy} fullWidth>
              {t("auth.forgot.sendCode")}
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
