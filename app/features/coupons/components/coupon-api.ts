import type { CouponRow } from "../coupon-shapes";

/** A refused write: its catalogue code and, for a 400, the fields at fault. */
export class CouponApiError extends Error {
  readonly code: string;
  readonly fields: { path: string; code: string; origin?: string }[];
  constructor(code: string, fields: CouponApiError["fields"] = []) {
    super(code);
    this.code = code;
    this.fields = fields;
  }
}

async function call<T>(path: string, init: { method: string; body?: unknown }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method,
      headers: init.body === undefined ? undefined : { "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
    });
  } catch {
    throw new CouponApiError("network");
  }
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: string; details?: unknown };
  } | null;
  if (!response.ok) {
    const details = body?.error?.details;
    throw new CouponApiError(
      body?.error?.code ?? "server.internal",
      Array.isArray(details) ? (details as CouponApiError["fields"]) : [],
    );
  }
  return body as T;
}

/** What the editor sends: the manager's fields (usage_count is never sent). */
export type CouponInput = {
  name: string;
  discountType: "flat" | "percentage";
  amount: number;
  usageLimit: number;
  perUserLimit: number;
  dateStart: string | null;
  dateEnd: string | null;
  productIds: string[];
};

/** The manager's writes, through the coupons API (`/api/coupons`). */
export const couponApi = {
  create: (input: CouponInput) => call<CouponRow>("/api/coupons", { method: "POST", body: input }),
  update: (id: string, input: Partial<CouponInput>) =>
    call<CouponRow>(`/api/coupons/${encodeURIComponent(id)}`, { method: "PATCH", body: input }),
  remove: (id: string) =>
    call<{ deleted: string }>(`/api/coupons/${encodeURIComponent(id)}`, { method: "DELETE" }),
};
