import { z } from "zod";

/** Payload limits: a beacon is small; anything bigger is not ours. */
export const MAX_BODY_BYTES = 16 * 1024;

export const deviceTypes = ["mobile", "tablet", "desktop"] as const;
export type DeviceType = (typeof deviceTypes)[number];

const label = (max: number) => z.string().trim().min(1).max(max);

/** Coarse device facts only; unknown keys are dropped, so nothing else can be stored. */
export const deviceInfoSchema = z.object({
  browser: label(40),
  platform: label(40),
  screenWidth: z.number().int().min(0).max(20_000),
  screenHeight: z.number().int().min(0).max(20_000),
  deviceType: z.enum(deviceTypes),
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

/** A site path, kept without its query string or fragment (they may carry tokens or e-mails). */
const pathSchema = z
  .string()
  .max(2000)
  .regex(/^\//)
  .transform((path) => path.split(/[?#]/)[0]!.slice(0, 500));

/** Spec §7: POST /api/funnel/start. */
export const funnelStartSchema = z.object({
  utm_source: label(200),
  utm_medium: label(200),
  utm_campaign: label(200),
  initial_page: pathSchema,
  account_id: z.uuid(),
  deviceInfo: deviceInfoSchema,
});
export type FunnelStartInput = z.infer<typeof funnelStartSchema>;

/** GA4's ecommerce item, the shape the cart's `lyceum:add-to-cart` event carries. */
export const cartItemSchema = z.object({
  item_id: z.union([z.string().trim().min(1).max(100), z.number()]).transform(String),
  item_name: label(200),
  price: z.number().min(0).max(1e9),
  quantity: z.number().int().min(1).max(10_000),
});
export type CartItem = z.infer<typeof cartItemSchema>;

const common = {
  tenant_id: z.uuid(),
  session_id: z.uuid().nullish(),
};

export const pageViewSchema = z.object({
  name: z.literal("page_view"),
  ...common,
  path: pathSchema,
  referrer: z.string().max(2000).nullish(),
  device_type: z.enum(deviceTypes).nullish(),
});

/** GA4's ecommerce fields, the same for every commerce event (values in major units). */
const ecommerce = {
  path: pathSchema.nullish(),
  currency: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{3}$/)
    .transform((code) => code.toUpperCase()),
  value: z.number().min(0).max(1e9),
  items: z.array(cartItemSchema).min(1).max(50),
};

export const addToCartSchema = z.object({
  name: z.literal("add_to_cart"),
  ...common,
  ...ecommerce,
});

/** GA4's transaction_id: the order's id, visible ASCII without spaces (a uuid today). */
export const transactionIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\x21-\x7e]+$/);

/** The thank-you page's `lyceum:purchase` event: one per order, stored once per transaction_id. */
export const purchaseSchema = z.object({
  name: z.literal("purchase"),
  ...common,
  transaction_id: transactionIdSchema,
  ...ecommerce,
});

/** POST /api/analytics/collect: one page view or one event. */
export const collectSchema = z.discriminatedUnion("name", [
  pageViewSchema,
  addToCartSchema,
  purchaseSchema,
]);
export type CollectInput = z.infer<typeof collectSchema>;

const day = z.iso.date();
const DAY_MS = 86_400_000;
export const MAX_SUMMARY_DAYS = 366;

/** GET /api/analytics/summary?from=&to= (UTC days, inclusive); the last 30 days by default. */
export const summaryQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .transform(({ from, to }) => {
    const end = to ?? new Date().toISOString().slice(0, 10);
    const start = from ?? new Date(Date.parse(end) - 29 * DAY_MS).toISOString().slice(0, 10);
    return { from: start, to: end };
  })
  .refine(({ from, to }) => from <= to, { message: "from must not be after to" })
  .refine(({ from, to }) => (Date.parse(to) - Date.parse(from)) / DAY_MS < MAX_SUMMARY_DAYS, {
    message: `at most ${MAX_SUMMARY_DAYS} days`,
  });
export type SummaryQuery = z.infer<typeof summaryQuerySchema>;

export type AnalyticsSummary = {
  from: string;
  to: string;
  pageViews: number;
  /** One entry per day of the range, zeros included. */
  pageViewsByDay: { day: string; count: number }[];
  topPaths: { path: string; count: number }[];
  addToCart: number;
  /** Purchases (one per transaction_id) and their value per currency, in major units. */
  purchases: number;
  revenue: { currency: string; value: number }[];
  funnelSessions: number;
};
