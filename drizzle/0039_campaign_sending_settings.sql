CREATE TABLE "campaign_sending_settings" (
	"account_id" uuid NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"sender_address" text DEFAULT '' NOT NULL,
	"reply_to" text DEFAULT '' NOT NULL,
	"smtp_enabled" boolean DEFAULT false NOT NULL,
	"smtp_host" text DEFAULT '' NOT NULL,
	"smtp_port" integer DEFAULT 587 NOT NULL,
	"smtp_security" text DEFAULT 'starttls' NOT NULL,
	"smtp_username" text DEFAULT '' NOT NULL,
	"smtp_password_sealed" text,
	"dkim_enabled" boolean DEFAULT false NOT NULL,
	"dkim_domain" text DEFAULT '' NOT NULL,
	"dkim_selector" text DEFAULT '' NOT NULL,
	"dkim_key_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_sending_settings_account_id_pk" PRIMARY KEY("account_id")
);
--> statement-breakpoint
ALTER TABLE "campaign_sending_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "campaign_sending_settings" ADD CONSTRAINT "campaign_sending_settings_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "campaign_sending_settings_tenant_isolation" ON "campaign_sending_settings" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
-- drizzle-kit emits ENABLE only; FORCE makes the tenant policy bind the table owner too.
ALTER TABLE "campaign_sending_settings" FORCE ROW LEVEL SECURITY;
