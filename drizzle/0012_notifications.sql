CREATE TABLE "account_notifications" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"message" text NOT NULL,
	"severity" smallint DEFAULT 1 NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_notifications_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "account_notifications_severity_range" CHECK ("account_notifications"."severity" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "account_notifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "member_notifications" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_notifications_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "member_notifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "account_notifications" ADD CONSTRAINT "account_notifications_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notifications" ADD CONSTRAINT "member_notifications_account_id_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notifications" ADD CONSTRAINT "member_notifications_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_notifications_unread" ON "account_notifications" USING btree ("account_id","read","created_at");--> statement-breakpoint
CREATE INDEX "member_notifications_unread" ON "member_notifications" USING btree ("account_id","user_id","read","created_at");--> statement-breakpoint
CREATE POLICY "account_notifications_tenant_isolation" ON "account_notifications" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "member_notifications_tenant_isolation" ON "member_notifications" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
-- drizzle-kit emits ENABLE only; FORCE makes the tenant policies bind the table owner too.
ALTER TABLE "account_notifications" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "member_notifications" FORCE ROW LEVEL SECURITY;
