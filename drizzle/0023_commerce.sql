CREATE TABLE "coupon_redemptions" (
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"coupon_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_account_id_order_id_pk" PRIMARY KEY("account_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "coupons" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"usage_limit" integer DEFAULT 0 NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer DEFAULT 0 NOT NULL,
	"date_start" timestamp with time zone,
	"date_end" timestamp with time zone,
	"discount_type" text NOT NULL,
	"coupon_amount" integer NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "coupons_amount_positive" CHECK ("coupons"."coupon_amount" > 0),
	CONSTRAINT "coupons_counts" CHECK ("coupons"."usage_limit" >= 0 and "coupons"."usage_count" >= 0 and "coupons"."per_user_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "coupons" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "member_memberships" (
	"account_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text NOT NULL,
	"order_id" uuid,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "member_memberships_account_id_membership_id_user_id_pk" PRIMARY KEY("account_id","membership_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "member_memberships" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "membership_rules" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"membership_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"target_id" uuid,
	"tag" text,
	CONSTRAINT "membership_rules_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "membership_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "memberships" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_days" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "memberships" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "order_events" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"cause" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "order_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "order_items" (
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"price_id" uuid NOT NULL,
	"title" text NOT NULL,
	"billing" text NOT NULL,
	"amount" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"iterations" integer DEFAULT 0 NOT NULL,
	"frequency" jsonb,
	CONSTRAINT "order_items_account_id_order_id_position_pk" PRIMARY KEY("account_id","order_id","position")
);
--> statement-breakpoint
ALTER TABLE "order_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "orders" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"coupon" text,
	"coupon_id" uuid,
	"currency" text NOT NULL,
	"subtotal" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"payment_start" jsonb,
	"payment_ref" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"checkout_key" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "orders_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "orders_amounts" CHECK ("orders"."subtotal" >= 0 and "orders"."discount" >= 0 and "orders"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"user_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"interval" text NOT NULL,
	"payments_left" integer,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payment_events" (
	"account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"provider_ref" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "payment_events_account_id_provider_event_id_pk" PRIMARY KEY("account_id","provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "payment_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payment_providers" (
	"account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"public_key" text DEFAULT '' NOT NULL,
	"secret_sealed" text,
	"webhook_secret_sealed" text,
	"instructions" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_providers_account_id_provider_pk" PRIMARY KEY("account_id","provider")
);
--> statement-breakpoint
ALTER TABLE "payment_providers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "product_grants" (
	"account_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"target" text NOT NULL,
	"target_id" uuid NOT NULL,
	CONSTRAINT "product_grants_account_id_product_id_target_target_id_pk" PRIMARY KEY("account_id","product_id","target","target_id")
);
--> statement-breakpoint
ALTER TABLE "product_grants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "product_prices" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"sale_amount" integer,
	"sale_starts_at" timestamp with time zone,
	"sale_ends_at" timestamp with time zone,
	"billing" text DEFAULT 'one_time' NOT NULL,
	"interval" text,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"iterations" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_prices_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "product_prices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "products" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"kind" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "products" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_account_id_coupon_id_coupons_account_id_id_fk" FOREIGN KEY ("account_id","coupon_id") REFERENCES "public"."coupons"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_memberships" ADD CONSTRAINT "member_memberships_account_id_membership_id_memberships_account_id_id_fk" FOREIGN KEY ("account_id","membership_id") REFERENCES "public"."memberships"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_memberships" ADD CONSTRAINT "member_memberships_account_id_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_rules" ADD CONSTRAINT "membership_rules_account_id_membership_id_memberships_account_id_id_fk" FOREIGN KEY ("account_id","membership_id") REFERENCES "public"."memberships"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_account_id_order_id_orders_account_id_id_fk" FOREIGN KEY ("account_id","order_id") REFERENCES "public"."orders"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_account_id_order_id_orders_account_id_id_fk" FOREIGN KEY ("account_id","order_id") REFERENCES "public"."orders"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_order_id_orders_account_id_id_fk" FOREIGN KEY ("account_id","order_id") REFERENCES "public"."orders"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_providers" ADD CONSTRAINT "payment_providers_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_grants" ADD CONSTRAINT "product_grants_account_id_product_id_products_account_id_id_fk" FOREIGN KEY ("account_id","product_id") REFERENCES "public"."products"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_account_id_product_id_products_account_id_id_fk" FOREIGN KEY ("account_id","product_id") REFERENCES "public"."products"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_account_name" ON "coupons" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "member_memberships_user" ON "member_memberships" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "membership_rules_level" ON "membership_rules" USING btree ("account_id","membership_id");--> statement-breakpoint
CREATE INDEX "membership_rules_target" ON "membership_rules" USING btree ("account_id","resource","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_account_slug" ON "memberships" USING btree ("account_id","slug");--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("account_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_product" ON "order_items" USING btree ("account_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_key" ON "orders" USING btree ("account_id","checkout_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_ref" ON "orders" USING btree ("account_id","provider","provider_ref");--> statement-breakpoint
CREATE INDEX "orders_user" ON "orders" USING btree ("account_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created" ON "orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_coupon_user" ON "orders" USING btree ("account_id","coupon_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_order_item" ON "subscriptions" USING btree ("account_id","order_id","position");--> statement-breakpoint
CREATE INDEX "subscriptions_user" ON "subscriptions" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "payment_events_ref" ON "payment_events" USING btree ("account_id","provider","provider_ref");--> statement-breakpoint
CREATE INDEX "product_grants_target" ON "product_grants" USING btree ("account_id","target","target_id");--> statement-breakpoint
CREATE INDEX "product_prices_product" ON "product_prices" USING btree ("account_id","product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "products_account_slug" ON "products" USING btree ("account_id","slug");--> statement-breakpoint
CREATE POLICY "coupon_redemptions_tenant_isolation" ON "coupon_redemptions" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "coupons_tenant_isolation" ON "coupons" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "member_memberships_tenant_isolation" ON "member_memberships" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "membership_rules_tenant_isolation" ON "membership_rules" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "memberships_tenant_isolation" ON "memberships" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "order_events_tenant_isolation" ON "order_events" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "order_items_tenant_isolation" ON "order_items" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "orders_tenant_isolation" ON "orders" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "subscriptions_tenant_isolation" ON "subscriptions" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "payment_events_tenant_isolation" ON "payment_events" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "payment_providers_tenant_isolation" ON "payment_providers" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "product_grants_tenant_isolation" ON "product_grants" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "product_prices_tenant_isolation" ON "product_prices" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "products_tenant_isolation" ON "products" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
-- drizzle-kit emits ENABLE only; FORCE makes the tenant policy bind the table owner too.
ALTER TABLE "products" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "product_prices" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "product_grants" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "memberships" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "membership_rules" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "member_memberships" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "coupons" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "orders" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "order_items" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "order_events" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "subscriptions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payment_providers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payment_events" FORCE ROW LEVEL SECURITY;
