import { Anchor, Button, Stack } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { authClient } from "../client";
import { AuthCard } from "./auth-card";
import {
  FormError,
  FormStatus,
  NewPasswordField,
  PasswordField,
  StackedForm,
  SubmitButton,
} from "./form-parts";
import { PasswordReasons } from "./password-reasons";
import { useFormSend } from "./use-form-send";

/** The page the e-mailed link opens: choose a new password (the link works once). */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const form = useFormSend(token ? null : "auth.reset.invalidLink");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [reasons, setReasons] = useState<string[]>([]);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setReasons([]);
    if (password !== confirm) return form.setMessage("auth.reset.mismatch");
    const { error: failure } = await form.send(event, () =>
      authClient().resetPassword({ newPassword: password, token: token ?? "" }),
    );
    if (!failure) return setDone(true);
    const body = failure as { code?: string; reasons?: string[]; status?: number };
    if (body.code === "WEAK_PASSWORD") return setReasons(body.reasons ?? ["weak"]);
    if (body.status === 429) return form.setMessage("auth.errors.tooManyAttempts");
    form.setMessage("auth.reset.invalidLink");
  }

  return (
    <AuthCard title={t("auth.reset.title")}>
      {done ? (
        <Stack>
          <FormStatus message={{ color: "teal", key: "auth.reset.done" }} />
          <Button component={Link} to="/login" fullWidth>
            {t("auth.reset.signIn")}
          </Button>
        </Stack>
      ) : (
        <StackedForm onSubmit={submit}>
          <FormError messageKey={form.message}>
            {form.message === "auth.reset.invalidLink" ? (
              <>
                {" "}
                <Anchor component={Link} to="/login">
                  {t("auth.reset.signIn")}
                </Anchor>
              </>
            ) : null}
          </FormError>
          <NewPasswordField
            labelKey="auth.reset.password"
            value={password}
            onChange={setPassword}
          />
          <PasswordField
            labelKey="auth.reset.confirm"
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
          />
          <PasswordReasons reasons={reasons} />
          <SubmitButton labelKey="auth.reset.submit" busy={form.busy} disabled={!token} />
        </StackedForm>
      )}
    </AuthCard>
  );
}
