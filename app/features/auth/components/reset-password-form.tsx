import { Alert, Anchor, Button, Stack } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NewPasswordField, PasswordField } from "./form-parts";
import { authClient } from "../client";
import { AuthCard } from "./auth-card";
import { PasswordReasons } from "./password-reasons";

/** The page the e-mailed link opens: choose a new password (the link works once). */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [reasons, setReasons] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(token ? null : "auth.reset.invalidLink");
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setReasons([]);
    setError(null);
    if (password !== confirm) return setError("auth.reset.mismatch");
    setBusy(true);
    const { error: failure } = await authClient().resetPassword({
      newPassword: password,
      token: token ?? "",
    });
    setBusy(false);
    if (!failure) return setDone(true);
    const body = failure as { code?: string; reasons?: string[]; status?: number };
    if (body.code === "WEAK_PASSWORD") return setReasons(body.reasons ?? ["weak"]);
    if (body.status === 429) return setError("auth.errors.tooManyAttempts");
    setError("auth.reset.invalidLink");
  }

  return (
    <AuthCard title={t("auth.reset.title")}>
      {done ? (
        <Stack>
          <Alert color="teal" role="status">
            {t("auth.reset.done")}
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            {t("auth.reset.signIn")}
          </Button>
        </Stack>
      ) : (
        <form method="post" onSubmit={submit} noValidate>
          <Stack>
            {error ? (
              <Alert color="red" role="alert">
                {t(error)}
                {error === "auth.reset.invalidLink" ? (
                  <>
                    {" "}
                    <Anchor component={Link} to="/login">
                      {t("auth.reset.signIn")}
                    </Anchor>
                  </>
                ) : null}
              </Alert>
            ) : null}
            <NewPasswordField
              labelKey="auth.reset.password"
              value={password}
              onChange={setPassword}
            />
            <PasswordField
              label={t("auth.reset.confirm")}
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
            />
            <PasswordReasons reasons={reasons} />
            <Button type="submit" loading={busy} fullWidth disabled={!token}>
              {t("auth.reset.submit")}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
