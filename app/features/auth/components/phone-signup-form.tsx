import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { postJson } from "../client";
import { AuthCard } from "./auth-card";
import { CodeField, codeLength } from "./code-field";
import { FormError, LinkButton, PhoneField, StackedForm, SubmitButton } from "./form-parts";
import { SignUpDetails } from "./sign-up-details";
import { TwoFactorChallenge } from "./two-factor-challenge";
import { useSignUp } from "./use-sign-up";

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
  const signUp = useSignUp(redirectTo);
  const { form } = signUp;
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");

  async function start(event: FormEvent) {
    const refusal = await signUp.send(event, "/api/account/sign-up-phone", {
      phone: phone.trim(),
    });
    // One message here: the phone number is the field people get wrong.
    if (refusal) form.setMessage(refusal.message ?? Object.values(refusal.fields)[0] ?? null);
  }

  async function verify(event: FormEvent) {
    const { status } = await form.send(event, () =>
      postJson("/api/account/sign-up-phone/verify", { phone: phone.trim(), code }),
    );
    if (status === 200) return window.location.assign(redirectTo);
    form.setMessage(status === 429 ? "auth.errors.tooManyAttempts" : "auth.errors.invalidCode");
  }

  if (signUp.step === "twoFactor")
    return <TwoFactorChallenge onDone={() => window.location.assign(redirectTo)} />;

  if (signUp.step === "confirm") {
    return (
      <AuthCard title={t("auth.signup.codeTitle")} subtitle={t("auth.signup.codeText", { phone })}>
        <StackedForm onSubmit={verify} align="center">
          <FormError messageKey={form.message} fullWidth />
          <CodeField value={code} onChange={setCode} />
          <SubmitButton
            labelKey="auth.signup.verify"
            busy={form.busy}
            disabled={code.length < codeLength}
          />
        </StackedForm>
      </AuthCard>
    );
  }

  return (
    <SignUpDetails
      siteName={siteName}
      signUp={signUp}
      onSubmit={start}
      contact={<PhoneField value={phone} onChange={setPhone} />}
      switchLink={<LinkButton labelKey="auth.login.useEmail" onClick={onUseEmail} centred />}
    />
  );
}
