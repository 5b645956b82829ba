// Razorpay Subscriptions for a cart with a recurring item (decision 033): a Plan, a Subscription
// whose authentication transaction in Checkout's modal is the checkout's payment, then one
// `subscription.charged` per later period.
//
// The subscription always starts in the future (`start_at`): after the trial when there is one,
// else at the end of the first period. Razorpay then charges at authentication exactly the
// upfront amount given as an addon (its documented "future start + upfront" case), and we make
// that the order's total: the first period with its coupon, and any one-time items beside it
// (after a trial: the one-time items only; with nothing upfront Razorpay takes a refunded token
// amount). So the checkout's payment never pays a plan cycle, and every cycle Razorpay charges
// (`paid_count` ≥ 1) is a renewal.
import { createHash } from "node:crypto";
import type Razorpay from "razorpay";
import { AppError } from "~/platform/errors";
import type { StartInput, StartItem } from "./payment-types";

type Recurring = NonNullable<StartItem["recurring"]>;
export type RecurringItem = StartItem & { recurring: Recurring };

/**
 * Razorpay keeps a subscription for at most 100 years: "until cancelled" asks for the cycles of
 * 99, which leaves room for a start delayed by a trial or a first period.
 */
const UNTIL_CANCELLED_YEARS = 99;
/** The most one listing returns (Razorpay's page limit): recent plans and subscriptions. */
const PAGE = 100;

/**
 * The cart's recurring item, or null when Razorpay's Orders API is the way: no recurring item,
 * or one whose single payment is the checkout's (nothing recurs). A subscription has one plan,
 * so a second recurring item is refused.
 */
export function recurringItem(input: Pick<StartInput, "items">): RecurringItem | null {
  const recurring = input.items.filter((item): item is RecurringItem => Boolean(item.recurring));
  if (recurring.length > 1) throw new AppError({ code: "payment.oneSubscription" });
  const [item] = recurring;
  if (!item || item.recurring.iterations === 1) return null;
  return item;
}

/** The end of one of the item's periods from `from` (calendar months, as orders count them). */
function periodAfter(from: Date, recurring: Recurring): Date {
  const end = new Date(from);
  const count = Math.max(1, recurring.intervalCount);
  if (recurring.interval === "year") end.setUTCFullYear(end.getUTCFullYear() + count);
  else end.setUTCMonth(end.getUTCMonth() + count);
  return end;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** What the subscription is asked for: its plan, how many cycles, when, and what is paid now. */
export function subscriptionTerms(input: StartInput, item: RecurringItem, now: Date) {
  const { recurring } = item;
  const trial = recurring.trialDays > 0;
  const period: "monthly" | "yearly" = recurring.interval === "year" ? "yearly" : "monthly";
  const interval = Math.max(1, recurring.intervalCount);
  const monthsPerCycle = interval * (period === "yearly" ? 12 : 1);
  const iterations = recurring.iterations ?? 0;
  // Without a trial the checkout paid the first period, so Razorpay charges the others.
  const totalCount =
    iterations > 0
      ? iterations - (trial ? 0 : 1)
      : Math.max(1, Math.floor((UNTIL_CANCELLED_YEARS * 12) / monthsPerCycle));
  const startAt = trial
    ? new Date(now.getTime() + recurring.trialDays * 86_400_000)
    : periodAfter(now, recurring);
  const upfront = Math.max(0, input.total - (trial ? item.amount * item.quantity : 0));
  return {
    plan: {
      period,
      interval,
      item: {
        name: item.title.slice(0, 250) || `Order ${input.orderNumber}`,
        amount: item.amount,
        currency: input.currency,
      },
    },
    totalCount,
    quantity: Math.max(1, item.quantity),
    startAt: seconds(startAt),
    upfront,
  };
}

type PlanRequest = ReturnType<typeof subscriptionTerms>["plan"];

/**
 * The account's plan for this price and period: found by the key kept in its notes, else made.
 * Razorpay plans cannot be changed or deleted, so one per price is reused by every checkout.
 */
async function planFor(razorpay: Razorpay, plan: PlanRequest): Promise<string> {
  const key = createHash("sha256")
    .update(JSON.stringify([plan.period, plan.interval, plan.item]))
    .digest("hex")
    .slice(0, 32);
  const recent = await razorpay.plans.all({ count: PAGE });
  const known = recent.items.find((candidate) => candidate.notes?.lyceum_plan === key);
  if (known) return known.id;
  const made = await razorpay.plans.create({ ...plan, notes: { lyceum_plan: key } });
  return made.id;
}

/**
 * The order's subscription at Razorpay: the one a checkout sent again already made (its notes
 * name the order and the buyer has not authenticated it yet), else a new one.
 */
export async function startRazorpaySubscription(
  razorpay: Razorpay,
  input: StartInput,
  item: RecurringItem,
  now = new Date(),
): Promise<{ id: string; upfront: number }> {
  const terms = subscriptionTerms(input, item, now);
  const planId = await planFor(razorpay, terms.plan);
  const made = await razorpay.subscriptions.all({ plan_id: planId, count: PAGE });
  const again = made.items.find(
    (subscription) =>
      subscription.notes?.order_id === input.orderId && subscription.status === "created",
  );
  if (again) return { id: again.id, upfront: terms.upfront };
  const subscription = await razorpay.subscriptions.create({
    plan_id: planId,
    total_count: terms.totalCount,
    quantity: terms.quantity,
    start_at: terms.startAt,
    customer_notify: 1,
    ...(terms.upfront > 0 && {
      addons: [
        {
          item: {
            name: `Order ${input.orderNumber}`,
            amount: terms.upfront,
            currency: input.currency,
          },
        },
      ],
    }),
    notes: {
      order_id: input.orderId,
      order_number: String(input.orderNumber),
      account_id: input.accountId,
    },
  });
  return { id: subscription.id, upfront: terms.upfront };
}
