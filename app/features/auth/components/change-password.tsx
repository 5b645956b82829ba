import { Alert, Button, Card, Stack, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { NewPasswordField, PasswordField } from "./form-parts";
import { authClient } from "../client";
import { authErrorKey } from "../error-keys";

/** Change password; every other session of the person ends. */
export function ChangePassword() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [reasons, setReasons] = useState<string[]>([]);
  const [message, setMessage] = useState<{ color: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setReasons([]);
    setMessage(null);
    const { error } = await authClient().changePassword({
      currentPassword: current,
      newPassword: next,
      revokeOtherSessions: true,
    });
    setBusy(false);
    if (!error) {
      setCurrent("");
      setNext("");
      return setMessage({ color: "teal", key: "profile.password.done" });
    }
    const body = error as { code?: string; reasons?: string[] };
    if (body.code === "WEAK_PASSWORD") return setReasons(body.reasons ?? ["weak"]);
    setMessage({
      color: "red",
      key:
        body.code === "INVALID_PASSWORD" ? "auth.errors.invalidCredentials" : authErrorKey(error),
    });
  }

  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="md">
        {t("profile.password.title")}
      </Title>
      <form method="post" onSubmit={submit} noValidate>
        <Stack>
          {message ? (
            <Alert color={message.color} role="status">
              {t(message.key)}
            </Alert>
          ) : null}
          <PasswordField
            label={t("profile.password.current")}
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
          <NewPasswordField
            labelKey="profile.password.new"
            value={next}
            onChange={setNext}
            reasons={reasons}
          />
          <Button type="submit" loading={busy} disabled={!current || !next} w="fit-content">
            {t("profile.password.submit")}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
