import { describe, expect, test } from "vitest";
import { commissionFor, type CommissionTerms } from "./commission-terms";
import { programmeInputSchema } from "./affiliate-shapes";
import { referralOf, referralSetCookie, withinWindow } from "./referral-cookie";

const percent30: CommissionTerms = {
  commissionType: "percent",
  percentBasis: 3000,
  flatAmount: 0,
  productCommissions: [],
};
const line = (productId: string, amount: number, quantity = 1) => ({ productId, amount, quantity });

describe("M5 affiliates: what a sale earns", () => {
  test("M5 affiliates: a percentage of what the order paid, after its discount", () => {
    const order = { lines: [line("a", 5000)], subtotal: 5000, total: 4000, currency: "USD" };
    expect(commissionFor(percent30, order, "USD")).toBe(1200);
  });

  test("M5 affiliates: a flat amount once per order, in the site's currency only", () => {
    const flat = { ...percent30, commissionType: "flat" as const, flatAmount: 700 };
    const order = {
      lines: [line("a", 5000), line("b", 1000, 2)],
      subtotal: 7000,
      total: 7000,
      currency: "USD",
    };
    expect(commissionFor(flat, order, "USD")).toBe(700);
    expect(commissionFor(flat, { ...order, currency: "EUR" }, "USD")).toBe(0);
    expect(commissionFor(flat, { ...order, total: 0 }, "USD")).toBe(0);
  });

  test("M5 affiliates: a product's own terms (percent of its line, flat per unit); the rest the programme's", () => {
    const terms: CommissionTerms = {
      ...percent30,
      productCommissions: [
        { productId: "ebook", type: "percent", value: 5000 },
        { productId: "mug", type: "flat", value: 100 },
      ],
    };
    const order = {
      lines: [line("ebook", 2000), line("mug", 1500, 3), line("course", 10_000)],
      subtotal: 16_500,
      total: 16_500,
      currency: "USD",
    };
    // 50 % of 2,000 + 3 × 100 + 30 % of 10,000
    expect(commissionFor(terms, order, "USD")).toBe(1000 + 300 + 3000);
  });

  test("M5 affiliates: never more than the order paid", () => {
    const flat = { ...percent30, commissionType: "flat" as const, flatAmount: 9000 };
    expect(
      commissionFor(
        flat,
        { lines: [line("a", 500)], subtotal: 500, total: 500, currency: "USD" },
        "USD",
      ),
    ).toBe(500);
  });
});

describe("M5 affiliates: the referral cookie", () => {
  test("M5 affiliates: the cookie names the code and the click's time; anything else is nobody's", () => {
    const at = new Date("2026-11-27T10:00:00Z");
    const header = referralSetCookie("pat-1a2b3c", { at, days: 30, secure: true });
    expect(header).toBe(
      `lyceum_ref=pat-1a2b3c.${at.getTime() / 1000}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(referralOf(`a=b; ${header.split(";")[0]}`)).toEqual({
      code: "pat-1a2b3c",
      at: at.toISOString(),
    });
    for (const forged of ["lyceum_ref=PAT.1", "lyceum_ref=x.1764237600", "lyceum_ref=", "other=1"])
      expect(referralOf(forged), forged).toBeNull();
    expect(referralOf(null)).toBeNull();
  });

  test("M5 affiliates: a click counts for the window's days, and not from the future", () => {
    const now = new Date("2026-11-27T10:00:00Z");
    expect(withinWindow("2026-10-29T10:00:00Z", 30, now)).toBe(true);
    expect(withinWindow("2026-10-27T09:00:00Z", 30, now)).toBe(false);
    expect(withinWindow("2026-12-27T10:00:00Z", 30, now)).toBe(false);
  });

  test("M5 affiliates: the programme's terms are checked by field", () => {
    const parsed = programmeInputSchema.safeParse({
      percent: 12.5,
      productCommissions: [
        { productId: "00000000-0000-4000-8000-000000000001", type: "percent", value: 101 },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "productCommissions.0.value",
    ]);
    expect(programmeInputSchema.parse({ percent: 12.5 }).percent).toBe(1250);
  });
});
