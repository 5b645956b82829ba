ALTER TABLE "plan_purchases" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "plan_purchases_due" ON "plan_purchases" USING btree ("starts_at") WHERE "plan_purchases"."applied_at" is null;