import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "./auth-card";
import { FormError } from "./form-parts";
import { PasswordReasons } from "./password-reasons";
import { PhoneSignupForm } from "./phone-signup-form";
import { TwoFactorChallenge } from "./two-factor-challenge";

type Answer = {
  status?: "verify_email" | "signed_in" | "two_factor";
  error?: { code: string; details?: { reasons?: string[] } | { path: string }[] };
};

/** Sign-up on this site; the server answers "check your e-mail" unless it could sign you in. */
export function SignupForm({ siteName, redirectTo }: { siteName: string; redirectTo: string }) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [reasons, setReasons] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [twoFactor, setTwoFactor] = useState(false);
  const [byPhone, setByPhone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setReasons([]);
    setFieldErrors({});
    const response = await fetch("/api/account/sign-up", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, email, password }),
    }).catch(() => null);
    setBusy(false);
    const answer: Answer = (await response?.json().catch(() => ({}))) ?? {};
    if (response?.status === 202) return setSent(true);
    if (response?.ok && answer.status === "two_factor") return setTwoFactor(true);
    if (response?.ok) return window.location.assign(redirectTo);
    const code = answer.error?.code;
    const details = answer.error?.details;
    if (code === "auth.weakPassword" && details && "reasons" in details)
      return setReasons(details.reasons ?? []);
    if (code === "request.invalid" && Array.isArray(details)) {
      const keys: Record<string, string> = {};
      for (const issue of details)
        keys[issue.path] =
          issue.path === "email" ? "auth.errors.invalidEmail" : "auth.errors.required";
      return setFieldErrors(keys);
    }
    setError(response?.status === 429 ? "auth.errors.tooManyAttempts" : "auth.errors.generic");
  }

  if (byPhone) {
    return (
      <PhoneSignupForm
        siteName={siteName}
        redirectTo={redirectTo}
        onUseEmail={() => setByPhone(false)}
      />
    );
  }

  if (twoFactor) return <TwoFactorChallenge onDone={() => window.location.assign(redirectTo)} />;

  if (sent) {
    return (
      <AuthCard title={t("auth.signup.checkEmailTitle")}>
        <Alert color="teal" role="status">
          {t("auth.signup.checkEmailText", { email })}
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t("auth.signup.title", { site: siteName })}
      footer={{ text: t("auth.signup.haveAccount"), link: t("auth.signup.signIn"), to: "/login" }}
    >
      <form method="post" onSubmit={submit} noValidate>
        <Stack>
          <FormError messageKey={error} />
          <TextInput
            label={t("auth.fields.name")}
            autoComplete="name"
            required
            value={name}
            error={fieldErrors.name ? t(fieldErrors.name) : undefined}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label={t("auth.fields.email")}
            type="email"
            autoComplete="email"
            required
            value={email}
            error={fieldErrors.email ? t(fieldErrors.email) : undefined}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label={t("auth.fields.password")}
            description={t("auth.passwordReasons.tooShort")}
            autoComplete="new-password"
            required
            value={password}
            error={fieldErrors.password ? t(fieldErrors.password) : undefined}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordReasons reasons={reasons} />
          <Button type="submit" loading={busy} fullWidth>
            {t("auth.signup.submit")}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => setByPhone(true)}>
            {t("auth.login.usePhone")}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
