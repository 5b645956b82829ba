import { expect, test } from "vitest";
import { readCouponAnswer } from "./coupon-check";

test("C2 the box reads the check's answers by hand: valid, unknown, each refusal, failures", () => {
  const coupon = { name: "SAVE20", discountType: "percentage", amount: 20, productIds: [] };
  expect(readCouponAnswer(200, { status: "valid", coupon })).toEqual({ kind: "valid", coupon });
  expect(readCouponAnswer(200, { status: "unknown" })).toEqual({ kind: "unknown" });
  for (const message of ["cart.couponLimit", "cart.couponUnavailable", "cart.couponExpired"])
    expect(readCouponAnswer(200, { status: "limit", message })).toEqual({
      kind: "refused",
      message,
    });
  // A code that cannot be a name is refused by the server as malformed: red, nothing said.
  expect(readCouponAnswer(400, { error: { code: "request.invalid" } })).toEqual({
    kind: "unknown",
  });
  expect(readCouponAnswer(429, { error: { code: "request.tooMany" } })).toEqual({
    kind: "failed",
  });
  expect(readCouponAnswer(500, null)).toEqual({ kind: "failed" });
  expect(readCouponAnswer(200, { status: "valid", coupon: { name: "X" } })).toEqual({
    kind: "failed",
  });
  expect(readCouponAnswer(200, { status: "limit", message: "<b>hi</b>" })).toEqual({
    kind: "failed",
  });
});
