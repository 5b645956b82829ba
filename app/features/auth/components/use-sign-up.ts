import { useState, type FormEvent } from "react";
import { postJson } from "../client";
import { signUpRefusal } from "../error-keys";
import { useFormSend } from "./use-form-send";

/**
 * What both sign-ups share (by e-mail, by phone): the name and password typed, and the round
 * trip. The server answers 202 when a message to confirm is on its way, 200 when it could sign
 * the person in (after a second factor if they have one), or a refusal, which `send` gives back
 * for the form to show its own way.
 */
export function useSignUp(redirectTo: string) {
  const form = useFormSend();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [step, setStep] = useState<"details" | "confirm" | "twoFactor">("details");
  const [reasons, setReasons] = useState<string[]>([]);

  /** Sends the details with `contact` (the e-mail or the phone number) to `path`. */
  async function send(
    event: FormEvent,
    path: string,
    contact: Record<string, string>,
  ): Promise<ReturnType<typeof signUpRefusal> | null> {
    setReasons([]);
    const { status, answer } = await form.send(event, () =>
      postJson(path, { name, ...contact, password }),
    );
    if (status === 202) setStep("confirm");
    else if (status === 200 && answer.status === "two_factor") setStep("twoFactor");
    else if (status === 200) window.location.assign(redirectTo);
    else {
      const refusal = signUpRefusal({ status, answer });
      setReasons(refusal.reasons);
      return refusal;
    }
    return null;
  }

  return { form, name, setName, password, setPassword, step, reasons, send };
}

export type SignUp = ReturnType<typeof useSignUp>;
