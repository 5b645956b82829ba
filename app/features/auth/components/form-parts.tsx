import { Alert, PasswordInput, TextInput, type PasswordInputProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PasswordReasons } from "./password-reasons";

/** A form's error, translated from its key; nothing when there is none. */
export function FormError({ messageKey }: { messageKey: string | null }) {
  const { t } = useTranslation();
  if (!messageKey) return null;
  return (
    <Alert color="red" role="alert">
      {t(messageKey)}
    </Alert>
  );
}

/** A phone number field with the international-format hint. */
export function PhoneField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t("auth.fields.phone")}
      description={t("auth.fields.phoneHelp")}
      type="tel"
      autoComplete="tel"
      required
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** An e-mail field. */
export function EmailField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t("auth.fields.email")}
      type="email"
      autoComplete="email"
      required
      value={value}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** A password field whose show/hide button says what it does in the page's language. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      {...props}
      visibilityToggleButtonProps={{ "aria-label": t("auth.fields.showPassword") }}
    />
  );
}

/** A new password, with the length hint and, below it, the server's reasons for refusing one. */
export function NewPasswordField({
  labelKey,
  value,
  onChange,
  reasons,
  error,
  required = false,
}: {
  labelKey: string;
  required?: boolean;
  value: string;
  onChange: (value: string) => void;
  reasons?: string[];
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t(labelKey)}
        description={t("auth.passwordReasons.tooShort")}
        autoComplete="new-password"
        required={required}
        value={value}
        error={error}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {reasons ? <PasswordReasons reasons={reasons} /> : null}
    </>
  );
}
