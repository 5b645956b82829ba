import { Alert } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { AuthCard } from "./auth-card";
import { EmailField, LinkButton } from "./form-parts";
import { PhoneSignupForm } from "./phone-signup-form";
import { SignUpDetails } from "./sign-up-details";
import { TwoFactorChallenge } from "./two-factor-challenge";
import { useSignUp } from "./use-sign-up";

/** Sign-up on this site; the server answers "check your e-mail" unless it could sign you in. */
export function SignupForm({ siteName, redirectTo }: { siteName: string; redirectTo: string }) {
  const { t } = useTranslation();
  const signUp = useSignUp(redirectTo);
  const [email, setEmail] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [byPhone, setByPhone] = useState(false);
  const fieldError = (field: string) => (fieldErrors[field] ? t(fieldErrors[field]) : undefined);

  async function submit(event: FormEvent) {
    setFieldErrors({});
    const refusal = await signUp.send(event, "/api/account/sign-up", { email, redirectTo });
    if (!refusal) return;
    setFieldErrors(refusal.fields);
    signUp.form.setMessage(refusal.message);
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

  if (signUp.step === "twoFactor")
    return <TwoFactorChallenge onDone={() => window.location.assign(redirectTo)} />;

  if (signUp.step === "confirm") {
    return (
      <AuthCard title={t("auth.signup.checkEmailTitle")}>
        <Alert color="teal" role="status">
          {t("auth.signup.checkEmailText", { email })}
        </Alert>
      </AuthCard>
    );
  }

  return (
    <SignUpDetails
      siteName={siteName}
      signUp={signUp}
      onSubmit={submit}
      fieldError={fieldError}
      contact={<EmailField value={email} onChange={setEmail} error={fieldError("email")} />}
      switchLink={<LinkButton labelKey="auth.login.usePhone" onClick={() => setByPhone(true)} />}
    />
  );
}
