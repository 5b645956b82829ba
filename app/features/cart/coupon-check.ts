import { parseCartCoupon, type CartCoupon } from "./validation";

/** The toasts a refusal may name (spec §8); anything else in an answer is ignored. */
export const couponRefusalMessages = [
  "cart.couponLimit",
  "cart.couponUnavailable",
  "cart.couponExpired",
] as const;
export type CouponRefusalMessage = (typeof couponRefusalMessages)[number];

export type CouponAnswer =
  | { kind: "valid"; coupon: CartCoupon }
  /** No coupon of that name (or not a possible name): the field turns red, nothing is said. */
  | { kind: "unknown" }
  | { kind: "refused"; message: CouponRefusalMessage }
  /** The check did not happen (offline, too many checks, the server failed). */
  | { kind: "failed" };

/** What an answer of `POST /api/coupons/check` means, read by hand (no zod on public pages). */
export function readCouponAnswer(status: number, body: unknown): CouponAnswer {
  if (status === 400) return { kind: "unknown" };
  if (status !== 200 || !body || typeof body !== "object") return { kind: "failed" };
  const answer = body as { status?: unknown; coupon?: unknown; message?: unknown };
  if (answer.status === "valid") {
    const coupon = parseCartCoupon(answer.coupon);
    return coupon ? { kind: "valid", coupon } : { kind: "failed" };
  }
  if (answer.status === "unknown") return { kind: "unknown" };
  const message = couponRefusalMessages.find((known) => known === answer.message);
  return message ? { kind: "refused", message } : { kind: "failed" };
}

/** C2: asks the site whether the code is a coupon the visitor may use now. */
export async function checkCouponCode(name: string): Promise<CouponAnswer> {
  try {
    const response = await fetch("/api/coupons/check", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name }),
      credentials: "same-origin",
    });
    const body: unknown = await response.json().catch(() => null);
    return readCouponAnswer(response.status, body);
  } catch {
    return { kind: "failed" };
  }
}
