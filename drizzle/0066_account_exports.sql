CREATE TABLE "account_exports" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"requested_by" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"size_bytes" bigint,
	"counts" jsonb,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "account_exports_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "account_exports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "account_exports" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "account_exports" ADD CONSTRAINT "account_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_exports" ADD CONSTRAINT "account_exports_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_exports_recent" ON "account_exports" USING btree ("account_id","requested_at");--> statement-breakpoint
CREATE POLICY "account_exports_tenant_isolation" ON "account_exports" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));