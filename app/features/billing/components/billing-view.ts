import type { BillingScreen } from "../billing.server";

/** What the billing screen's loader sends (dates as ISO strings). */
export type BillingView = BillingScreen;
