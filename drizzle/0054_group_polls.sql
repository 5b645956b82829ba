CREATE TABLE "group_poll_votes" (
	"account_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"option_ids" text[] NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_poll_votes_account_id_post_id_user_id_pk" PRIMARY KEY("account_id","post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "group_poll_votes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "group_posts" ADD COLUMN "poll" jsonb;--> statement-breakpoint
ALTER TABLE "group_poll_votes" ADD CONSTRAINT "group_poll_votes_account_id_post_id_group_posts_account_id_id_fk" FOREIGN KEY ("account_id","post_id") REFERENCES "public"."group_posts"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_poll_votes" ADD CONSTRAINT "group_poll_votes_account_id_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "group_poll_votes_tenant_isolation" ON "group_poll_votes" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
ALTER TABLE "group_poll_votes" FORCE ROW LEVEL SECURITY;