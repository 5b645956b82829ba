// Spec §5 and §8, checklist C3: whether a coupon that exists may be used now, as a pure function
// of the stored row, the moment and the person's prior orders (read apart, in queries.server.ts).

export type CouponLimits = {
  usageLimit: number;
  usageCount: number;
  perUserLimit: number;
  dateStart: Date | null;
  dateEnd: Date | null;
};

/** Why a coupon that exists is refused; the toasts `cart.couponLimit|Unavailable|Expired`. */
export type CouponRefusal = "limit" | "unavailable" | "expired";

/** Whether the person's prior orders must be counted: only for a signed-in person and a limit. */
export function countsPriorOrders(coupon: CouponLimits, userId: string | null): boolean {
  return userId !== null && coupon.perUserLimit > 0;
}

/**
 * The refusal, or null when the coupon applies, in the spec's order:
 * 1. usage_limit > 0 and usage_count has reached it → limit;
 * 2. the start date is in the future (a start exactly now has started) → unavailable;
 * 3. the end date is past (an end exactly now has not passed yet) → expired;
 * 4. a signed-in person's prior orders with it reach per_user_limit (> 0) → limit.
 * `priorOrders` is null for a visitor who is not signed in (no per-person limit applies).
 */
export function couponRefusal(
  coupon: CouponLimits,
  { now, priorOrders }: { now: Date; priorOrders: number | null },
): CouponRefusal | null {
  if (coupon.usageLimit > 0 && coupon.usageCount >= coupon.usageLimit) return "limit";
  if (coupon.dateStart && coupon.dateStart.getTime() > now.getTime()) return "unavailable";
  if (coupon.dateEnd && coupon.dateEnd.getTime() < now.getTime()) return "expired";
  if (coupon.perUserLimit > 0 && priorOrders !== null && priorOrders >= coupon.perUserLimit)
    return "limit";
  return null;
}

/** The translation key of a refusal's toast (spec §8). */
export const refusalMessage: Record<CouponRefusal, string> = {
  limit: "cart.couponLimit",
  unavailable: "cart.couponUnavailable",
  expired: "cart.couponExpired",
};
