// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { act, type ComponentProps } from "react";
import { createRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import en from "~/locales/en.json";
import { createI18n, type Messages } from "~/platform/i18n/i18n";
import type { SenderSettingsView } from "../sender-shapes";
import { CampaignsPanel } from "./campaigns-panel";

const view: SenderSettingsView = {
  senderName: "Demo School News",
  senderAddress: "news@school.example",
  replyTo: "",
  relay: {
    enabled: true,
    host: "smtp.school.example",
    port: 587,
    security: "starttls",
    username: "school",
    passwordSet: true,
  },
  dkim: {
    enabled: true,
    domain: "school.example",
    selector: "mail2026",
    keySet: true,
    record: { name: "mail2026._domainkey.school.example", value: "v=DKIM1; k=rsa; p=MIIBIjANBg" },
  },
  webhook: {
    relay: "sendgrid",
    keySet: true,
    endpoint: "https://demo.lyceum.example/api/email/feedback/",
  },
  from: '"Demo School News" <news@school.example>',
  testTo: "owner@school.example",
};

type Sent = { intent: string; settings: Record<string, any> };

const panel = (props: Partial<ComponentProps<typeof CampaignsPanel>>) => (
  <CampaignsPanel campaigns={[]} opened={null} segments={[]} timeZone="UTC" {...props} />
);
const i18n = () => createI18n({ lang: "en", messages: en as unknown as Messages });

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

function renderHtml(props: Partial<ComponentProps<typeof CampaignsPanel>>) {
  const Stub = createRoutesStub([{ path: "/", Component: () => panel(props) }]);
  return renderToString(
    <MantineProvider>
      <I18nextProvider i18n={i18n()}>
        <Stub initialEntries={["/"]} />
      </I18nextProvider>
    </MantineProvider>,
  );
}

const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let previousFlag: boolean | undefined;
beforeAll(() => {
  previousFlag = actFlag.IS_REACT_ACT_ENVIRONMENT;
  actFlag.IS_REACT_ACT_ENVIRONMENT = true;
  // Mantine's autosizing textarea (the key's) listens for web fonts, which happy-dom lacks.
  if (!("fonts" in document))
    Object.defineProperty(document, "fonts", {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
});
afterAll(() => {
  actFlag.IS_REACT_ACT_ENVIRONMENT = previousFlag;
});

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  root = null;
  container = null;
  document.body.innerHTML = "";
});

/** The settings opened in the browser; the action answers `answers` in turn and keeps each body. */
async function openSettings(answers: unknown[]) {
  const sent: Sent[] = [];
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => panel({ sender: view, senderOpen: true }),
      action: async ({ request }) => {
        sent.push((await request.json()) as Sent);
        return answers.shift();
      },
    },
  ]);
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <MantineProvider>
        <I18nextProvider i18n={i18n()}>
          <Stub initialEntries={["/"]} />
        </I18nextProvider>
      </MantineProvider>,
    );
  });
  return sent;
}

const byTestId = <T extends HTMLElement = HTMLElement>(testId: string) =>
  document.querySelector<T>(`[data-testid="${testId}"]`);

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function click(element: Element) {
  await act(async () => {
    (element as HTMLElement).click();
  });
  // The fetcher's submit and the action's answer.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
}

const errorOf = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((part) => document.getElementById(part)?.textContent ?? "")
    .join(" ");

describe("M5 the campaigns tab's sending settings", () => {
  test("M5 the list says whom campaigns go out as and through which relay, and opens the settings", () => {
    const shown = text(renderHtml({ sender: view }));
    expect(shown).toContain(
      'Campaigns go out as "Demo School News" <news@school.example> through your mail server smtp.school.example.',
    );
    expect(renderHtml({ sender: view })).toContain('href="/?tab=campaigns&amp;sending=settings"');
    const platform = text(
      renderHtml({ sender: { ...view, relay: { ...view.relay, enabled: false } } }),
    );
    expect(platform).toContain("through the platform's mail server.");
    // Without the settings (an older loader), the list is as it was.
    expect(renderHtml({})).not.toContain('data-testid="open-sender-settings"');
  });

  test("M5 the settings show every field and the DNS record, and a saved secret only as saved", () => {
    const html = renderHtml({ sender: view, senderOpen: true });
    const shown = text(html);
    for (const label of [
      "Sender name",
      "Sender address",
      "Reply-to address",
      "Send through my own mail server",
      "Server",
      "Port",
      "STARTTLS",
      "User name",
      "Password",
      "Sign campaigns with DKIM",
      "Selector",
      "Private key (PEM)",
      "Send a test",
      "Save sending settings",
    ])
      expect(shown, label).toContain(label);
    expect(shown).toContain("A password is saved. Leave empty to keep it.");
    expect(shown).toContain("A key is saved. Leave empty to keep it.");
    expect(shown).toContain("mail2026._domainkey.school.example");
    expect(shown).toContain("Sends a short message to owner@school.example");
    expect(html).toMatch(
      /data-testid="relay-password"[^>]*value=""|value=""[^>]*data-testid="relay-password"/,
    );
    expect(html).not.toContain('data-testid="campaigns"');
  });

  test("M5 a save sends the form with secrets kept; the server's refusals show beside their fields", async () => {
    const sent = await openSettings([
      {
        ok: false,
        code: "request.invalid",
        issues: [
          { path: "relay.host", code: "custom", origin: "privateHost" },
          { path: "relay.port", code: "too_big", origin: "number", maximum: 65535 },
        ],
      },
    ]);
    await type(byTestId<HTMLInputElement>("relay-host")!, "10.0.0.5");
    await click(byTestId("save-sender")!);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.intent).toBe("saveSender");
    expect(sent[0]!.settings).toMatchObject({
      senderName: "Demo School News",
      relay: { enabled: true, host: "10.0.0.5", port: 587, username: "school", password: "" },
      dkim: { enabled: true, domain: "school.example", privateKey: "" },
    });
    expect(errorOf(byTestId("relay-host")!)).toContain(
      "This server is on a private network, which campaigns may not use.",
    );
    expect(byTestId("sender-notice")!.textContent).toContain("Please fix the marked entries.");
  });

  test("M5 a password typed and saved goes back to 'saved, leave empty to keep'", async () => {
    const sent = await openSettings([{ ok: true, settings: view }]);
    const password = byTestId<HTMLInputElement>("relay-password")!;
    await type(password, "new-relay-password");
    expect(password.value).toBe("new-relay-password");
    await click(byTestId("save-sender")!);
    expect(sent[0]!.settings.relay.password).toBe("new-relay-password");
    expect(byTestId<HTMLInputElement>("relay-password")!.value).toBe("");
    expect(byTestId("sender-notice")!.textContent).toContain("Sending settings saved.");
  });

  test("M5 the webhook part: a saved key shows as saved, the address follows the relay chosen, a key is sent with its relay and its refusal shown beside it; None sends no relay", async () => {
    const sent = await openSettings([
      {
        ok: false,
        code: "request.invalid",
        issues: [{ path: "webhook.key", code: "custom", origin: "webhookKey" }],
      },
      { ok: true, settings: { ...view, webhook: { ...view.webhook, relay: "", keySet: false } } },
    ]);
    const address = () => byTestId("webhook-address")?.textContent ?? "";
    expect(address()).toContain("https://demo.lyceum.example/api/email/feedback/sendgrid");
    expect(document.body.textContent).toContain("A key is saved. Leave this empty to keep it.");
    // The webhook's own choices (the relay's security has a "None" too).
    const radio = (label: string) =>
      [
        ...byTestId("webhook-relay")!.querySelectorAll<HTMLInputElement>('input[type="radio"]'),
      ].find((input) => input.labels?.[0]?.textContent === label)!;
    await click(radio("Postmark"));
    expect(address()).toContain("https://demo.lyceum.example/api/email/feedback/postmark");
    // A key saved for SendGrid is no key for Postmark: the field asks for one.
    expect(document.body.textContent).toContain("A user name and password of your choosing");
    await type(byTestId<HTMLInputElement>("webhook-key")!, "hooks-only");
    await click(byTestId("save-sender")!);
    expect(sent[0]!.settings.webhook).toEqual({ relay: "postmark", key: "hooks-only" });
    expect(errorOf(byTestId("webhook-key")!)).toContain(
      "This is not a key of the form this service gives.",
    );
    await click(radio("None"));
    expect(byTestId("webhook-key")).toBeNull();
    await click(byTestId("save-sender")!);
    expect(sent[1]!.settings.webhook).toMatchObject({ relay: "" });
    expect(byTestId("sender-notice")!.textContent).toContain("Sending settings saved.");
  });

  test("M5 Send a test sends the form as it stands (a secret removed is null) and tells the relay's answer", async () => {
    const sent = await openSettings([
      { ok: false, code: "campaigns.relayFailed", issues: [], reason: "535 Invalid login" },
      { ok: true, to: "owner@school.example" },
    ]);
    const remove = [...document.querySelectorAll("button")].find(
      (button) => button.textContent === "Remove the saved password",
    );
    await click(remove!);
    await click(byTestId("send-sender-test")!);
    expect(sent[0]).toMatchObject({
      intent: "testSender",
      settings: { relay: { password: null } },
    });
    const notice = byTestId("sender-notice")!.textContent;
    expect(notice).toContain("The mail server could not be reached, or refused the message.");
    expect(notice).toContain("The mail server answered: 535 Invalid login");
    await click(byTestId("send-sender-test")!);
    expect(byTestId("sender-notice")!.textContent).toContain(
      "A test message went to owner@school.example.",
    );
  });
});
