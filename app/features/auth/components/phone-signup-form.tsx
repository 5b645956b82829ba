import {
  Alert,
  Anchor,
  Button,
  PasswordInput,
  PinInput,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "./auth-card";
import { FormError, PhoneField } from "./form-parts";
import { PasswordReasons } from "./password-reasons";
import { TwoFactorChallenge } from "./two-factor-challenge";

type Answer = { status?: string; error?: { code: string; details?: unknown } };

async function post(path: string, body: unknown): Promise<{ status: number; answer: Answer }> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => null);
  return {
    status: response?.status ?? 0,
    answer: (await response?.json().catch(() => ({}))) ?? {},
  };
}

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
    const { status, answer } = await post("/api/account/sign-up-phone", {
      name,
      phone: phone.trim(),
      password,
    });
    setBusy(false);
    if (status === 202) return setStep("code");
    if (status === 200 && answer.status === "two_factor") return setStep("twoFactor");
    if (status === 200) return window.location.assign(redirectTo);
    const details = answer.error?.details as
      { reasons?: string[] } | { path: string }[] | undefined;
    if (answer.error?.code === "auth.weakPassword" && details && "reasons" in details)
      return setReasons(details.reasons ?? []);
    if (answer.error?.code === "request.invalid" && Array.isArray(details)) {
      return setError(
        details.some((d) => d.path === "phone")
          ? "auth.errors.invalidPhone"
          : "auth.errors.required",
      );
    }
    setError(status === 429 ? "auth.errors.tooManyAttempts" : "auth.errors.generic");
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { status } = await post("/api/account/sign-up-phone/verify", {
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
          <PasswordInput
            label={t("auth.fields.password")}
            description={t("auth.passwordReasons.tooShort")}
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordReasons reasons={reasons} />
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
