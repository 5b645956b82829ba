CREATE TABLE "contact_consents" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"action" text NOT NULL,
	"wording" text DEFAULT '' NOT NULL,
	"origin" text NOT NULL,
	"page_url" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_consents_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "contact_consents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "contacts" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"user_id" text,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "contacts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "segments" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segments_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "segments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "contact_consents" ADD CONSTRAINT "contact_consents_account_id_contact_id_contacts_account_id_id_fk" FOREIGN KEY ("account_id","contact_id") REFERENCES "public"."contacts"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_consents_contact" ON "contact_consents" USING btree ("account_id","contact_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_account_email" ON "contacts" USING btree ("account_id",lower("email"));--> statement-breakpoint
CREATE INDEX "contacts_account_status" ON "contacts" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "contacts_account_created" ON "contacts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "contacts_account_user" ON "contacts" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "contacts_tags" ON "contacts" USING gin ("tags");--> statement-breakpoint
CREATE UNIQUE INDEX "segments_account_name" ON "segments" USING btree ("account_id","name");--> statement-breakpoint
CREATE POLICY "contact_consents_tenant_isolation" ON "contact_consents" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "contacts_tenant_isolation" ON "contacts" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "segments_tenant_isolation" ON "segments" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
-- drizzle-kit emits ENABLE only; FORCE makes the tenant policy bind the table owner too.
ALTER TABLE "contacts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "contact_consents" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "segments" FORCE ROW LEVEL SECURITY;
