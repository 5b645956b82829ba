CREATE TABLE "popups" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"layout" text NOT NULL,
	"form_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cta_label" text DEFAULT '' NOT NULL,
	"cta_href" text DEFAULT '' NOT NULL,
	"trigger" text NOT NULL,
	"delay_seconds" integer DEFAULT 5 NOT NULL,
	"scroll_percent" integer DEFAULT 50 NOT NULL,
	"paths_mode" text DEFAULT 'all' NOT NULL,
	"paths" text[] DEFAULT '{}'::text[] NOT NULL,
	"cap_days" integer DEFAULT 7 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "popups_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "popups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "popups" ADD CONSTRAINT "popups_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "popups_account_status" ON "popups" USING btree ("account_id","status");--> statement-breakpoint
CREATE POLICY "popups_tenant_isolation" ON "popups" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
-- drizzle-kit emits ENABLE only; FORCE makes the tenant policy bind the table owner too.
ALTER TABLE "popups" FORCE ROW LEVEL SECURITY;
