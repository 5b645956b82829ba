-- Orders placed before 0029 recorded a trial's whole first period as charged at checkout, and
-- its first real charge again as a renewal order: revenue counted that period twice. Each such
-- order is split again by the rule placeOrder now applies (orders/order-shapes.ts chargeSplit,
-- decision 032): a subscription line whose provider starts it with its trial (Stripe, PayPal,
-- Razorpay; not Razorpay's single payment) is due later, the rest now; the discount comes off
-- today's charge first and what is left of it off the later one. Offline and manual orders took
-- no trial and are left alone, as are renewals. Running it again changes nothing: a split order
-- computes to itself. A refund never passes what was charged. FORCE row-level security would
-- hide every row from the owner, so it is lifted for the one statement that must see them all.
ALTER TABLE "orders" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "order_items" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
WITH "lines" AS (
  SELECT o."account_id", o."id", o."discount",
    coalesce(sum(i."amount" * i."quantity") FILTER (WHERE NOT "deferred"), 0) AS "now",
    coalesce(sum(i."amount" * i."quantity") FILTER (WHERE "deferred"), 0) AS "later"
  FROM "orders" o
  JOIN LATERAL (
    SELECT it.*, (it."billing" <> 'one_time' AND it."trial_days" > 0
      AND NOT (o."provider" = 'razorpay' AND it."iterations" = 1)) AS "deferred"
    FROM "order_items" it
    WHERE it."account_id" = o."account_id" AND it."order_id" = o."id"
  ) i ON true
  WHERE o."provider" IN ('stripe', 'paypal', 'razorpay') AND o."renewal_of" IS NULL
  GROUP BY o."account_id", o."id", o."discount"
  HAVING bool_or(i."deferred")
), "split" AS (
  SELECT "account_id", "id",
    "now" - least("discount", "now") AS "total",
    greatest(0, "later" - ("discount" - least("discount", "now"))) AS "due_later"
  FROM "lines"
)
UPDATE "orders" o
SET "total" = s."total", "due_later" = s."due_later", "refunded" = least(o."refunded", s."total")
FROM "split" s
WHERE o."account_id" = s."account_id" AND o."id" = s."id"
  AND (o."total", o."due_later") IS DISTINCT FROM (s."total", s."due_later");--> statement-breakpoint
ALTER TABLE "order_items" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "orders" FORCE ROW LEVEL SECURITY;
