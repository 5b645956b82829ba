CREATE TABLE "funnel_steps" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"funnel_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"page_id" uuid NOT NULL,
	"variant_page_id" uuid,
	"split_percent" integer DEFAULT 50 NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funnel_steps_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "funnel_steps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "funnel_visits" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"funnel_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"variant" text DEFAULT 'a' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"device" text DEFAULT 'desktop' NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"converted_at" timestamp with time zone,
	CONSTRAINT "funnel_visits_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "funnel_visits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "funnels" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funnels_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "funnels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "funnel" jsonb;--> statement-breakpoint
ALTER TABLE "funnel_steps" ADD CONSTRAINT "funnel_steps_account_id_funnel_id_funnels_account_id_id_fk" FOREIGN KEY ("account_id","funnel_id") REFERENCES "public"."funnels"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_visits" ADD CONSTRAINT "funnel_visits_account_id_step_id_funnel_steps_account_id_id_fk" FOREIGN KEY ("account_id","step_id") REFERENCES "public"."funnel_steps"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnels" ADD CONSTRAINT "funnels_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_steps_funnel_slug" ON "funnel_steps" USING btree ("account_id","funnel_id","slug");--> statement-breakpoint
CREATE INDEX "funnel_steps_funnel_position" ON "funnel_steps" USING btree ("account_id","funnel_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_visits_step_visitor" ON "funnel_visits" USING btree ("account_id","step_id","visitor");--> statement-breakpoint
CREATE INDEX "funnel_visits_funnel_visitor" ON "funnel_visits" USING btree ("account_id","funnel_id","visitor");--> statement-breakpoint
CREATE UNIQUE INDEX "funnels_account_slug" ON "funnels" USING btree ("account_id","slug");--> statement-breakpoint
CREATE INDEX "orders_funnel" ON "orders" USING btree ("account_id",("funnel"->>'funnelId')) WHERE "orders"."funnel" is not null;--> statement-breakpoint
CREATE POLICY "funnel_steps_tenant_isolation" ON "funnel_steps" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "funnel_visits_tenant_isolation" ON "funnel_visits" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "funnels_tenant_isolation" ON "funnels" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
ALTER TABLE "funnels" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "funnel_steps" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "funnel_visits" FORCE ROW LEVEL SECURITY;
