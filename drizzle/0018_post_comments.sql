CREATE TABLE "post_comments" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"parent_id" uuid,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_comments_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "post_comments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_account_id_post_id_posts_account_id_id_fk" FOREIGN KEY ("account_id","post_id") REFERENCES "public"."posts"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_account_id_parent_id_post_comments_account_id_id_fk" FOREIGN KEY ("account_id","parent_id") REFERENCES "public"."post_comments"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_comments_post" ON "post_comments" USING btree ("account_id","post_id","status","created_at");--> statement-breakpoint
CREATE INDEX "post_comments_queue" ON "post_comments" USING btree ("account_id","status","created_at");--> statement-breakpoint
CREATE INDEX "post_comments_author" ON "post_comments" USING btree ("account_id","author_id","status");--> statement-breakpoint
CREATE POLICY "post_comments_tenant_isolation" ON "post_comments" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
-- drizzle-kit emits ENABLE only; FORCE makes the tenant policy bind the table owner too.
ALTER TABLE "post_comments" FORCE ROW LEVEL SECURITY;
