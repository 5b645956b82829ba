CREATE TABLE "meeting_rooms" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"session_key" text,
	"type_id" uuid,
	"host_user_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"first_joined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_rooms_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "meeting_rooms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "meeting_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'public' NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"key_id" text DEFAULT '' NOT NULL,
	"secret_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "meeting_rooms" ADD CONSTRAINT "meeting_rooms_account_id_host_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","host_user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_settings" ADD CONSTRAINT "meeting_settings_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_rooms_name" ON "meeting_rooms" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_rooms_session" ON "meeting_rooms" USING btree ("account_id","session_key");--> statement-breakpoint
CREATE POLICY "meeting_rooms_tenant_isolation" ON "meeting_rooms" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "meeting_settings_tenant_isolation" ON "meeting_settings" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
ALTER TABLE "meeting_rooms" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "meeting_settings" FORCE ROW LEVEL SECURITY;
