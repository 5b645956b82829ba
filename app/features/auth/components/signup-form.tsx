import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { postJson } from "../client";
import { signUpRefusal } from "../error-keys";
import { AuthCard } from "./auth-card";
import { FormError, NewPasswordField } from "./form-parts";
import { PhoneSignupForm } from "./phone-signup-form";
import { TwoFactorChallenge } from "./two-factor-challenge";

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
    const { status, answer } = await postJson("/api/account/sign-up", { name, email, password });
    setBusy(false);
    if (status === 202) return setSent(true);
    if (status === 200 && answer.status === "two_factor") return setTwoFactor(true);
    if (status === 200) return window.location.assign(redirectTo);
    const refusal = signUpRefusal({ status, answer });
    setReasons(refusal.reasons);
    setFieldErrors(refusal.fields);
    setError(refusal.message);
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
          <NewPasswordField
            required
            labelKey="auth.fields.password"
            value={password}
            onChange={setPassword}
            reasons={reasons}
            error={fieldErrors.password ? t(fieldErrors.password) : undefined}
          />
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
