ALTER TABLE "pages" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "author_id" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "seo" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "trashed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "trashed_from" text;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_parent_fk" FOREIGN KEY ("account_id","parent_id") REFERENCES "public"."pages"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pages_account_updated" ON "pages" USING btree ("account_id","kind","status","updated_at");--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_scheduled_dated" CHECK ("pages"."status" <> 'scheduled' or "pages"."published_at" is not null);--> statement-breakpoint
-- Pages published before this migration went live when they were made.
UPDATE "pages" SET "published_at" = "created_at" WHERE "status" = 'published' AND "published_at" IS NULL;
