import { Card, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { authClient } from "../client";
import { authErrorKey } from "../error-keys";
import { FormStatus, StackedForm, SubmitButton, type FormMessage } from "./form-parts";
import { useFormSend } from "./use-form-send";

/** A new e-mail address: confirmed from the current one, then verified at the new one. */
export function ChangeEmail({ email }: { email: string }) {
  const { t } = useTranslation();
  const form = useFormSend<FormMessage>();
  const [newEmail, setNewEmail] = useState("");

  async function submit(event: FormEvent) {
    const { error } = await form.send(event, () =>
      authClient().changeEmail({ newEmail, callbackURL: "/dashboard/profile" }),
    );
    if (error) {
      const invalid = error.status === 400 || error.code === "INVALID_EMAIL";
      return form.setMessage({
        color: "red",
        key: invalid ? "auth.errors.invalidEmail" : authErrorKey(error),
      });
    }
    setNewEmail("");
    form.setMessage({ color: "teal", key: "profile.email.sent" });
  }

  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="xs">
        {t("profile.email.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t("profile.email.current", { email })}
      </Text>
      <StackedForm onSubmit={submit}>
        <FormStatus message={form.message} />
        <TextInput
          label={t("profile.email.new")}
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(e) => setNewEmail(e.currentTarget.value)}
        />
        <SubmitButton
          labelKey="profile.email.submit"
          busy={form.busy}
          disabled={!newEmail.trim()}
          inline
        />
      </StackedForm>
    </Card>
  );
}
