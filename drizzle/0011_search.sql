-- Site search (app/features/search, docs/decisions/013-site-search.md): trigram indexes on
-- titles and member names, and one function that reads them for the current account.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "courses_title_trgm" ON "courses" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_name_trgm" ON "members" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pages_title_trgm" ON "pages" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_title_trgm" ON "posts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
-- Row-level security keeps a non-leakproof operator such as ILIKE out of index conditions, so
-- under the policies every search would read all of an account's rows. The function below
-- applies the very same account rule itself (the transaction's app.account_id, never a
-- parameter) and, when it can be owned by a role that skips the policies, uses the indexes.
-- Creating that role needs a superuser; without one the function still answers correctly,
-- under the policies, only slower.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'lyceum_search') THEN
    CREATE ROLE lyceum_search NOLOGIN NOSUPERUSER BYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'role lyceum_search needs a superuser to create: site search runs under row-level security';
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_site(term text, kinds text[], per_kind integer)
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
REVOKE ALL ON FUNCTION search_site(text, text[], integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION search_site(text, text[], integer) TO lyceum_app;
--> statement-breakpoint
-- The search role reads only the columns the function returns or filters on.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'lyceum_search') THEN
    GRANT USAGE ON SCHEMA public TO lyceum_search;
    GRANT SELECT (account_id, id, title, slug, description, featured_image, status) ON courses TO lyceum_search;
    GRANT SELECT (account_id, id, title, slug, excerpt, settings, status) ON posts TO lyceum_search;
    GRANT SELECT (account_id, id, title, slug, kind, status) ON pages TO lyceum_search;
    GRANT SELECT (account_id, id, name, slug, avatar) ON members TO lyceum_search;
    ALTER FUNCTION search_site(text, text[], integer) OWNER TO lyceum_search;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'search_site stays with the migrating role: site search runs under row-level security';
END
$$;
