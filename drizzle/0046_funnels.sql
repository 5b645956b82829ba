CREATE TABLE "funnel_steps" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"funnel_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"page_id" uuid NOT NULL,
	"variant_page_id" uuid,
	"split_percent" integer DEFAULT 50 NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funnel_steps_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "funnel_steps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "funnel_visits" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"funnel_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"variant" text DEFAULT 'a' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"device" text DEFAULT 'desktop' NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"converted_at" timestamp with time zone,
	CONSTRAINT "funnel_visits_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "funnel_visits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "funnels" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funnels_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "funnels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "funnel" jsonb;--> statement-breakpoint
ALTER TABLE "funnel_steps" ADD CONSTRAINT "funnel_steps_account_id_funnel_id_funnels_account_id_id_fk" FOREIGN KEY ("account_id","funnel_id") REFERENCES "public"."funnels"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_visits" ADD CONSTRAINT "funnel_visits_account_id_step_id_funnel_steps_account_id_id_fk" FOREIGN KEY ("account_id","step_id") REFERENCES "public"."funnel_steps"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnels" ADD CONSTRAINT "funnels_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_steps_funnel_slug" ON "funnel_steps" USING btree ("account_id","funnel_id","slug");--> statement-breakpoint
CREATE INDEX "funnel_steps_funnel_position" ON "funnel_steps" USING btree ("account_id","funnel_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_visits_step_visitor" ON "funnel_visits" USING btree ("account_id","step_id","visitor");--> statement-breakpoint
CREATE INDEX "funnel_visits_funnel_visitor" ON "funnel_visits" USING btree ("account_id","funnel_id","visitor");--> statement-breakpoint
CREATE UNIQUE INDEX "funnels_account_slug" ON "funnels" USING btree ("account_id","slug");--> statement-breakpoint
CREATE INDEX "orders_funnel" ON "orders" USING btree ("account_id",("funnel"->>'funnelId')) WHERE "orders"."funnel" is not null;--> statement-breakpoint
CREATE POLICY "funnel_steps_tenant_isolation" ON "funnel_steps" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "funnel_visits_tenant_isolation" ON "funnel_visits" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "funnels_tenant_isolation" ON "funnels" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
ALTER TABLE "funnels" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "funnel_steps" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "funnel_visits" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Site search leaves funnel steps' pages out: they answer only at /f/{funnel}/{step} (decision 063).
CREATE OR REPLACE FUNCTION search_site(term text, kinds text[], per_kind integer)
RETURNS TABLE (
  result_kind text,
  result_id uuid,
  result_title text,
  result_slug text,
  result_detail text,
  result_image text
)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $fn$
DECLARE
  current_account uuid := nullif(current_setting('app.account_id', true), '')::uuid;
  patterns text[];
  leading_pattern text;
  starts_with text;
  -- Ranking reads every candidate; a word in thousands of titles ranks its first 500 found,
  -- which keeps a very common term as fast as a rare one (docs/decisions/013-site-search.md).
  candidates constant integer := 500;
BEGIN
  IF current_account IS NULL OR per_kind IS NULL OR per_kind < 1 THEN
    RETURN;
  END IF;
  per_kind := least(per_kind, 50);
  -- Every word must appear somewhere in the title; the longest one drives the index.
  SELECT array_agg(
           '%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%'
           ORDER BY length(w) DESC)
    INTO patterns
    FROM regexp_split_to_table(btrim(coalesce(term, '')), '\s+') AS w
   WHERE w <> '';
  IF patterns IS NULL THEN
    RETURN;
  END IF;
  leading_pattern := patterns[1];
  starts_with := replace(replace(replace(btrim(term), '\', '\\'), '%', '\%'), '_', '\_') || '%';

  IF 'courses' = ANY (kinds) THEN
    RETURN QUERY
      SELECT 'courses'::text, c.id, c.title, c.slug, left(c.description, 160), c.featured_image ->> 'image'
        FROM (SELECT id, title, slug, description, featured_image FROM courses
               WHERE account_id = current_account AND status = 'published'
                 AND title ILIKE leading_pattern AND title ILIKE ALL (patterns)
               LIMIT candidates) c
       ORDER BY c.title ILIKE starts_with DESC, length(c.title), c.title
       LIMIT per_kind;
  END IF;
  IF 'blog' = ANY (kinds) THEN
    RETURN QUERY
      SELECT 'blog'::text, p.id, p.title, p.slug, left(p.excerpt, 160), p.settings ->> 'featured'
        FROM (SELECT id, title, slug, excerpt, settings FROM posts
               WHERE account_id = current_account AND status = 'published'
                 AND translation_of IS NULL
                 AND title ILIKE leading_pattern AND title ILIKE ALL (patterns)
               LIMIT candidates) p
       ORDER BY p.title ILIKE starts_with DESC, length(p.title), p.title
       LIMIT per_kind;
  END IF;
  IF 'pages' = ANY (kinds) THEN
    RETURN QUERY
      SELECT 'pages'::text, g.id, g.title, g.slug, g.kind, NULL::text
        FROM (SELECT id, title, slug, kind FROM pages
               WHERE account_id = current_account AND status = 'published'
                 AND translation_of IS NULL AND kind <> 'funnel'
                 AND title ILIKE leading_pattern AND title ILIKE ALL (patterns)
               LIMIT candidates) g
       ORDER BY g.title ILIKE starts_with DESC, length(g.title), g.title
       LIMIT per_kind;
  END IF;
  IF 'members' = ANY (kinds) THEN
    RETURN QUERY
      SELECT 'members'::text, m.id, m.name, m.slug, NULL::text, m.avatar
        FROM (SELECT id, name, slug, avatar FROM members
               WHERE account_id = current_account
                 AND name ILIKE leading_pattern AND name ILIKE ALL (patterns)
               LIMIT candidates) m
       ORDER BY m.name ILIKE starts_with DESC, length(m.name), m.name
       LIMIT per_kind;
  END IF;
END
$fn$;