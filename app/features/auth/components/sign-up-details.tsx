import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { AuthCard } from "./auth-card";
import { FormError, NameField, NewPasswordField, StackedForm, SubmitButton } from "./form-parts";
import type { SignUp } from "./use-sign-up";

/**
 * The first screen of both sign-ups: the person's name, how to reach them (`contact`: an e-mail
 * or a phone field), a password, and `switchLink` to the other kind of sign-up. A field the
 * server refused shows its word through `fieldError`.
 */
export function SignUpDetails({
  siteName,
  signUp,
  onSubmit,
  contact,
  switchLink,
  fieldError = () => undefined,
}: {
  siteName: string;
  signUp: SignUp;
  onSubmit: (event: FormEvent) => unknown;
  contact: ReactNode;
  switchLink: ReactNode;
  fieldError?: (field: "name" | "password") => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t("auth.signup.title", { site: siteName })}
      footer={{ text: t("auth.signup.haveAccount"), link: t("auth.signup.signIn"), to: "/login" }}
    >
      <StackedForm onSubmit={onSubmit}>
        <FormError messageKey={signUp.form.message} />
        <NameField value={signUp.name} onChange={signUp.setName} error={fieldError("name")} />
        {contact}
        <NewPasswordField
          required
          labelKey="auth.fields.password"
          value={signUp.password}
          onChange={signUp.setPassword}
          reasons={signUp.reasons}
          error={fieldError("password")}
        />
        <SubmitButton labelKey="auth.signup.submit" busy={signUp.form.busy} />
        {switchLink}
      </StackedForm>
    </AuthCard>
  );
}
