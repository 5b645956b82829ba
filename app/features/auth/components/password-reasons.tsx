import { List, Text } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";

/** Why the server refused a password, in the visitor's language. */
export function PasswordReasons({ reasons }: { reasons: string[] }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <div role="alert">
      <Text size="sm" c="red" fw={500}>
        {t("auth.passwordReasons.title")}
      </Text>
      <List size="sm" c="red">
        {reasons.map((reason) => (
          <List.Item key={reason}>{t(`auth.passwordReasons.${reason}`)}</List.Item>
        ))}
      </List>
    </div>
  );
}
