// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { act, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import en from "~/locales/en.json";
import { createI18n, type Messages } from "~/platform/i18n/i18n";
import { CurrentPasswordField, EmailField } from "./form-parts";

/** A sign-in's two fields, and what the form holds of them (where a test can read it). */
function SignIn() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  return (
    <form data-email={email} data-password={password}>
      <EmailField value={email} onChange={setEmail} />
      <CurrentPasswordField
        labelKey="auth.fields.password"
        value={password}
        onChange={setPassword}
      />
    </form>
  );
}

const page = () => (
  <MantineProvider>
    <I18nextProvider i18n={createI18n({ lang: "en", messages: en as unknown as Messages })}>
      <SignIn />
    </I18nextProvider>
  </MantineProvider>
);

const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let previousFlag: boolean | undefined;
beforeAll(() => {
  previousFlag = actFlag.IS_REACT_ACT_ENVIRONMENT;
  actFlag.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  actFlag.IS_REACT_ACT_ENVIRONMENT = previousFlag;
});

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

/** The server's page, typed into as `typed` says before the script hydrates it. */
async function hydrateAfterTyping(typed: { email?: string; password?: string }) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(page());
  document.body.appendChild(container);
  const input = (type: string) => container.querySelector<HTMLInputElement>(`input[type=${type}]`)!;
  if (typed.email !== undefined) input("email").value = typed.email;
  if (typed.password !== undefined) input("password").value = typed.password;
  await act(async () => {
    root = hydrateRoot(container, page());
  });
  return container.querySelector("form")!;
}

describe("auth fields and hydration", () => {
  test("A1 what a person types (or the browser fills in) before the page hydrates is what the form holds", async () => {
    const form = await hydrateAfterTyping({ email: "ada@example.com", password: "early-secret" });
    expect(form.dataset.email).toBe("ada@example.com");
    expect(form.dataset.password).toBe("early-secret");
  });

  test("A1 fields nobody typed into before hydration stay empty", async () => {
    const form = await hydrateAfterTyping({});
    expect(form.dataset.email).toBe("");
    expect(form.dataset.password).toBe("");
  });
});
