CREATE TABLE "media" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"original_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"alt" text DEFAULT '' NOT NULL,
	"folder" text DEFAULT '' NOT NULL,
	"storage_key" text,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bunny_video_id" text,
	"bunny_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "media" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_account_created" ON "media" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "media_account_owner" ON "media" USING btree ("account_id","owner_id","created_at");--> statement-breakpoint
CREATE INDEX "media_account_storage_key" ON "media" USING btree ("account_id","storage_key");--> statement-breakpoint
CREATE POLICY "media_tenant_isolation" ON "media" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
-- drizzle-kit emits ENABLE only; FORCE makes the tenant policy bind the table owner too.
ALTER TABLE "media" FORCE ROW LEVEL SECURITY;
