import { PinInput } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";

/** The length of every code we ask for: texted, or shown by an authenticator app. */
export const codeLength = 6;

/**
 * Six boxes for a one-time code (texted or from an authenticator app); the browser may fill
 * them from a text message. Apart from form-parts.tsx: its label is one of the second factor's
 * strings, which a page without a code field is not sent.
 */
export function CodeField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <PinInput
      length={codeLength}
      type="number"
      oneTimeCode
      aria-label={t("auth.twoFactor.code")}
      value={value}
      onChange={onChange}
    />
  );
}
