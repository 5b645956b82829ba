CREATE TABLE "accounts" (
	"account_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"domain" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "accounts_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
ALTER TABLE "accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "courses" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"featured_image" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "courses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lessons" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "lessons_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "lessons" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "options" (
	"account_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "options_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
ALTER TABLE "options" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pages" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"data" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "pages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pricing" jsonb NOT NULL,
	"features" text[] DEFAULT '{}' NOT NULL,
	"limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"addons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "posts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_account_id_course_id_courses_account_id_id_fk" FOREIGN KEY ("account_id","course_id") REFERENCES "public"."courses"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_account_slug" ON "courses" USING btree ("account_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_account_course_position" ON "lessons" USING btree ("account_id","course_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_account_slug" ON "pages" USING btree ("account_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_account_slug" ON "posts" USING btree ("account_id","slug");--> statement-breakpoint
CREATE INDEX "posts_account_published" ON "posts" USING btree ("account_id","status","published_at");--> statement-breakpoint
CREATE POLICY "accounts_read" ON "accounts" AS PERMISSIVE FOR SELECT TO public USING (true);--> statement-breakpoint
CREATE POLICY "accounts_insert" ON "accounts" AS PERMISSIVE FOR INSERT TO public WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "accounts_update" ON "accounts" AS PERMISSIVE FOR UPDATE TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "accounts_delete" ON "accounts" AS PERMISSIVE FOR DELETE TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "courses_tenant_isolation" ON "courses" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "lessons_tenant_isolation" ON "lessons" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "options_tenant_isolation" ON "options" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "pages_tenant_isolation" ON "pages" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "posts_tenant_isolation" ON "posts" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));