import {
  Alert,
  Anchor,
  Button,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  type PasswordInputProps,
  type TextInputProps,
} from "@mantine/core";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { PasswordReasons } from "./password-reasons";

/*
 * The parts the sign-in screens and the profile's cards are built from. Every label arrives as
 * an i18n key; strings of areas other than the auth fields live in their own modules
 * (code-field.tsx), so a page that uses these parts is sent only the strings they show.
 */

/** A form posted by script (the browser's own checks off: the server's words are shown). */
export function StackedForm({
  onSubmit,
  align,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** "center" for a form around a code's boxes. */
  align?: "center";
  children: ReactNode;
}) {
  return (
    <form method="post" onSubmit={onSubmit} noValidate>
      <Stack align={align}>{children}</Stack>
    </form>
  );
}

/**
 * A form's error, translated from its key (with its values); nothing when there is none.
 * `children` follow the message inside the alert (a link that helps).
 */
export function FormError({
  messageKey,
  values,
  fullWidth = false,
  children,
}: {
  messageKey: string | null;
  values?: Record<string, string>;
  /** In a centred form the alert would shrink to its text. */
  fullWidth?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (!messageKey) return null;
  return (
    <Alert color="red" role="alert" w={fullWidth ? "100%" : undefined}>
      {t(messageKey, values)}
      {children}
    </Alert>
  );
}

/** What a form says after a send, good news or bad, in its colour (teal or red). */
export type FormMessage = { color: string; key: string };

/** A message a screen reader announces without interrupting; nothing when there is none. */
export function FormStatus({ message }: { message: FormMessage | null }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <Alert color={message.color} role="status">
      {t(message.key)}
    </Alert>
  );
}

/**
 * The form's button. Sign-in cards use the full width; a card among others (the profile) a
 * button of its own size (`inline`).
 */
export function SubmitButton({
  labelKey,
  busy,
  disabled,
  color,
  inline = false,
}: {
  labelKey: string;
  busy: boolean;
  disabled?: boolean;
  color?: string;
  inline?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button
      type="submit"
      loading={busy}
      fullWidth={inline ? undefined : true}
      disabled={disabled}
      color={color}
      w={inline ? "fit-content" : undefined}
    >
      {t(labelKey)}
    </Button>
  );
}

/**
 * A button that reads as a link: another way through the form (a phone number, a backup code)
 * or back. `centred` sets it on a line of its own, below a form.
 */
export function LinkButton({
  labelKey,
  onClick,
  align,
  centred = false,
}: {
  labelKey: string;
  onClick: () => void;
  align?: "end";
  centred?: boolean;
}) {
  const { t } = useTranslation();
  if (centred) {
    return (
      <Text ta="center" size="sm">
        <Anchor component="button" type="button" onClick={onClick}>
          {t(labelKey)}
        </Anchor>
      </Text>
    );
  }
  return (
    <Anchor component="button" type="button" size="sm" ta={align} onClick={onClick}>
      {t(labelKey)}
    </Anchor>
  );
}

/** What each field takes: its text, what to do with a new one, and the server's word on it. */
type FieldProps = { value: string; onChange: (value: string) => void; error?: string };

/**
 * What a person typed, or the browser filled in, before the page hydrated is in the field but
 * not in the form's state (React keeps the DOM's text and its own empty value): read once the
 * field is live, so the form sends what the field shows and its button is not left disabled.
 */
function useTextShownEarly({ value, onChange }: Pick<FieldProps, "value" | "onChange">) {
  const ref = useRef<HTMLInputElement>(null);
  const first = useRef({ value, onChange });
  useEffect(() => {
    const shown = ref.current?.value ?? "";
    if (shown && shown !== first.current.value) first.current.onChange(shown);
  }, []);
  return ref;
}

/** A required text field that hands its form the text rather than the event. */
function RequiredTextField({
  value,
  onChange,
  ...input
}: FieldProps & Omit<TextInputProps, "value" | "onChange" | "error">) {
  const ref = useTextShownEarly({ value, onChange });
  return (
    <TextInput
      {...input}
      ref={ref}
      required
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** The person's full name, as they want the site to show it. */
export function NameField(props: FieldProps) {
  const { t } = useTranslation();
  return <RequiredTextField {...props} label={t("auth.fields.name")} autoComplete="name" />;
}

/** A phone number field with the international-format hint. */
export function PhoneField(props: FieldProps) {
  const { t } = useTranslation();
  return (
    <RequiredTextField
      {...props}
      label={t("auth.fields.phone")}
      description={t("auth.fields.phoneHelp")}
      type="tel"
      autoComplete="tel"
    />
  );
}

/** An e-mail field. */
export function EmailField(props: FieldProps) {
  const { t } = useTranslation();
  return (
    <RequiredTextField
      {...props}
      label={t("auth.fields.email")}
      type="email"
      autoComplete="email"
    />
  );
}

/** A password field whose show/hide button says what it does in the page's language. */
export function PasswordField({
  labelKey,
  value,
  onChange,
  ...input
}: FieldProps & { labelKey: string } & Omit<
    PasswordInputProps,
    "label" | "value" | "onChange" | "error"
  >) {
  const { t } = useTranslation();
  const ref = useTextShownEarly({ value, onChange });
  return (
    <PasswordInput
      {...input}
      ref={ref}
      label={t(labelKey)}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      visibilityToggleButtonProps={{ "aria-label": t("auth.fields.showPassword") }}
    />
  );
}

type PasswordChoice = FieldProps & { labelKey: string; required?: boolean };

/** The password the person has now (to sign in, or to confirm a change of their account). */
export function CurrentPasswordField({ required = false, ...props }: PasswordChoice) {
  return <PasswordField {...props} required={required} autoComplete="current-password" />;
}

/** A new password, with the length hint and, below it, the server's reasons for refusing one. */
export function NewPasswordField({
  reasons,
  required = false,
  ...props
}: PasswordChoice & { reasons?: string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        {...props}
        required={required}
        description={t("auth.passwordReasons.tooShort")}
        autoComplete="new-password"
      />
      {reasons ? <PasswordReasons reasons={reasons} /> : null}
    </>
  );
}
