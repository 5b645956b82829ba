import { MantineProvider } from "@mantine/core";
import type { ComponentProps } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, test } from "vitest";
import en from "~/locales/en.json";
import { createI18n, type Messages } from "~/platform/i18n/i18n";
import { PreferencesScreen, type PreferencesRecipient } from "./preferences-screen";

const recipient = (subscribed: boolean): PreferencesRecipient => ({
  campaignId: "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c",
  contactId: "0b5d2c3e-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
  signature: "c2lnbmVk_LQ",
  email: "ada@example.com",
  subscribed,
});
const own = "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c/0b5d2c3e-1a2b-4c3d-8e4f-5a6b7c8d9e0f/c2lnbmVk_LQ";

function render(props: Partial<ComponentProps<typeof PreferencesScreen>>) {
  const i18n = createI18n({ lang: "en", messages: en as unknown as Messages });
  return renderToString(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <PreferencesScreen
          siteName="Ada's Kitchen"
          recipient={null}
          asking={false}
          done={null}
          {...props}
        />
      </I18nextProvider>
    </MantineProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'");

describe("M5 a campaign reader's preference page", () => {
  test("M5 the footer's link asks first: the question, the address and a form posting to the unsubscribe endpoint", () => {
    const html = render({ recipient: recipient(true), asking: true });
    expect(text(html)).toContain("Unsubscribe from Ada's Kitchen?");
    expect(text(html)).toContain("ada@example.com");
    expect(html).toContain(`action="/api/email/unsubscribe/${own}"`);
    expect(html).toContain(`method="post"`);
    expect(html).not.toContain('role="status"');
  });

  test("M5 once unsubscribed: the notice, the words that no more e-mails come and the way back", () => {
    const html = render({ recipient: recipient(false), done: "unsubscribed" });
    expect(html).toContain('role="status"');
    expect(text(html)).toContain("You have been unsubscribed.");
    expect(text(html)).toContain("You will not receive e-mails from Ada's Kitchen any more.");
    expect(html).toContain(`action="/api/email/resubscribe/${own}"`);
    expect(html).not.toContain("/api/email/unsubscribe/");
  });

  test("M5 subscribed again: the notice and the unsubscribe button; a stale ?done says nothing", () => {
    const again = render({ recipient: recipient(true), done: "subscribed" });
    expect(text(again)).toContain("You are subscribed again.");
    expect(again).toContain(`action="/api/email/unsubscribe/${own}"`);
    expect(render({ recipient: recipient(true), done: "unsubscribed" })).not.toContain(
      'role="status"',
    );
  });

  test("M5 a broken link says so, with no form", () => {
    const html = render({ recipient: null, asking: true });
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain("This link is not valid.");
    expect(html).not.toContain("<form");
  });
});
