CREATE TABLE "plan_purchases" (
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"site_account_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"interval" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_purchases_account_id_order_id_pk" PRIMARY KEY("account_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "plan_purchases" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_account_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"subject" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'unresolved' NOT NULL,
	"opened_by" text NOT NULL,
	"assignee_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "support_tickets_subject_length" CHECK (char_length("support_tickets"."subject") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ticket_replies" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"from_platform" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_replies_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "ticket_replies_body_length" CHECK (char_length("ticket_replies"."body") between 1 and 10000)
);
--> statement-breakpoint
ALTER TABLE "ticket_replies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "usage_active_users" (
	"account_id" uuid NOT NULL,
	"period" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "usage_active_users_account_id_period_user_id_pk" PRIMARY KEY("account_id","period","user_id")
);
--> statement-breakpoint
ALTER TABLE "usage_active_users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "usage_alerts" (
	"account_id" uuid NOT NULL,
	"meter" text NOT NULL,
	"period" text NOT NULL,
	"level" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"grace_until" timestamp with time zone,
	CONSTRAINT "usage_alerts_account_id_meter_period_level_pk" PRIMARY KEY("account_id","meter","period","level"),
	CONSTRAINT "usage_alerts_level" CHECK ("usage_alerts"."level" in (80, 100))
);
--> statement-breakpoint
ALTER TABLE "usage_alerts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "usage_counters" (
	"account_id" uuid NOT NULL,
	"meter" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_counters_account_id_meter_period_pk" PRIMARY KEY("account_id","meter","period"),
	CONSTRAINT "usage_counters_amount" CHECK ("usage_counters"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "usage_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD CONSTRAINT "plan_purchases_site_account_id_accounts_account_id_fk" FOREIGN KEY ("site_account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD CONSTRAINT "plan_purchases_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD CONSTRAINT "plan_purchases_account_id_order_id_orders_account_id_id_fk" FOREIGN KEY ("account_id","order_id") REFERENCES "public"."orders"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_account_id_accounts_account_id_fk" FOREIGN KEY ("target_account_id") REFERENCES "public"."accounts"("account_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_account_id_ticket_id_support_tickets_account_id_id_fk" FOREIGN KEY ("account_id","ticket_id") REFERENCES "public"."support_tickets"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_active_users" ADD CONSTRAINT "usage_active_users_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_alerts" ADD CONSTRAINT "usage_alerts_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_purchases_site" ON "plan_purchases" USING btree ("account_id","site_account_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_recent" ON "audit_log" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target" ON "audit_log" USING btree ("account_id","target_account_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_account" ON "support_tickets" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "support_tickets_queue" ON "support_tickets" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "ticket_replies_thread" ON "ticket_replies" USING btree ("account_id","ticket_id","created_at");--> statement-breakpoint
CREATE POLICY "plan_purchases_tenant_isolation" ON "plan_purchases" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "audit_log_tenant_isolation" ON "audit_log" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "support_tickets_tenant_isolation" ON "support_tickets" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "support_tickets_platform_desk" ON "support_tickets" AS PERMISSIVE FOR ALL TO public USING ((select nullif(current_setting('app.account_id', true), '')::uuid) = '00000000-0000-4000-8000-000000000001'::uuid) WITH CHECK ((select nullif(current_setting('app.account_id', true), '')::uuid) = '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
CREATE POLICY "ticket_replies_tenant_isolation" ON "ticket_replies" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "ticket_replies_platform_desk" ON "ticket_replies" AS PERMISSIVE FOR ALL TO public USING ((select nullif(current_setting('app.account_id', true), '')::uuid) = '00000000-0000-4000-8000-000000000001'::uuid) WITH CHECK ((select nullif(current_setting('app.account_id', true), '')::uuid) = '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
CREATE POLICY "usage_active_users_tenant_isolation" ON "usage_active_users" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "usage_alerts_tenant_isolation" ON "usage_alerts" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "usage_alerts_platform_desk" ON "usage_alerts" AS PERMISSIVE FOR ALL TO public USING ((select nullif(current_setting('app.account_id', true), '')::uuid) = '00000000-0000-4000-8000-000000000001'::uuid) WITH CHECK ((select nullif(current_setting('app.account_id', true), '')::uuid) = '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
CREATE POLICY "usage_counters_tenant_isolation" ON "usage_counters" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "usage_counters_platform_desk" ON "usage_counters" AS PERMISSIVE FOR ALL TO public USING ((select nullif(current_setting('app.account_id', true), '')::uuid) = '00000000-0000-4000-8000-000000000001'::uuid) WITH CHECK ((select nullif(current_setting('app.account_id', true), '')::uuid) = '00000000-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
-- drizzle-kit emits ENABLE only; FORCE makes the tenant policy bind the table owner too.
ALTER TABLE "plan_purchases" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "audit_log" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "support_tickets" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "ticket_replies" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "usage_active_users" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "usage_alerts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "usage_counters" FORCE ROW LEVEL SECURITY;
