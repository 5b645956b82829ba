import { Card, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { authClient } from "../client";
import { authErrorKey } from "../error-keys";
import {
  CurrentPasswordField,
  FormStatus,
  NewPasswordField,
  StackedForm,
  SubmitButton,
  type FormMessage,
} from "./form-parts";
import { useFormSend } from "./use-form-send";

/** Change password; every other session of the person ends. */
export function ChangePassword() {
  const { t } = useTranslation();
  const form = useFormSend<FormMessage>();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [reasons, setReasons] = useState<string[]>([]);

  async function submit(event: FormEvent) {
    setReasons([]);
    const { error } = await form.send(event, () =>
      authClient().changePassword({
        currentPassword: current,
        newPassword: next,
        revokeOtherSessions: true,
      }),
    );
    if (!error) {
      setCurrent("");
      setNext("");
      return form.setMessage({ color: "teal", key: "profile.password.done" });
    }
    const body = error as { code?: string; reasons?: string[] };
    if (body.code === "WEAK_PASSWORD") return setReasons(body.reasons ?? ["weak"]);
    form.setMessage({
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
      <StackedForm onSubmit={submit}>
        <FormStatus message={form.message} />
        <CurrentPasswordField
          labelKey="profile.password.current"
          value={current}
          onChange={setCurrent}
        />
        <NewPasswordField
          labelKey="profile.password.new"
          value={next}
          onChange={setNext}
          reasons={reasons}
        />
        <SubmitButton
          labelKey="profile.password.submit"
          busy={form.busy}
          disabled={!current || !next}
          inline
        />
      </StackedForm>
    </Card>
  );
}
