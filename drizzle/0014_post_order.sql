DROP INDEX "posts_account_published";--> statement-breakpoint
CREATE INDEX "posts_account_published" ON "posts" USING btree ("account_id","status","published_at","id");--> statement-breakpoint
-- A published post without a date would fall out of the keyset order: it gets its creation
-- date. FORCE row-level security would hide every row from the owner, so it is lifted for the
-- one statement that must see all accounts' rows.
ALTER TABLE "posts" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE "posts" SET "published_at" = "created_at" WHERE "status" = 'published' AND "published_at" IS NULL;--> statement-breakpoint
ALTER TABLE "posts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_published_dated" CHECK ("posts"."status" <> 'published' or "posts"."published_at" is not null);
