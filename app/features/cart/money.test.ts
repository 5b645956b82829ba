import { describe, expect, test } from "vitest";
import {
  currencies,
  currencyOfCountry,
  currencyProviders,
  findCurrency,
  providerTakes,
} from "./currencies";
import {
  couponDiscount,
  currencyDigits,
  decimalToMinor,
  minorToDecimal,
  formatCartMoney,
  formatMoney,
  formatPercent,
  majorToMinor,
  minorToMajor,
} from "./money";

describe("C8 currency list", () => {
  test("C8 every entry has a code, digits 0/2/3, a name, countries and providers", () => {
    expect(currencies.length).toBeGreaterThanOrEqual(30);
    const codes = new Set<string>();
    for (const currency of currencies) {
      expect(currency.code, currency.code).toMatch(/^[A-Z]{3}$/);
      expect(codes.has(currency.code), `${currency.code} twice`).toBe(false);
      codes.add(currency.code);
      expect([0, 2, 3]).toContain(currency.digits);
      expect(currency.name.length).toBeGreaterThan(2);
      expect(currency.countries.length).toBeGreaterThan(0);
      for (const country of currency.countries) expect(country).toMatch(/^[A-Z]{2}$/);
      expect(currency.providers).toContain("offline");
      for (const provider of currency.providers) expect(currencyProviders).toContain(provider);
      // Intl knows every listed code (a typo would format as the fallback).
      expect(
        () => new Intl.NumberFormat("en", { style: "currency", currency: currency.code }),
      ).not.toThrow();
    }
  });

  test("C8 minor units and decimal text convert exactly, in each currency's digits", () => {
    expect(minorToDecimal(1999, "USD")).toBe("19.99");
    expect(minorToDecimal(5, "EUR")).toBe("0.05");
    expect(minorToDecimal(-1230, "USD")).toBe("-12.30");
    expect(minorToDecimal(500, "JPY")).toBe("500");
    expect(minorToDecimal(1234, "BHD")).toBe("1.234");
    expect(decimalToMinor("19.99", "USD")).toBe(1999);
    expect(decimalToMinor("1.2345", "BHD")).toBe(1234);
    expect(decimalToMinor("12,30", "USD")).toBeNaN();
    // 0.1 + 0.2 is not 0.3 in floating point; integers and strings never round.
    expect(minorToDecimal(30, "USD")).toBe("0.30");
  });

  test("C8 digits follow ISO 4217: JPY 0, USD 2, KWD and BHD 3", () => {
    expect(findCurrency("JPY")?.digits).toBe(0);
    expect(findCurrency("USD")?.digits).toBe(2);
    expect(findCurrency("KWD")?.digits).toBe(3);
    expect(findCurrency("BHD")?.digits).toBe(3);
    expect(findCurrency("usd")).toBeUndefined();
  });

  test("C8 providers per currency: INR takes all four, BDT no PayPal, KWD Stripe and offline", () => {
    expect([...findCurrency("INR")!.providers].sort()).toEqual([
      "offline",
      "paypal",
      "razorpay",
      "stripe",
    ]);
    expect(providerTakes("razorpay", "BDT")).toBe(true);
    expect(providerTakes("paypal", "BDT")).toBe(false);
    expect(providerTakes("stripe", "KWD")).toBe(true);
    expect(providerTakes("razorpay", "KWD")).toBe(false);
    expect(providerTakes("stripe", "XXX")).toBe(false);
  });

  test("C8 countries: a country's currency by its two-letter code", () => {
    expect(currencyOfCountry("in")?.code).toBe("INR");
    expect(currencyOfCountry("BD")?.code).toBe("BDT");
    expect(currencyOfCountry("DE")?.code).toBe("EUR");
    expect(currencyOfCountry("ZZ")).toBeUndefined();
  });
});

describe("C4 money", () => {
  test("C4 currencyDigits reads the list, then Intl, then 2", () => {
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("BHD")).toBe(3);
    // Listed as ISO's 2 though Intl's English data shows none.
    expect(currencyDigits("IDR")).toBe(2);
    // Not listed: Intl's answer (Icelandic króna, 0), and 2 for a code Intl refuses.
    expect(currencyDigits("ISK")).toBe(0);
    expect(currencyDigits("??")).toBe(2);
  });

  test("C4 minor and major units convert by the currency's digits", () => {
    expect(minorToMajor(1999, "USD")).toBe(19.99);
    expect(minorToMajor(500, "JPY")).toBe(500);
    expect(minorToMajor(12345, "KWD")).toBe(12.345);
    expect(majorToMinor(19.99, "USD")).toBe(1999);
    expect(majorToMinor(0.1 + 0.2, "USD")).toBe(30);
    expect(majorToMinor(12.345, "BHD")).toBe(12345);
  });

  test("C4 cart amounts have 0 fraction digits; a fraction keeps the currency's digits", () => {
    expect(formatCartMoney({ amount: 49, currency: "USD", lang: "en" })).toBe("$49");
    expect(formatCartMoney({ amount: 49.9, currency: "USD", lang: "en" })).toBe("$49.90");
    expect(formatCartMoney({ amount: 1500, currency: "JPY", lang: "en" })).toBe("¥1,500");
    expect(formatCartMoney({ amount: 12, currency: "KWD", lang: "en" })).toBe("KWD\u00a012");
    expect(formatCartMoney({ amount: 12.5, currency: "KWD", lang: "en" })).toBe("KWD\u00a012.500");
    // Floating error never shows as a fraction.
    expect(formatCartMoney({ amount: 0.1 + 0.2 + 0.7, currency: "USD", lang: "en" })).toBe("$1");
  });

  test("C4 other amounts show the currency's digits", () => {
    expect(formatMoney({ amount: 49, currency: "USD", lang: "en" })).toBe("$49.00");
    expect(formatMoney({ amount: 12.5, currency: "BHD", lang: "en" })).toBe("BHD\u00a012.500");
    expect(formatMoney({ amount: 500, currency: "JPY", lang: "en" })).toBe("¥500");
    expect(formatMoney({ amount: 3, currency: "NOPE", lang: "en" })).toBe("3.00 NOPE");
  });

  test("C4 BDT symbol override: ৳ in every language", () => {
    expect(formatCartMoney({ amount: 1200, currency: "BDT", lang: "en" })).toBe("৳1,200");
    expect(formatMoney({ amount: 1200, currency: "BDT", lang: "en" })).toBe("৳1,200.00");
    for (const lang of ["en", "bn", "hi", "ar", "fr", "ja"]) {
      const text = formatCartMoney({ amount: 99, currency: "BDT", lang });
      expect(text, lang).toContain("৳");
      expect(text, lang).not.toContain("BDT");
    }
    expect(formatCartMoney({ amount: 99, currency: "USD", lang: "en" })).not.toContain("৳");
  });

  test("C4 percent discounts are shown rounded", () => {
    expect(formatPercent({ percent: 20, lang: "en" })).toBe("20%");
    expect(formatPercent({ percent: 12.5, lang: "en" })).toBe("13%");
    expect(formatPercent({ percent: 33.3, lang: "en" })).toBe("33%");
  });

  test.each([
    ["20 % of $49.99 rounds to the cent", { discountType: "percentage", amount: 20 }, 4999, 1000],
    ["10 % of 5 cents rounds half up", { discountType: "percentage", amount: 10 }, 5, 1],
    ["12.5 % of ¥999", { discountType: "percentage", amount: 12.5 }, 999, 125],
    ["100 % is the whole amount", { discountType: "percentage", amount: 100 }, 4900, 4900],
    ["past 100 % is the whole amount", { discountType: "percentage", amount: 150 }, 4900, 4900],
    ["flat below the amount", { discountType: "flat", amount: 500 }, 4900, 500],
    ["flat above the amount stops at it", { discountType: "flat", amount: 9000 }, 4900, 4900],
    ["nothing to discount", { discountType: "flat", amount: 500 }, 0, 0],
    ["a zero coupon gives nothing", { discountType: "percentage", amount: 0 }, 4900, 0],
  ] as const)("C4 discount: %s", (_name, terms, eligible, expected) => {
    expect(couponDiscount({ terms, eligible })).toBe(expected);
  });
});
