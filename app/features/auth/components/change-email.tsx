import { Alert, Button, Card, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { authClient } from "../client";
import { authErrorKey } from "../error-keys";

/** A new e-mail address: confirmed from the current one, then verified at the new one. */
export function ChangeEmail({ email }: { email: string }) {
  const { t } = useTranslation();
  const [newEmail, setNewEmail] = useState("");
  const [message, setMessage] = useState<{ color: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const { error } = await authClient().changeEmail({
      newEmail,
      callbackURL: "/dashboard/profile",
    });
    setBusy(false);
    if (error) {
      const invalid = error.status === 400 || error.code === "INVALID_EMAIL";
      return setMessage({
        color: "red",
        key: invalid ? "auth.errors.invalidEmail" : authErrorKey(error),
      });
    }
    setNewEmail("");
    setMessage({ color: "teal", key: "profile.email.sent" });
  }

  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="xs">
        {t("profile.email.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t("profile.email.current", { email })}
      </Text>
      <form method="post" onSubmit={submit} noValidate>
        <Stack>
          {message ? (
            <Alert color={message.color} role="status">
              {t(message.key)}
            </Alert>
          ) : null}
          <TextInput
            label={t("profile.email.new")}
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(e) => setNewEmail(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy} disabled={!newEmail.trim()} w="fit-content">
            {t("profile.email.submit")}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
