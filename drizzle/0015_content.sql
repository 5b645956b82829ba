CREATE TABLE "content_revisions" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"author_id" text,
	"author_name" text DEFAULT '' NOT NULL,
	"autosave" boolean DEFAULT false NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_revisions_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "content_revisions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "publication_schedule" (
	"account_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	CONSTRAINT "publication_schedule_account_id_item_kind_item_id_pk" PRIMARY KEY("account_id","item_kind","item_id")
);
--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_published_dated";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "author_id" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "seo" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "trashed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "trashed_from" text;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_schedule" ADD CONSTRAINT "publication_schedule_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revisions_item" ON "content_revisions" USING btree ("account_id","item_kind","item_id","created_at");--> statement-breakpoint
CREATE INDEX "publication_schedule_due" ON "publication_schedule" USING btree ("publish_at");--> statement-breakpoint
CREATE INDEX "posts_account_updated" ON "posts" USING btree ("account_id","status","updated_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_published_dated" CHECK ("posts"."status" not in ('published', 'scheduled') or "posts"."published_at" is not null);--> statement-breakpoint
CREATE POLICY "content_revisions_tenant_isolation" ON "content_revisions" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
-- drizzle-kit emits ENABLE only; FORCE makes the tenant policy bind the table owner too.
ALTER TABLE "content_revisions" FORCE ROW LEVEL SECURITY;
