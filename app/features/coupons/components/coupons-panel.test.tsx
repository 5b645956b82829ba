import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import de from "~/locales/de.json";
import en from "~/locales/en.json";
import { createI18n, type Messages } from "~/platform/i18n/i18n";
import type { CouponRow } from "../coupon-shapes";
import { CouponsPanel, type CouponsPanelProps } from "./coupons-panel";

const day = 86_400_000;
const row = (over: Partial<CouponRow>): CouponRow => ({
  id: crypto.randomUUID(),
  name: "SAVE20",
  usageLimit: 0,
  usageCount: 0,
  perUserLimit: 0,
  dateStart: null,
  dateEnd: null,
  discountType: "percentage",
  amount: 20,
  productIds: [],
  createdAt: new Date().toISOString(),
  ...over,
});
const product = { id: "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c", title: "Design Foundations" };

function render(lang: "en" | "de", messages: unknown, props: CouponsPanelProps) {
  const i18n = createI18n({ lang, messages: messages as Messages });
  // The panel runs its route's loader again after a write: it lives in a route.
  const Stub = createRoutesStub([{ path: "/", Component: () => <CouponsPanel {...props} /> }]);
  return renderToString(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <Stub initialEntries={["/"]} />
      </I18nextProvider>
    </MantineProvider>,
  );
}

describe("C3 the manager's coupons panel", () => {
  const coupons = [
    row({ name: "SAVE20", usageLimit: 10, usageCount: 3, perUserLimit: 1 }),
    row({ name: "FLAT5", discountType: "flat", amount: 500, productIds: [product.id] }),
    row({ name: "USEDUP", usageLimit: 2, usageCount: 2 }),
    row({ name: "LATER", dateStart: new Date(Date.now() + day).toISOString() }),
    row({ name: "GONE", dateEnd: new Date(Date.now() - day).toISOString() }),
  ];

  test("C3 each coupon's discount, use against its limit, per-person limit, products and status", () => {
    const html = render("en", en, { coupons, products: [product], currency: "USD" });
    expect(html.match(/data-testid="coupon-row"/g)).toHaveLength(5);
    for (const text of [
      "SAVE20",
      "20%",
      "3 of 10",
      "$5",
      "Design Foundations",
      "All products",
      "0 (no limit)",
      "No limit",
      "Active",
      "Used up",
      "Scheduled",
      "Expired",
      "Edit SAVE20",
      "Delete GONE",
      "New coupon",
    ])
      expect(html, text).toContain(text);
    expect(html).not.toContain("ecommerce.coupons.");
  });

  test("C3 no coupons yet: the panel says so; it speaks the site's language", () => {
    const empty = render("en", en, { coupons: [], products: [], currency: "USD" });
    expect(empty).toContain('data-testid="coupons-empty"');
    expect(empty).toContain("No coupons yet");
    const german = render("de", de, { coupons, products: [product], currency: "EUR" });
    expect(german).toContain("Gutscheine");
    expect(german).toContain("Aufgebraucht");
    expect(german).toMatch(/5\u00a0€/);
    expect(german).not.toContain("ecommerce.coupons.");
  });
});
