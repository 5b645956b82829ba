// PayPal's rule for a cart with a subscription, apart from its SDK: checkout checks it before
// the adapter (and its SDK, loaded on first use: providers.server.ts) is needed.
import { AppError } from "~/platform/errors";
import type { StartInput, StartItem } from "./payment-types";

/**
 * The cart's recurring line, or null for a cart of one-time items. A PayPal subscription is one
 * plan: a second subscription, or one-time items beside it (a setup fee would be charged even
 * through a trial and refunded apart), are refused rather than silently dropped.
 */
export function recurringLine(input: Pick<StartInput, "items">): StartItem | null {
  const recurring = input.items.filter((item) => item.recurring);
  if (recurring.length === 0) return null;
  if (recurring.length > 1) throw new AppError({ code: "payment.oneSubscription" });
  if (input.items.length > 1) throw new AppError({ code: "payment.subscriptionAlone" });
  return recurring[0]!;
}
