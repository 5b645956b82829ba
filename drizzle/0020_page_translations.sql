DROP INDEX "pages_account_slug";--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "translation_of" uuid;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_translation_fk" FOREIGN KEY ("account_id","translation_of") REFERENCES "public"."pages"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pages_translation_language" ON "pages" USING btree ("account_id","translation_of","language") WHERE "pages"."translation_of" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pages_account_slug" ON "pages" USING btree ("account_id","slug") WHERE "pages"."translation_of" is null;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_translation_pair" CHECK (("pages"."translation_of" is null) = ("pages"."language" is null));
--> statement-breakpoint
-- Site search lists original pages and docs only, as posts (docs/decisions/025): a translation
-- answers at its original's address, in the visitor's language.
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
                 AND translation_of IS NULL
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
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'lyceum_search') THEN
    GRANT SELECT (translation_of) ON pages TO lyceum_search;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'search_site stays with the migrating role: site search runs under row-level security';
END
$$;
