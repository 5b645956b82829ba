import { Alert } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useBrowserSearchParams } from "~/ui/browser-search";
import { authClient } from "../client";
import { signInErrorMessage, type ErrorMessage } from "../sign-in-error";
import { AuthCard } from "./auth-card";
import {
  CurrentPasswordField,
  EmailField,
  FormError,
  LinkButton,
  PhoneField,
  StackedForm,
  SubmitButton,
} from "./form-parts";
import { ForgotPasswordForm } from "./forgot-password-form";
import { PhoneResetForm } from "./phone-reset-form";
import { TwoFactorChallenge } from "./two-factor-challenge";
import { useFormSend } from "./use-form-send";

type Mode = "password" | "forgot" | "twoFactor";

/**
 * Sign-in with e-mail and password, then the second factor when the person has one. `staff` is
 * the base domain's sign-in to the console: by e-mail only, with no sign-up and no reset there
 * (a person's password is the same on every site, so they reset it on any of them).
 */
export function LoginForm({
  siteName,
  redirectTo,
  staff = false,
}: {
  siteName: string;
  redirectTo: string;
  staff?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const form = useFormSend<ErrorMessage>();
  const [mode, setMode] = useState<Mode>("password");
  const [byPhone, setByPhone] = useState(false);
  const [phone, setPhone] = useState("");
  const [password, setPassword] = useState("");
  // A brand-new site's owner arrives from the platform with ?email=…&welcome=…, read in the
  // browser only: the server renders the same page for everyone (it may be cached).
  const hints = useBrowserSearchParams();
  const welcome = hints.get("welcome");
  const [typedEmail, setEmail] = useState<string | null>(null);
  const email = typedEmail ?? hints.get("email") ?? "";

  async function submit(event: FormEvent) {
    const { data, error: failure } = await form.send(event, () => {
      const client = authClient();
      return byPhone
        ? client.signIn.phoneNumber({ phoneNumber: phone.trim(), password })
        : client.signIn.email({ email, password });
    });
    if (failure) return form.setMessage(signInErrorMessage(failure, i18n.language));
    if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) return setMode("twoFactor");
    // A full load so the server renders the signed-in page with the new session.
    window.location.assign(redirectTo);
  }

  // Recovery follows how the person signs in: by text for a phone, by e-mail otherwise.
  if (mode === "forgot" && byPhone) return <PhoneResetForm onBack={() => setMode("password")} />;
  if (mode === "forgot")
    return <ForgotPasswordForm initialEmail={email} onBack={() => setMode("password")} />;
  if (mode === "twoFactor")
    return <TwoFactorChallenge onDone={() => window.location.assign(redirectTo)} />;

  return (
    <AuthCard
      title={staff ? t("auth.login.staffTitle") : t("auth.login.title", { site: siteName })}
      subtitle={staff ? t("auth.login.staffText") : undefined}
      footer={
        staff
          ? {
              text: t("auth.login.staffBack"),
              link: t("auth.login.findSite"),
              to: "/login",
            }
          : { text: t("auth.login.noAccount"), link: t("auth.login.createAccount"), to: "/signup" }
      }
    >
      <StackedForm onSubmit={submit}>
        {welcome === "verify" || welcome === "ready" ? (
          <Alert color="teal" role="status" title={t("platform.welcome.title")}>
            {t(welcome === "verify" ? "platform.welcome.verify" : "platform.welcome.ready", {
              email,
            })}
          </Alert>
        ) : null}
        <FormError messageKey={form.message?.key ?? null} values={form.message?.values} />
        {byPhone ? (
          <PhoneField value={phone} onChange={setPhone} />
        ) : (
          <EmailField value={email} onChange={setEmail} />
        )}
        <CurrentPasswordField
          required
          labelKey="auth.fields.password"
          value={password}
          onChange={setPassword}
        />
        {staff ? null : (
          <LinkButton labelKey="auth.login.forgot" onClick={() => setMode("forgot")} align="end" />
        )}
        <SubmitButton labelKey="auth.login.submit" busy={form.busy} />
        {staff ? null : (
          <LinkButton
            labelKey={byPhone ? "auth.login.useEmail" : "auth.login.usePhone"}
            onClick={() => setByPhone(!byPhone)}
          />
        )}
      </StackedForm>
    </AuthCard>
  );
}
