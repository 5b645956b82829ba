// PayPal's subscriptions for the local PayPal: Catalog Products, Billing Plans, Subscriptions
// (approved on PayPal's page, active at once, billed cycle by cycle by `renew`, cancelled) and
// the v1 sales they make and refund, with the webhooks PayPal sends for each.
import {
  escapeHtml,
  fakeId,
  html,
  json,
  redirect,
  type createRouter,
  type FakeRequest,
  type FakeResponse,
} from "./fake-kit.ts";

type Record_ = Record<string, any>;
type Handler = (request: FakeRequest, clientId: string) => FakeResponse | Promise<FakeResponse>;

export type SubscriptionKit = {
  router: ReturnType<typeof createRouter>;
  /** A bearer-token route; PayPal-Request-Id answered once per client. */
  api: (method: string, path: string, handler: Handler) => void;
  emit: (
    target: { webhookUrl?: unknown; [key: string]: unknown },
    type: string,
    resourceType: string,
    resource: unknown,
    resourceVersion?: string,
  ) => Promise<void>;
  baseUrl: () => string;
  paypalError: (status: number, name: string, issue: string) => FakeResponse;
};

type Subscription = {
  data: Record_;
  clientId: string;
  cycles: Record_[];
  returnUrl: string;
  cancelUrl: string;
  webhookUrl: string;
  baToken: string;
  token: string;
  threshold: number;
  nextBilling: Date;
};

const upperId = (length: number) =>
  `${fakeId("")}${fakeId("")}`
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, length);
const now = () => new Date().toISOString();
/** Minor units of a decimal string, keeping its own decimals (fake money is 2-digit). */
const cents = (value: string) => Math.round(Number(value) * 100);
const decimal = (amount: number) => (amount / 100).toFixed(2);

function addInterval(from: Date, frequency: Record_): Date {
  const next = new Date(from);
  const count = Number(frequency.interval_count ?? 1);
  switch (frequency.interval_unit) {
    case "DAY":
      next.setUTCDate(next.getUTCDate() + count);
      break;
    case "WEEK":
      next.setUTCDate(next.getUTCDate() + 7 * count);
      break;
    case "YEAR":
      next.setUTCFullYear(next.getUTCFullYear() + count);
      break;
    default:
      next.setUTCMonth(next.getUTCMonth() + count);
  }
  return next;
}

const intervalLimits: Record<string, number> = { DAY: 365, WEEK: 52, MONTH: 12, YEAR: 1 };

/** What PayPal refuses in a plan's billing cycles, as its issue name; null when it is sound. */
function cyclesIssue(cycles: unknown): string | null {
  if (!Array.isArray(cycles) || cycles.length === 0) return "MISSING_REQUIRED_PARAMETER";
  const sorted = [...(cycles as Record_[])].sort((a, b) => a.sequence - b.sequence);
  if (sorted.some((cycle, index) => cycle.sequence !== index + 1)) return "INVALID_SEQUENCE";
  const regular = sorted.filter((cycle) => cycle.tenure_type === "REGULAR");
  const trial = sorted.filter((cycle) => cycle.tenure_type === "TRIAL");
  if (regular.length !== 1 || trial.length > 2 || regular.length + trial.length !== sorted.length)
    return "INVALID_BILLING_CYCLE";
  if (sorted.at(-1)!.tenure_type !== "REGULAR") return "INVALID_BILLING_CYCLE_SEQUENCE";
  if (!regular[0]!.pricing_scheme?.fixed_price) return "MISSING_REQUIRED_PARAMETER";
  for (const cycle of sorted) {
    const { interval_unit: unit, interval_count: count = 1 } = cycle.frequency ?? {};
    const limit = intervalLimits[unit as string];
    if (!limit || !Number.isInteger(count) || count < 1 || count > limit)
      return "INVALID_INTERVAL_COUNT";
    if (!Number.isInteger(cycle.total_cycles ?? 1) || (cycle.total_cycles ?? 1) < 0)
      return "INVALID_TOTAL_CYCLES";
    if (cycle.tenure_type === "TRIAL" && (cycle.total_cycles ?? 1) === 0)
      return "INVALID_TOTAL_CYCLES";
  }
  return null;
}

const v1Error = (status: number, name: string, message: string) =>
  json(status, {
    name,
    message,
    information_link: `https://developer.paypal.com/docs/api/payments/v1/#error-${name}`,
    debug_id: fakeId("dbg").toUpperCase(),
  });

export function addSubscriptionRoutes({
  router,
  api,
  emit,
  baseUrl,
  paypalError,
}: SubscriptionKit) {
  const products = new Map<string, Record_>(); // client id + product id → product
  const plans = new Map<string, Record_ & { clientId: string }>();
  const subscriptions = new Map<string, Subscription>();
  const sales = new Map<string, Record_ & { clientId: string; refunded: number }>();
  const notFound = () => paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");

  const view = (sub: Subscription) => structuredClone(sub.data);
  const saleView = (sale: Record_) => {
    const { clientId: _c, refunded: _r, ...rest } = sale;
    return structuredClone(rest);
  };
  const planView = (plan: Record_) => {
    const { clientId: _c, ...rest } = plan;
    return structuredClone(rest);
  };

  // Catalog Products.
  api("POST", "/v1/catalogs/products", ({ body }, clientId) => {
    const input = JSON.parse(body || "{}") as Record_;
    if (!input.name || !["PHYSICAL", "DIGITAL", "SERVICE"].includes(input.type))
      return paypalError(400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER");
    const id = String(input.id ?? `PROD-${upperId(17)}`);
    if (!/^[A-Za-z0-9_-]{6,50}$/.test(id))
      return paypalError(400, "INVALID_REQUEST", "INVALID_PARAMETER_SYNTAX");
    if (products.has(`${clientId} ${id}`))
      return paypalError(422, "UNPROCESSABLE_ENTITY", "DUPLICATE_RESOURCE_IDENTIFIER");
    const product = {
      id,
      name: String(input.name).slice(0, 127),
      description: input.description,
      type: input.type,
      category: input.category,
      create_time: now(),
      update_time: now(),
      links: [
        { href: `${baseUrl()}/v1/catalogs/products/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl()}/v1/catalogs/products/${id}`, rel: "edit", method: "PATCH" },
      ],
    };
    products.set(`${clientId} ${id}`, product);
    return json(201, product);
  });
  api("GET", "/v1/catalogs/products/:id", ({ params }, clientId) => {
    const product = products.get(`${clientId} ${params.id}`);
    return product ? json(200, product) : notFound();
  });

  // Billing Plans.
  api("POST", "/v1/billing/plans", ({ body, headers }, clientId) => {
    const input = JSON.parse(body || "{}") as Record_;
    if (!input.product_id || !input.name || !input.payment_preferences)
      return paypalError(400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER");
    if (!products.has(`${clientId} ${input.product_id}`))
      return paypalError(422, "UNPROCESSABLE_ENTITY", "INVALID_PRODUCT_ID");
    const issue = cyclesIssue(input.billing_cycles);
    if (issue) return paypalError(400, "INVALID_REQUEST", issue);
    const id = `P-${upperId(24)}`;
    const cycles = (input.billing_cycles as Record_[])
      .map((cycle) => ({
        ...cycle,
        total_cycles: cycle.total_cycles ?? 1,
        ...(cycle.pricing_scheme && {
          pricing_scheme: { version: 1, ...cycle.pricing_scheme, create_time: now() },
        }),
      }))
      .sort((a, b) => a.sequence - b.sequence);
    const currency = cycles.find((cycle) => cycle.pricing_scheme)!.pricing_scheme.fixed_price
      .currency_code as string;
    const plan = {
      id,
      clientId,
      product_id: input.product_id,
      name: input.name,
      status: input.status ?? "ACTIVE",
      description: input.description,
      usage_type: "LICENSED",
      billing_cycles: cycles,
      payment_preferences: {
        service_type: "PREPAID",
        auto_bill_outstanding: input.payment_preferences.auto_bill_outstanding ?? true,
        setup_fee: input.payment_preferences.setup_fee ?? { value: "0", currency_code: currency },
        setup_fee_failure_action: input.payment_preferences.setup_fee_failure_action ?? "CANCEL",
        payment_failure_threshold: input.payment_preferences.payment_failure_threshold ?? 0,
      },
      taxes: { percentage: "0", inclusive: false },
      quantity_supported: false,
      create_time: now(),
      update_time: now(),
      links: [
        { href: `${baseUrl()}/v1/billing/plans/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl()}/v1/billing/plans/${id}`, rel: "edit", method: "PATCH" },
      ],
    };
    plans.set(id, plan);
    const minimal = String(headers.prefer ?? "").includes("return=minimal");
    const { billing_cycles: _b, payment_preferences: _p, taxes: _t, ...brief } = planView(plan);
    return json(201, minimal ? brief : planView(plan));
  });
  api("GET", "/v1/billing/plans/:id", ({ params }, clientId) => {
    const plan = plans.get(params.id!);
    return plan && plan.clientId === clientId ? json(200, planView(plan)) : notFound();
  });

  // Subscriptions.
  api("POST", "/v1/billing/subscriptions", ({ body }, clientId) => {
    const input = JSON.parse(body || "{}") as Record_;
    const plan = plans.get(String(input.plan_id));
    if (!input.plan_id || !input.application_context?.return_url)
      return paypalError(400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER");
    if (!plan || plan.clientId !== clientId)
      return paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    if (plan.status !== "ACTIVE")
      return paypalError(422, "UNPROCESSABLE_ENTITY", "PLAN_STATUS_INVALID");
    const id = `I-${upperId(12)}`;
    const baToken = `BA-${upperId(17)}`;
    const self = `${baseUrl()}/v1/billing/subscriptions/${id}`;
    const returnUrl = String(input.application_context.return_url);
    const sub: Subscription = {
      clientId,
      cycles: plan.billing_cycles as Record_[],
      returnUrl,
      cancelUrl: String(input.application_context.cancel_url ?? returnUrl),
      webhookUrl: `${new URL(returnUrl).origin}/api/payments/webhooks/paypal`,
      baToken,
      token: upperId(17),
      threshold: Number(plan.payment_preferences.payment_failure_threshold ?? 0),
      nextBilling: new Date(),
      data: {
        id,
        plan_id: plan.id,
        status: "APPROVAL_PENDING",
        status_update_time: now(),
        custom_id: input.custom_id,
        start_time: input.start_time ?? now(),
        quantity: String(input.quantity ?? "1"),
        subscriber: { email_address: input.subscriber?.email_address },
        create_time: now(),
        plan_overridden: false,
        links: [
          {
            href: `${baseUrl()}/webapps/billing/subscriptions?ba_token=${baToken}`,
            rel: "approve",
            method: "GET",
          },
          { href: self, rel: "edit", method: "PATCH" },
          { href: self, rel: "self", method: "GET" },
        ],
      },
    };
    subscriptions.set(id, sub);
    void emit(sub, "BILLING.SUBSCRIPTION.CREATED", "subscription", view(sub));
    return json(201, view(sub));
  });

  const ownSubscription = (id: string, clientId: string) => {
    const sub = subscriptions.get(id);
    return sub && sub.clientId === clientId ? sub : null;
  };

  api("GET", "/v1/billing/subscriptions/:id", ({ params }, clientId) => {
    const sub = ownSubscription(params.id!, clientId);
    return sub ? json(200, view(sub)) : notFound();
  });

  api("POST", "/v1/billing/subscriptions/:id/cancel", ({ params, body }, clientId) => {
    const sub = ownSubscription(params.id!, clientId);
    if (!sub) return notFound();
    const input = body ? (JSON.parse(body) as Record_) : {};
    if (typeof input.reason !== "string" || !input.reason)
      return paypalError(400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER");
    if (!["ACTIVE", "SUSPENDED", "APPROVED"].includes(sub.data.status))
      return paypalError(422, "UNPROCESSABLE_ENTITY", "SUBSCRIPTION_STATUS_INVALID");
    end(sub, "CANCELLED", input.reason);
    void emit(sub, "BILLING.SUBSCRIPTION.CANCELLED", "subscription", view(sub));
    return { status: 204, body: "", headers: {} };
  });

  api("GET", "/v1/billing/subscriptions/:id/transactions", ({ params, query }, clientId) => {
    const sub = ownSubscription(params.id!, clientId);
    if (!sub) return notFound();
    const from = Date.parse(query.get("start_time") ?? "");
    const to = Date.parse(query.get("end_time") ?? "");
    if (Number.isNaN(from) || Number.isNaN(to) || from > to)
      return paypalError(400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE");
    const status: Record<string, string> = {
      completed: "COMPLETED",
      refunded: "REFUNDED",
      partially_refunded: "PARTIALLY_REFUNDED",
    };
    const transactions = [...sales.values()]
      .filter((sale) => sale.billing_agreement_id === sub.data.id)
      .filter((sale) => {
        const at = Date.parse(sale.create_time as string);
        return at >= from && at <= to;
      })
      .map((sale) => ({
        status: status[sale.state as string] ?? "COMPLETED",
        id: sale.id,
        amount_with_breakdown: {
          gross_amount: { currency_code: sale.amount.currency, value: sale.amount.total },
          fee_amount: {
            currency_code: sale.transaction_fee.currency,
            value: sale.transaction_fee.value,
          },
          net_amount: {
            currency_code: sale.amount.currency,
            value: decimal(cents(sale.amount.total) - cents(sale.transaction_fee.value)),
          },
        },
        payer_name: { given_name: "Fake", surname: "Buyer" },
        payer_email: "buyer@example.com",
        time: sale.create_time,
      }));
    return json(200, {
      transactions,
      total_items: transactions.length,
      total_pages: 1,
      links: [],
    });
  });

  // The v1 sales a subscription's cycles make.
  api("GET", "/v1/payments/sale/:id", ({ params }, clientId) => {
    const sale = sales.get(params.id!);
    return sale && sale.clientId === clientId
      ? json(200, saleView(sale))
      : v1Error(404, "INVALID_RESOURCE_ID", "Requested resource ID was not found.");
  });

  api("POST", "/v1/payments/sale/:id/refund", ({ params, body }, clientId) => {
    const sale = sales.get(params.id!);
    if (!sale || sale.clientId !== clientId)
      return v1Error(404, "INVALID_RESOURCE_ID", "Requested resource ID was not found.");
    const whole = cents(sale.amount.total);
    const input = body ? (JSON.parse(body) as Record_) : {};
    const amount = input.amount ? cents(String(input.amount.total)) : whole - sale.refunded;
    if (sale.state === "refunded" || amount <= 0 || sale.refunded + amount > whole)
      return v1Error(400, "TRANSACTION_REFUSED", "The request was refused.");
    sale.refunded += amount;
    sale.state = sale.refunded >= whole ? "refunded" : "partially_refunded";
    sale.update_time = now();
    const id = upperId(17);
    const currency = sale.amount.currency as string;
    const refund = {
      id,
      create_time: now(),
      update_time: now(),
      state: "completed",
      amount: { total: decimal(amount), currency },
      refund_from_transaction_fee: { currency, value: "0.00" },
      total_refunded_amount: { value: decimal(sale.refunded), currency },
      refund_from_received_amount: { value: decimal(amount), currency },
      sale_id: sale.id,
      links: [
        { href: `${baseUrl()}/v1/payments/refund/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl()}/v1/payments/sale/${sale.id}`, rel: "sale", method: "GET" },
      ],
    };
    const sub = subscriptions.get(sale.billing_agreement_id as string)!;
    void emit(sub, "PAYMENT.SALE.REFUNDED", "refund", refund, "1.0");
    return json(201, refund);
  });

  function end(sub: Subscription, status: string, note?: string) {
    sub.data.status = status;
    sub.data.status_update_time = now();
    if (note) sub.data.status_change_note = note;
    if (sub.data.billing_info) delete sub.data.billing_info.next_billing_time;
  }

  /** The execution of the cycle due next, or none when every cycle is billed. */
  const dueCycle = (sub: Subscription) =>
    (sub.data.billing_info.cycle_executions as Record_[]).find(
      (execution) =>
        execution.total_cycles === 0 || execution.cycles_completed < execution.total_cycles,
    );

  /**
   * Bills the cycle due: a free one just runs; a priced one makes a sale (PAYMENT.SALE.COMPLETED)
   * or, refused, counts a failure (BILLING.SUBSCRIPTION.PAYMENT.FAILED; the plan's threshold
   * suspends it). With no cycle left the subscription expires.
   */
  async function bill(sub: Subscription, { fail = false } = {}) {
    const execution = dueCycle(sub);
    if (!execution) {
      end(sub, "EXPIRED");
      await emit(sub, "BILLING.SUBSCRIPTION.EXPIRED", "subscription", view(sub));
      return null;
    }
    const cycle = sub.cycles.find((c) => c.sequence === execution.sequence)!;
    const price = cycle.pricing_scheme?.fixed_price as Record_ | undefined;
    const info = sub.data.billing_info as Record_;
    let sale: (Record_ & { clientId: string; refunded: number }) | null = null;
    if (price && cents(price.value) > 0) {
      if (fail) {
        info.failed_payments_count += 1;
        info.last_failed_payment = {
          amount: { currency_code: price.currency_code, value: price.value },
          time: now(),
          reason_code: "PAYMENT_DENIED",
          next_payment_retry_time: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        };
        await emit(sub, "BILLING.SUBSCRIPTION.PAYMENT.FAILED", "subscription", view(sub));
        if (sub.threshold > 0 && info.failed_payments_count >= sub.threshold) {
          end(sub, "SUSPENDED", "Payment failure threshold reached");
          await emit(sub, "BILLING.SUBSCRIPTION.SUSPENDED", "subscription", view(sub));
        }
        return null;
      }
      const id = upperId(17);
      const fee = Math.round(cents(price.value) * 0.035) + 49;
      sale = {
        id,
        clientId: sub.clientId,
        refunded: 0,
        state: "completed",
        amount: {
          total: price.value,
          currency: price.currency_code,
          details: { subtotal: price.value },
        },
        payment_mode: "INSTANT_TRANSFER",
        protection_eligibility: "ELIGIBLE",
        protection_eligibility_type: "ITEM_NOT_RECEIVED_ELIGIBLE,UNAUTHORIZED_PAYMENT_ELIGIBLE",
        transaction_fee: { value: decimal(fee), currency: price.currency_code },
        billing_agreement_id: sub.data.id,
        custom: sub.data.custom_id,
        create_time: now(),
        update_time: now(),
        links: [
          { href: `${baseUrl()}/v1/payments/sale/${id}`, rel: "self", method: "GET" },
          { href: `${baseUrl()}/v1/payments/sale/${id}/refund`, rel: "refund", method: "POST" },
        ],
      };
      sales.set(id, sale);
      info.last_payment = {
        amount: { currency_code: price.currency_code, value: price.value },
        time: now(),
      };
    }
    execution.cycles_completed += 1;
    if (execution.total_cycles > 0)
      execution.cycles_remaining = execution.total_cycles - execution.cycles_completed;
    sub.nextBilling = addInterval(sub.nextBilling, cycle.frequency);
    if (dueCycle(sub)) info.next_billing_time = sub.nextBilling.toISOString();
    else {
      delete info.next_billing_time;
      info.final_payment_time = now();
    }
    if (sale) await emit(sub, "PAYMENT.SALE.COMPLETED", "sale", saleView(sale), "1.0");
    return sale ? saleView(sale) : null;
  }

  /** The buyer approves on PayPal's page: active at once, its first cycle billed, back home. */
  async function approveSubscription(id: string) {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    if (sub.data.status === "APPROVAL_PENDING") {
      const currency = sub.cycles.find((c) => c.pricing_scheme)!.pricing_scheme.fixed_price
        .currency_code as string;
      Object.assign(sub.data, {
        status: "ACTIVE",
        status_update_time: now(),
        start_time: now(),
        subscriber: {
          ...sub.data.subscriber,
          payer_id: "FAKEPAYER",
          name: { given_name: "Fake", surname: "Buyer" },
        },
        billing_info: {
          outstanding_balance: { currency_code: currency, value: "0.00" },
          cycle_executions: sub.cycles.map((cycle) => ({
            tenure_type: cycle.tenure_type,
            sequence: cycle.sequence,
            cycles_completed: 0,
            cycles_remaining: cycle.total_cycles,
            current_pricing_scheme_version: 1,
            total_cycles: cycle.total_cycles,
          })),
          failed_payments_count: 0,
        },
      });
      sub.nextBilling = new Date();
      await bill(sub);
      await emit(sub, "BILLING.SUBSCRIPTION.ACTIVATED", "subscription", view(sub));
    }
    const back = new URL(sub.returnUrl);
    back.searchParams.set("subscription_id", sub.data.id);
    back.searchParams.set("ba_token", sub.baToken);
    back.searchParams.set("token", sub.token);
    return back.toString();
  }

  /** The next period comes due: billed (a sale), or refused with `fail`. */
  async function renew(id: string, { fail = false }: { fail?: boolean } = {}) {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    if (sub.data.status !== "ACTIVE") throw new Error(`subscription ${id} is ${sub.data.status}`);
    return bill(sub, { fail });
  }

  const byToken = (token: string | null) =>
    [...subscriptions.values()].find((sub) => sub.baToken === token);

  router.add("GET", "/webapps/billing/subscriptions", ({ query }) => {
    const sub = byToken(query.get("ba_token"));
    if (!sub) return html("<h1>Unknown subscription</h1>");
    const plan = plans.get(sub.data.plan_id as string)!;
    const terms = (plan.billing_cycles as Record_[])
      .map((cycle) => {
        const price = cycle.pricing_scheme?.fixed_price;
        const every = `${cycle.frequency.interval_count ?? 1} ${cycle.frequency.interval_unit}`;
        const amount = price ? `${price.value} ${price.currency_code}` : "free";
        const times = cycle.total_cycles === 0 ? "until cancelled" : `× ${cycle.total_cycles}`;
        return `<li data-testid="cycle">${escapeHtml(`${cycle.tenure_type}: ${amount} every ${every}, ${times}`)}</li>`;
      })
      .join("");
    return html(`<main><h1>Fake PayPal</h1><p>Subscribe to <strong data-testid="plan">${escapeHtml(String(plan.name))}</strong></p><ul>${terms}</ul>
      <form method="post" action="/webapps/billing/subscriptions/${sub.data.id}/approve"><button id="approve" type="submit">Agree &amp; subscribe</button></form>
      <form method="post" action="/webapps/billing/subscriptions/${sub.data.id}/cancel"><button id="cancel" type="submit">Cancel</button></form></main>`);
  });
  router.add("POST", "/webapps/billing/subscriptions/:id/approve", async ({ params }) =>
    redirect(await approveSubscription(params.id!)),
  );
  router.add("POST", "/webapps/billing/subscriptions/:id/cancel", ({ params }) => {
    const sub = subscriptions.get(params.id!);
    if (!sub) return html("<h1>Unknown subscription</h1>");
    const back = new URL(sub.cancelUrl);
    back.searchParams.set("subscription_id", sub.data.id);
    back.searchParams.set("ba_token", sub.baToken);
    back.searchParams.set("token", sub.token);
    return redirect(back.toString());
  });

  return {
    approveSubscription,
    renew,
    /** A subscription as the API shows it. */
    subscription: (id: string) => {
      const sub = subscriptions.get(id);
      return sub ? view(sub) : undefined;
    },
    plan: (id: string) => {
      const plan = plans.get(id);
      return plan ? planView(plan) : undefined;
    },
    sale: (id: string) => {
      const sale = sales.get(id);
      return sale ? saleView(sale) : undefined;
    },
  };
}
