import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, test } from "vitest";
import en from "~/locales/en.json";
import de from "~/locales/de.json";
import { createI18n } from "~/platform/i18n/i18n";
import type { Messages } from "~/platform/i18n/i18n";
import type { ProviderSettingsView } from "../provider-shapes";
import { PaymentSettingsPanel } from "./payment-settings-panel";

const view = (over: Partial<ProviderSettingsView>): ProviderSettingsView => ({
  provider: "stripe",
  enabled: false,
  publicKey: "",
  secretSet: false,
  secretLast4: null,
  webhookSecretSet: false,
  webhookSecretLast4: null,
  instructions: "",
  webhookUrl: null,
  ready: false,
  ...over,
});

const providers: ProviderSettingsView[] = [
  view({ provider: "offline", enabled: true, instructions: "IBAN DE00 1234", ready: true }),
  view({
    provider: "stripe",
    enabled: true,
    publicKey: "pk_test_visible",
    secretSet: true,
    secretLast4: "0000",
    webhookSecretSet: true,
    webhookSecretLast4: "6789",
    webhookUrl: "http://demo.localhost/api/payments/webhooks/stripe",
    ready: true,
  }),
  view({ provider: "paypal", webhookUrl: "http://demo.localhost/api/payments/webhooks/paypal" }),
  view({
    provider: "razorpay",
    secretSet: true,
    secretLast4: null,
    webhookUrl: "http://demo.localhost/api/payments/webhooks/razorpay",
  }),
];

function render(lang: "en" | "de", messages: unknown) {
  const i18n = createI18n({ lang, messages: messages as Messages });
  return renderToString(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <PaymentSettingsPanel providers={providers} />
      </I18nextProvider>
    </MantineProvider>,
  );
}

describe("the managers' payment settings panel", () => {
  test("C5 each provider's card: stored secrets as set ••••tail, never a value; the webhook URL; offline instructions", () => {
    const html = render("en", en);
    for (const provider of ["offline", "stripe", "paypal", "razorpay"])
      expect(html).toContain(`data-testid="payment-provider-${provider}"`);
    expect(html).toContain("Set ••••0000 · leave empty to keep it");
    expect(html).toContain("Set ••••6789 · leave empty to keep it");
    // A short secret is "Set" without its tail; nothing stored says so.
    expect(html).toContain("Set · leave empty to keep it");
    expect(html).toContain("Not set");
    expect(html).toContain('value="http://demo.localhost/api/payments/webhooks/stripe"');
    expect(html).toContain('value="pk_test_visible"');
    expect(html).toContain("IBAN DE00 1234");
    expect(html).toContain("Publishable key");
    expect(html).toContain("Webhook ID");
    expect(html).toContain("Key secret");
    // The secret fields start empty whatever is stored.
    expect(html).not.toMatch(/type="password"[^>]*value="[^"]+"/);
    expect(html).not.toContain("ecommerce.payments.");
  });

  test("C5 the panel speaks the site's language", () => {
    const html = render("de", de);
    expect(html).toContain("Zahlungsanbieter");
    expect(html).toContain("Gesetzt ••••0000");
    expect(html).not.toContain("ecommerce.payments.");
  });
});
