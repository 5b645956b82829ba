import { Text } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { authClient } from "../client";
import { AuthCard } from "./auth-card";
import { CodeField, codeLength } from "./code-field";
import {
  FormError,
  FormStatus,
  LinkButton,
  NewPasswordField,
  PhoneField,
  StackedForm,
  SubmitButton,
} from "./form-parts";
import { useFormSend } from "./use-form-send";

/** Password recovery for people who signed up with a phone: a texted code and a new password. */
export function PhoneResetForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const form = useFormSend();
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [step, setStep] = useState<"phone" | "code" | "done">("phone");
  const [reasons, setReasons] = useState<string[]>([]);

  async function request(event: FormEvent) {
    const { error: failure } = await form.send(event, () =>
      authClient().phoneNumber.requestPasswordReset({ phoneNumber: phone.trim() }),
    );
    if (failure)
      return form.setMessage(
        failure.status === 429 ? "auth.errors.tooManyAttempts" : "auth.errors.invalidPhone",
      );
    setStep("code");
  }

  async function reset(event: FormEvent) {
    setReasons([]);
    const { error: failure } = await form.send(event, () =>
      authClient().phoneNumber.resetPassword({
        phoneNumber: phone.trim(),
        otp: code,
        newPassword: password,
      }),
    );
    if (!failure) return setStep("done");
    const body = failure as { code?: string; reasons?: string[]; status?: number };
    if (body.code === "WEAK_PASSWORD") return setReasons(body.reasons ?? ["weak"]);
    form.setMessage(
      body.status === 429 ? "auth.errors.tooManyAttempts" : "auth.errors.invalidCode",
    );
  }

  return (
    <AuthCard
      title={t("auth.forgot.title")}
      subtitle={step === "phone" ? t("auth.forgot.phoneText") : undefined}
    >
      <FormError messageKey={form.message} />
      {step === "done" ? (
        <FormStatus message={{ color: "teal", key: "auth.reset.done" }} />
      ) : step === "code" ? (
        <StackedForm onSubmit={reset}>
          <Text size="sm">{t("auth.forgot.codeText", { phone })}</Text>
          <CodeField value={code} onChange={setCode} />
          <NewPasswordField
            labelKey="auth.reset.password"
            value={password}
            onChange={setPassword}
            reasons={reasons}
          />
          <SubmitButton
            labelKey="auth.reset.submit"
            busy={form.busy}
            disabled={code.length < codeLength || !password}
          />
        </StackedForm>
      ) : (
        <StackedForm onSubmit={request}>
          <PhoneField value={phone} onChange={setPhone} />
          <SubmitButton labelKey="auth.forgot.sendCode" busy={form.busy} />
        </StackedForm>
      )}
      <LinkButton labelKey="auth.forgot.back" onClick={onBack} centred />
    </AuthCard>
  );
}
