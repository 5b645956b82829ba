CREATE TABLE "affiliate_click_days" (
	"account_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "affiliate_click_days_account_id_affiliate_id_day_pk" PRIMARY KEY("account_id","affiliate_id","day")
);
--> statement-breakpoint
ALTER TABLE "affiliate_click_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "affiliate_commissions" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"order_total" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "affiliate_commissions_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"commissions" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_payouts_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "affiliate_payouts_positive" CHECK ("affiliate_payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "affiliate_programmes" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"commission_type" text DEFAULT 'percent' NOT NULL,
	"percent_basis" integer DEFAULT 3000 NOT NULL,
	"flat_amount" integer DEFAULT 0 NOT NULL,
	"product_commissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cookie_days" integer DEFAULT 30 NOT NULL,
	"approval" text DEFAULT 'manual' NOT NULL,
	"min_payout" integer DEFAULT 0 NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_programmes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "affiliate_sign_ups" (
	"account_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_sign_ups_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "affiliate_sign_ups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "affiliates" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"payout_details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "affiliates_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "affiliates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referral" jsonb;--> statement-breakpoint
ALTER TABLE "affiliate_click_days" ADD CONSTRAINT "affiliate_click_days_account_id_affiliate_id_affiliates_account_id_id_fk" FOREIGN KEY ("account_id","affiliate_id") REFERENCES "public"."affiliates"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_account_id_affiliate_id_affiliates_account_id_id_fk" FOREIGN KEY ("account_id","affiliate_id") REFERENCES "public"."affiliates"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_account_id_affiliate_id_affiliates_account_id_id_fk" FOREIGN KEY ("account_id","affiliate_id") REFERENCES "public"."affiliates"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_programmes" ADD CONSTRAINT "affiliate_programmes_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_sign_ups" ADD CONSTRAINT "affiliate_sign_ups_account_id_affiliate_id_affiliates_account_id_id_fk" FOREIGN KEY ("account_id","affiliate_id") REFERENCES "public"."affiliates"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_order" ON "affiliate_commissions" USING btree ("account_id","order_id","kind");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_affiliate" ON "affiliate_commissions" USING btree ("account_id","affiliate_id","status");--> statement-breakpoint
CREATE INDEX "affiliate_payouts_affiliate" ON "affiliate_payouts" USING btree ("account_id","affiliate_id","paid_at");--> statement-breakpoint
CREATE INDEX "affiliate_sign_ups_affiliate" ON "affiliate_sign_ups" USING btree ("account_id","affiliate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_code" ON "affiliates" USING btree ("account_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_user" ON "affiliates" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE POLICY "affiliate_click_days_tenant_isolation" ON "affiliate_click_days" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "affiliate_commissions_tenant_isolation" ON "affiliate_commissions" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "affiliate_payouts_tenant_isolation" ON "affiliate_payouts" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "affiliate_programmes_tenant_isolation" ON "affiliate_programmes" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "affiliate_sign_ups_tenant_isolation" ON "affiliate_sign_ups" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "affiliates_tenant_isolation" ON "affiliates" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
-- drizzle-kit emits ENABLE only; FORCE makes the tenant policy bind the table owner too.
ALTER TABLE "affiliate_programmes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "affiliates" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "affiliate_click_days" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "affiliate_sign_ups" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" FORCE ROW LEVEL SECURITY;
