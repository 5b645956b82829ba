import { Alert, Anchor, Button, PinInput, Stack, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { postJson } from "../client";
import { signUpRefusal } from "../error-keys";
import { AuthCard } from "./auth-card";
import { FormError, PhoneField, NewPasswordField } from "./form-parts";
import { TwoFactorChallenge } from "./two-factor-challenge";

/** Sign-up with a phone number and a password, confirmed by a code sent by text message. */
export function PhoneSignupForm({
  siteName,
  redirectTo,
  onUseEmail,
}: {
  siteName: string;
  redirectTo: string;
  onUseEmail: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [step, setStep] = useState<"details" | "code" | "twoFactor">("details");
  const [reasons, setReasons] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setReasons([]);
    const { status, answer } = await postJson("/api/account/sign-up-phone", {
      name,
      phone: phone.trim(),
      password,
    });
    setBusy(false);
    if (status === 202) return setStep("code");
    if (status === 200 && answer.status === "two_factor") return setStep("twoFactor");
    if (status === 200) return window.location.assign(redirectTo);
    const refusal = signUpRefusal({ status, answer });
    setReasons(refusal.reasons);
    // One message here: the phone number is the field people get wrong.
    setError(refusal.message ?? Object.values(refusal.fields)[0] ?? null);
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { status } = await postJson("/api/account/sign-up-phone/verify", {
      phone: phone.trim(),
      code,
    });
    setBusy(false);
    if (status === 200) return window.location.assign(redirectTo);
    setError(status === 429 ? "auth.errors.tooManyAttempts" : "auth.errors.invalidCode");
  }

  if (step === "twoFactor")
    return <TwoFactorChallenge onDone={() => window.location.assign(redirectTo)} />;

  if (step === "code") {
    return (
      <AuthCard title={t("auth.signup.codeTitle")} subtitle={t("auth.signup.codeText", { phone })}>
        <form method="post" onSubmit={verify} noValidate>
          <Stack align="center">
            {error ? (
              <Alert color="red" role="alert" w="100%">
                {t(error)}
              </Alert>
            ) : null}
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              aria-label={t("auth.twoFactor.code")}
              value={code}
              onChange={setCode}
            />
            <Button type="submit" loading={busy} fullWidth disabled={code.length < 6}>
              {t("auth.signup.verify")}
            </Button>
          </Stack>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t("auth.signup.title", { site: siteName })}
      footer={{ text: t("auth.signup.haveAccount"), link: t("auth.signup.signIn"), to: "/login" }}
    >
      <form method="post" onSubmit={start} noValidate>
        <Stack>
          <FormError messageKey={error} />
          <TextInput
            label={t("auth.fields.name")}
            autoComplete="name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <PhoneField value={phone} onChange={setPhone} />
          <NewPasswordField
            required
            labelKey="auth.fields.password"
            value={password}
            onChange={setPassword}
            reasons={reasons}
          />
          <Button type="submit" loading={busy} fullWidth>
            {t("auth.signup.submit")}
          </Button>
          <Text ta="center" size="sm">
            <Anchor component="button" type="button" onClick={onUseEmail}>
              {t("auth.login.useEmail")}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
