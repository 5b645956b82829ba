// Client-safe shapes of what the orders screens show (a member's orders and subscriptions, the
// shop's orders, customers, subscriptions and revenue) and how their query strings are read.
// Amounts are integers in the currency's minor units, as on the server; dates are ISO strings.
import { z } from "zod";
import {
  orderProviders,
  orderStatuses,
  subscriptionStatuses,
  type OrderProvider,
  type OrderStatus,
  type SubscriptionStatus,
} from "./order-shapes";

export const ORDERS_PAGE_SIZE = 25;

export type OrderLine = {
  title: string;
  quantity: number;
  /** Unit amount (minor). */
  amount: number;
  billing: string;
  frequency: { value: number; parameter: "month" | "year" } | null;
};

/** An order as its buyer sees it. */
export type MemberOrder = {
  id: string;
  number: number;
  createdAt: string;
  status: OrderStatus;
  provider: OrderProvider;
  currency: string;
  subtotal: number;
  discount: number;
  total: number;
  /** The first charge of its subscriptions still in a trial, taken when the trial ends. */
  dueLater: number;
  refunded: number;
  coupon: string | null;
  items: OrderLine[];
  /**
   * A pending bank transfer: the site's instructions as the order keeps them ("" when the site
   * wrote none); null for any other order.
   */
  instructions: string | null;
  /** The renewal of an offline subscription: the date to pay it by (its period's end). */
  dueAt: string | null;
  /** A subscription's later payment rather than a checkout. */
  renewal: boolean;
};

export type SubscriptionView = {
  id: string;
  orderId: string;
  orderNumber: number;
  title: string;
  status: SubscriptionStatus;
  provider: OrderProvider;
  amount: number;
  currency: string;
  interval: string;
  paymentsLeft: number | null;
  /** The next renewal (or the end of a trial, or of the last paid period). */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  buyer: { name: string; email: string };
};

/** A subscription may still be told to stop at the end of its period. */
export const cancellable = (s: Pick<SubscriptionView, "status" | "cancelAtPeriodEnd">) =>
  !s.cancelAtPeriodEnd &&
  (s.status === "trialing" || s.status === "active" || s.status === "past_due");

export type ShopOrderRow = {
  id: string;
  number: number;
  createdAt: string;
  status: OrderStatus;
  provider: OrderProvider;
  currency: string;
  total: number;
  email: string;
  name: string | null;
  items: number;
};

export type OrderEventView = {
  id: string;
  fromStatus: string | null;
  toStatus: string;
  cause: string;
  /** Money the move moved (a refund, whole or a part), in the order's minor units. */
  amount: number | null;
  createdAt: string;
};

/** The drawer of one order (managers). */
export type OrderDetail = MemberOrder & {
  email: string;
  name: string | null;
  paidAt: string | null;
  fulfilledAt: string | null;
  closedAt: string | null;
  failureReason: string | null;
  events: OrderEventView[];
};

export type CustomerRow = {
  userId: string;
  name: string | null;
  email: string;
  orders: number;
  /** What paid and fulfilled orders came to, per currency (minor). */
  spent: { currency: string; amount: number }[];
  lastOrderAt: string;
};

export const revenuePeriods = ["30d", "90d", "365d"] as const;
export type RevenuePeriod = (typeof revenuePeriods)[number];
export const revenuePeriodDays: Record<RevenuePeriod, number> = {
  "30d": 30,
  "90d": 90,
  "365d": 365,
};

export type RevenueReport = {
  period: RevenuePeriod;
  currency: string;
  /** Every currency the shop has orders or subscriptions in (the report's choices). */
  currencies: string[];
  /** One point per day of the period, oldest first (YYYY-MM-DD, UTC). */
  days: { day: string; revenue: number; orders: number; mrr: number }[];
  totals: {
    revenue: number;
    orders: number;
    refunded: number;
    /** Today's MRR: active subscriptions, monthly amounts plus annual ones / 12. */
    mrr: number;
    activeSubscriptions: number;
  };
};

export const shopTabs = ["orders", "customers", "subscriptions", "revenue"] as const;
export type ShopTab = (typeof shopTabs)[number];

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
  .nullable()
  .catch(null);
const text = z
  .string()
  .max(200)
  .transform((value) => value.trim())
  .catch("");
const page = z.coerce.number().int().min(1).max(100_000).catch(1);
const uuid = z.uuid().nullable().catch(null);

/** The shop screen's query string: anything unknown or malformed falls back to the default. */
export const shopQuerySchema = z.object({
  tab: z.enum(shopTabs).catch("orders"),
  q: text,
  status: z.enum(orderStatuses).nullable().catch(null),
  provider: z.enum(orderProviders).nullable().catch(null),
  from: day,
  to: day,
  page,
  order: uuid,
  subscriptionStatus: z.enum(subscriptionStatuses).nullable().catch(null),
  period: z.enum(revenuePeriods).catch("30d"),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable()
    .catch(null),
});
export type ShopQuery = z.infer<typeof shopQuerySchema>;

export function parseShopQuery(search: URLSearchParams): ShopQuery {
  const get = (key: string) => search.get(key) ?? undefined;
  return shopQuerySchema.parse({
    tab: get("tab"),
    q: get("q") ?? "",
    status: get("status") ?? null,
    provider: get("provider") ?? null,
    from: get("from") ?? null,
    to: get("to") ?? null,
    page: get("page"),
    order: get("order") ?? null,
    subscriptionStatus: get("subscriptionStatus") ?? null,
    period: get("period"),
    currency: get("currency")?.toUpperCase() ?? null,
  });
}

export type Paged<T> = { rows: T[]; total: number; page: number; pageSize: number };

export type MemberOrdersScreen = {
  view: "member";
  orders: MemberOrder[];
  subscriptions: SubscriptionView[];
};

export type ShopScreen = {
  view: "shop";
  query: ShopQuery;
  orders: Paged<ShopOrderRow> | null;
  detail: OrderDetail | null;
  customers: Paged<CustomerRow> | null;
  subscriptions: Paged<SubscriptionView> | null;
  revenue: RevenueReport | null;
  /** What a manual order may be recorded for (published products). */
  products: { id: string; title: string }[];
};

export type OrdersScreen = MemberOrdersScreen | ShopScreen;

/** The cancel of a subscription, sent by the screen to its own action. */
export const cancelSubscriptionSchema = z
  .object({ intent: z.literal("cancelSubscription"), subscriptionId: z.uuid() })
  .strict();
