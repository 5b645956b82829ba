-- Issue 37: site search reads bodies too (docs/decisions/084-body-search.md). Each original post,
-- course and page keeps a weighted text-search document (title A, summary B, body C) in the
-- site's language, written by a trigger whatever path saves the row, and read through a GIN
-- index by `search_site`, which now adds body matches (ranked, with highlighted snippets) after
-- title matches and falls back to trigram similarity for a misspelt word.
CREATE FUNCTION search_config_for(lang text) RETURNS regconfig
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  -- The spec's languages with a PostgreSQL stemmer; the others are split on spaces only.
  SELECT (CASE coalesce(lang, 'en')
    WHEN 'en' THEN 'english' WHEN 'es' THEN 'spanish' WHEN 'fr' THEN 'french'
    WHEN 'de' THEN 'german' WHEN 'it' THEN 'italian' WHEN 'pt' THEN 'portuguese'
    WHEN 'ru' THEN 'russian' WHEN 'ar' THEN 'arabic' WHEN 'hi' THEN 'hindi'
    WHEN 'tr' THEN 'turkish' WHEN 'nl' THEN 'dutch' WHEN 'sv' THEN 'swedish'
    ELSE 'simple' END)::regconfig
$$;
--> statement-breakpoint
-- One configuration per site, for its documents and its queries alike: a word typed as it is
-- written always finds itself, whatever language a single course is in.
CREATE FUNCTION account_search_config(account uuid) RETURNS regconfig
LANGUAGE sql STABLE PARALLEL SAFE
SET search_path = public, pg_temp
AS $$
  SELECT search_config_for((SELECT settings ->> 'defaultLanguage' FROM accounts WHERE account_id = account))
$$;
--> statement-breakpoint
-- Sanitised HTML to its words: tags out, the entities the sanitiser writes decoded, and the two
-- control characters snippets use as highlight marks removed.
CREATE FUNCTION html_plain_text(html text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT btrim(regexp_replace(
    replace(replace(replace(replace(replace(replace(
      regexp_replace(coalesce(html, ''), '<[^>]*>|[\x01-\x08]', ' ', 'g'),
      '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'),
    '\s+', ' ', 'g'))
$$;
--> statement-breakpoint
-- The words a page-builder document shows (blocks' text props, at any depth), not its ids,
-- addresses, colours or layout choices.
CREATE FUNCTION page_plain_text(data jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT html_plain_text(coalesce(string_agg(value #>> '{}', ' '), ''))
    FROM jsonb_path_query(coalesce(data, '{}'::jsonb),
      'strict $.** ? (@.type() == "object").keyvalue() ? (@.key like_regex "^(title|subtitle|text|html|caption|question|answer|quote|author|role|name|description|features|period|price|ctaLabel|buttonLabel|submitLabel)$" && @.value.type() == "string").value') AS value
$$;
--> statement-breakpoint
-- A tsvector holds at most 1 MB: a body is indexed up to its first 200 000 characters.
CREATE FUNCTION search_document_of(config regconfig, title text, summary text, body text)
RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector(config, coalesce(title, '')), 'A')
      || setweight(to_tsvector(config, left(coalesce(summary, ''), 20000)), 'B')
      || setweight(to_tsvector(config, left(coalesce(body, ''), 200000)), 'C')
$$;
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_document" tsvector;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_document" tsvector;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "search_document" tsvector;--> statement-breakpoint
-- The words of four letters or more in a site's titles: a misspelt term is matched against
-- these few thousand (pg_trgm's "did you mean" recipe), not against every title. Words of a
-- title since changed stay: a stale one finds no title, and costs a row.
CREATE TABLE "search_words" (
  "account_id" uuid NOT NULL,
  "word" text NOT NULL,
  CONSTRAINT "search_words_account_id_word_pk" PRIMARY KEY ("account_id", "word")
);--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_words" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "search_words_tenant_isolation" ON "search_words" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION note_search_words(account uuid, title text) RETURNS void
LANGUAGE sql
SET search_path = public, pg_temp
AS $$
  INSERT INTO search_words (account_id, word)
  SELECT DISTINCT account, w FROM regexp_split_to_table(lower(coalesce(title, '')), '[^[:alpha:]]+') AS w
   WHERE length(w) BETWEEN 4 AND 40
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- Translations answer at their original's address and are not searched: they keep none.
CREATE FUNCTION posts_search_document() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
BEGIN
  IF NEW.translation_of IS NULL THEN
    PERFORM note_search_words(NEW.account_id, NEW.title);
  END IF;
  NEW.search_document := CASE WHEN NEW.translation_of IS NULL THEN search_document_of(
    account_search_config(NEW.account_id), NEW.title, NEW.excerpt, html_plain_text(NEW.content)) END;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION courses_search_document() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
BEGIN
  PERFORM note_search_words(NEW.account_id, NEW.title);
  NEW.search_document := search_document_of(
    account_search_config(NEW.account_id), NEW.title, NEW.subtitle, html_plain_text(NEW.description));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION pages_search_document() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
BEGIN
  IF NEW.translation_of IS NULL THEN
    PERFORM note_search_words(NEW.account_id, NEW.title);
  END IF;
  NEW.search_document := CASE WHEN NEW.translation_of IS NULL THEN search_document_of(
    account_search_config(NEW.account_id), NEW.title, NEW.description, page_plain_text(NEW.data)) END;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- `search_document` itself is in each list so that setting it to null rebuilds it.
CREATE TRIGGER posts_search_document BEFORE INSERT OR UPDATE OF title, excerpt, content, translation_of, search_document
  ON posts FOR EACH ROW EXECUTE FUNCTION posts_search_document();--> statement-breakpoint
CREATE TRIGGER courses_search_document BEFORE INSERT OR UPDATE OF title, subtitle, description, search_document
  ON courses FOR EACH ROW EXECUTE FUNCTION courses_search_document();--> statement-breakpoint
CREATE TRIGGER pages_search_document BEFORE INSERT OR UPDATE OF title, description, data, translation_of, search_document
  ON pages FOR EACH ROW EXECUTE FUNCTION pages_search_document();--> statement-breakpoint
-- A site that changes its language rebuilds its documents in the new one, in the same
-- transaction (the rows are its own: the policies' account is set to it for the rebuild).
CREATE FUNCTION accounts_search_language() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $$
DECLARE
  previous text := current_setting('app.account_id', true);
BEGIN
  IF search_config_for(OLD.settings ->> 'defaultLanguage')
       IS DISTINCT FROM search_config_for(NEW.settings ->> 'defaultLanguage') THEN
    PERFORM set_config('app.account_id', NEW.account_id::text, true);
    UPDATE posts SET search_document = NULL WHERE account_id = NEW.account_id AND translation_of IS NULL;
    UPDATE courses SET search_document = NULL WHERE account_id = NEW.account_id;
    UPDATE pages SET search_document = NULL WHERE account_id = NEW.account_id AND translation_of IS NULL;
    PERFORM set_config('app.account_id', coalesce(previous, ''), true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_search_language AFTER UPDATE OF settings
  ON accounts FOR EACH ROW EXECUTE FUNCTION accounts_search_language();--> statement-breakpoint
-- Existing rows get their documents and their titles' words (the policies are lifted for the
-- migration's own update).
ALTER TABLE "posts" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "courses" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pages" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE "posts" SET "search_document" = NULL WHERE "translation_of" IS NULL;--> statement-breakpoint
UPDATE "courses" SET "search_document" = NULL;--> statement-breakpoint
UPDATE "pages" SET "search_document" = NULL WHERE "translation_of" IS NULL;--> statement-breakpoint
ALTER TABLE "posts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "courses" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pages" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "search_words" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "posts_search_document" ON "posts" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "courses_search_document" ON "courses" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "pages_search_document" ON "pages" USING gin ("search_document");--> statement-breakpoint
DROP FUNCTION search_site(text, text[], integer);
--> statement-breakpoint
-- The word of the account's titles nearest a term, if one is near enough (a trigram similarity
-- of 0.5: "photograpy" finds "photography", "zzqx" nothing).
CREATE FUNCTION nearest_search_word(account uuid, term text) RETURNS text
LANGUAGE sql STABLE
SET search_path = public, pg_temp
AS $$
  SELECT w.word FROM search_words w
   WHERE w.account_id = account AND w.word % lower(term) AND w.word <> lower(term)
     AND similarity(w.word, lower(term)) >= 0.5
   ORDER BY similarity(w.word, lower(term)) DESC, w.word
   LIMIT 1
$$;
--> statement-breakpoint
CREATE FUNCTION search_site(term text, kinds text[], per_kind integer)
RETURNS TABLE (
  result_kind text,
  result_id uuid,
  result_title text,
  result_slug text,
  result_detail text,
  result_image text,
  -- 'title' (every word in the title), 'body' (the text-search document) or 'similar' (a
  -- title holding the site's title word nearest a misspelt term that matched nothing).
  result_match text,
  -- Body matches: up to two fragments around the words found, each found word between
  -- chr(2) and chr(3) (never in the text: html_plain_text removes them).
  result_snippet text
)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
-- A term of stop words only makes an empty query, which PostgreSQL reports as a notice.
SET client_min_messages = warning
AS $fn$
DECLARE
  current_account uuid := nullif(current_setting('app.account_id', true), '')::uuid;
  patterns text[];
  leading_pattern text;
  second_pattern text;
  starts_with text;
  config regconfig;
  query tsquery;
  marks constant text := 'StartSel=' || chr(2) || ', StopSel=' || chr(3)
    || ', MaxWords=22, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "';
  has_query boolean;
  fuzzy boolean;
  found integer;
  more integer;
  -- Ranking reads every candidate; a word in thousands of titles ranks its first 200 found,
  -- which keeps a very common term as fast as a rare one (decisions 013 and 084: 500 while rows
  -- held no body; with bodies a row is wider and each candidate costs more to read).
  candidates constant integer := 200;
  -- The site's title word nearest a misspelt term, once one is wanted.
  corrected text;
  corrected_looked boolean := false;
BEGIN
  IF current_account IS NULL OR per_kind IS NULL OR per_kind < 1 THEN
    RETURN;
  END IF;
  per_kind := least(per_kind, 50);
  term := btrim(coalesce(term, ''));
  -- Every word must appear somewhere in the title; the longest one drives the index.
  SELECT array_agg(
           '%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%'
           ORDER BY length(w) DESC)
    INTO patterns
    FROM regexp_split_to_table(term, '\s+') AS w
   WHERE w <> '';
  IF patterns IS NULL THEN
    RETURN;
  END IF;
  leading_pattern := patterns[1];
  -- Two words drive the index together: rows with both, not every row with the longer one.
  second_pattern := coalesce(patterns[2], patterns[1]);
  starts_with := replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  config := account_search_config(current_account);
  query := websearch_to_tsquery(config, left(term, 200));
  has_query := numnode(query) > 0;
  -- Similar titles for one word of letters long enough to have trigrams worth comparing: a
  -- phrase, or a word with digits or signs, means what it says.
  fuzzy := term ~ '^[[:alpha:]]{4,}$';

  IF 'courses' = ANY (kinds) THEN
    RETURN QUERY
      SELECT 'courses'::text, t.id, t.title, t.slug, left(t.description, 160), t.featured_image ->> 'image', 'title'::text, NULL::text
        FROM (SELECT c.id, c.title, c.slug, c.description, c.featured_image FROM courses c
               WHERE c.account_id = current_account AND c.status = 'published'
                 AND c.title ILIKE leading_pattern AND c.title ILIKE second_pattern AND c.title ILIKE ALL (patterns)
               LIMIT candidates) t
       ORDER BY t.title ILIKE starts_with DESC, length(t.title), t.title
       LIMIT per_kind;
    GET DIAGNOSTICS found = ROW_COUNT;
    -- Bodies only fill what titles left: a common word fills the list with titles alone.
    IF found < per_kind AND has_query THEN
      RETURN QUERY
        WITH ranked AS (
          SELECT b.id, ts_rank_cd(b.search_document, query) AS score
            FROM (SELECT c.id, c.search_document FROM courses c
                   WHERE c.account_id = current_account AND c.status = 'published'
                     AND c.search_document @@ query
                     AND NOT (c.title ILIKE leading_pattern AND c.title ILIKE ALL (patterns))
                   LIMIT candidates) b
           ORDER BY score DESC
           LIMIT per_kind - found
        )
        SELECT 'courses'::text, c.id, c.title, c.slug, left(c.description, 160), c.featured_image ->> 'image', 'body'::text,
               ts_headline(config, concat_ws(' ', c.subtitle, html_plain_text(c.description)), query, marks)
          FROM ranked r JOIN courses c ON c.account_id = current_account AND c.id = r.id
         ORDER BY r.score DESC, c.title;
      GET DIAGNOSTICS more = ROW_COUNT;
      found := found + more;
    END IF;
    IF found = 0 AND fuzzy THEN
      IF NOT corrected_looked THEN
        corrected := nearest_search_word(current_account, term);
        corrected_looked := true;
      END IF;
      IF corrected IS NOT NULL THEN
        RETURN QUERY
          SELECT 'courses'::text, t.id, t.title, t.slug, left(t.description, 160), t.featured_image ->> 'image', 'similar'::text, NULL::text
            FROM (SELECT c.id, c.title, c.slug, c.description, c.featured_image FROM courses c
                   WHERE c.account_id = current_account AND c.status = 'published'
                     AND c.title ILIKE '%' || corrected || '%'
                   LIMIT candidates) t
           ORDER BY t.title ILIKE corrected || '%' DESC, length(t.title), t.title
           LIMIT per_kind;
      END IF;
    END IF;
  END IF;
  IF 'blog' = ANY (kinds) THEN
    RETURN QUERY
      SELECT 'blog'::text, t.id, t.title, t.slug, left(t.excerpt, 160), t.settings ->> 'featured', 'title'::text, NULL::text
        FROM (SELECT p.id, p.title, p.slug, p.excerpt, p.settings FROM posts p
               WHERE p.account_id = current_account AND p.status = 'published'
                 AND p.translation_of IS NULL
                 AND p.title ILIKE leading_pattern AND p.title ILIKE second_pattern AND p.title ILIKE ALL (patterns)
               LIMIT candidates) t
       ORDER BY t.title ILIKE starts_with DESC, length(t.title), t.title
       LIMIT per_kind;
    GET DIAGNOSTICS found = ROW_COUNT;
    -- Bodies only fill what titles left: a common word fills the list with titles alone.
    IF found < per_kind AND has_query THEN
      RETURN QUERY
        WITH ranked AS (
          SELECT b.id, ts_rank_cd(b.search_document, query) AS score
            FROM (SELECT p.id, p.search_document FROM posts p
                   WHERE p.account_id = current_account AND p.status = 'published'
                 AND p.translation_of IS NULL
                     AND p.search_document @@ query
                     AND NOT (p.title ILIKE leading_pattern AND p.title ILIKE ALL (patterns))
                   LIMIT candidates) b
           ORDER BY score DESC
           LIMIT per_kind - found
        )
        SELECT 'blog'::text, p.id, p.title, p.slug, left(p.excerpt, 160), p.settings ->> 'featured', 'body'::text,
               ts_headline(config, concat_ws(' ', p.excerpt, html_plain_text(p.content)), query, marks)
          FROM ranked r JOIN posts p ON p.account_id = current_account AND p.id = r.id
         ORDER BY r.score DESC, p.title;
      GET DIAGNOSTICS more = ROW_COUNT;
      found := found + more;
    END IF;
    IF found = 0 AND fuzzy THEN
      IF NOT corrected_looked THEN
        corrected := nearest_search_word(current_account, term);
        corrected_looked := true;
      END IF;
      IF corrected IS NOT NULL THEN
        RETURN QUERY
          SELECT 'blog'::text, t.id, t.title, t.slug, left(t.excerpt, 160), t.settings ->> 'featured', 'similar'::text, NULL::text
            FROM (SELECT p.id, p.title, p.slug, p.excerpt, p.settings FROM posts p
                   WHERE p.account_id = current_account AND p.status = 'published'
                 AND p.translation_of IS NULL
                     AND p.title ILIKE '%' || corrected || '%'
                   LIMIT candidates) t
           ORDER BY t.title ILIKE corrected || '%' DESC, length(t.title), t.title
           LIMIT per_kind;
      END IF;
    END IF;
  END IF;
  IF 'pages' = ANY (kinds) THEN
    RETURN QUERY
      SELECT 'pages'::text, t.id, t.title, t.slug, t.kind, NULL::text, 'title'::text, NULL::text
        FROM (SELECT g.id, g.title, g.slug, g.kind FROM pages g
               WHERE g.account_id = current_account AND g.status = 'published'
                 AND g.translation_of IS NULL AND g.kind <> 'funnel'
                 AND g.title ILIKE leading_pattern AND g.title ILIKE second_pattern AND g.title ILIKE ALL (patterns)
               LIMIT candidates) t
       ORDER BY t.title ILIKE starts_with DESC, length(t.title), t.title
       LIMIT per_kind;
    GET DIAGNOSTICS found = ROW_COUNT;
    -- Bodies only fill what titles left: a common word fills the list with titles alone.
    IF found < per_kind AND has_query THEN
      RETURN QUERY
        WITH ranked AS (
          SELECT b.id, ts_rank_cd(b.search_document, query) AS score
            FROM (SELECT g.id, g.search_document FROM pages g
                   WHERE g.account_id = current_account AND g.status = 'published'
                 AND g.translation_of IS NULL AND g.kind <> 'funnel'
                     AND g.search_document @@ query
                     AND NOT (g.title ILIKE leading_pattern AND g.title ILIKE ALL (patterns))
                   LIMIT candidates) b
           ORDER BY score DESC
           LIMIT per_kind - found
        )
        SELECT 'pages'::text, g.id, g.title, g.slug, g.kind, NULL::text, 'body'::text,
               ts_headline(config, concat_ws(' ', g.description, page_plain_text(g.data)), query, marks)
          FROM ranked r JOIN pages g ON g.account_id = current_account AND g.id = r.id
         ORDER BY r.score DESC, g.title;
      GET DIAGNOSTICS more = ROW_COUNT;
      found := found + more;
    END IF;
    IF found = 0 AND fuzzy THEN
      IF NOT corrected_looked THEN
        corrected := nearest_search_word(current_account, term);
        corrected_looked := true;
      END IF;
      IF corrected IS NOT NULL THEN
        RETURN QUERY
          SELECT 'pages'::text, t.id, t.title, t.slug, t.kind, NULL::text, 'similar'::text, NULL::text
            FROM (SELECT g.id, g.title, g.slug, g.kind FROM pages g
                   WHERE g.account_id = current_account AND g.status = 'published'
                 AND g.translation_of IS NULL AND g.kind <> 'funnel'
                     AND g.title ILIKE '%' || corrected || '%'
                   LIMIT candidates) t
           ORDER BY t.title ILIKE corrected || '%' DESC, length(t.title), t.title
           LIMIT per_kind;
      END IF;
    END IF;
  END IF;
  IF 'members' = ANY (kinds) THEN
    RETURN QUERY
      SELECT 'members'::text, m.id, m.name, m.slug, NULL::text, m.avatar, 'title'::text, NULL::text
        FROM (SELECT id, name, slug, avatar FROM members
               WHERE account_id = current_account
                 AND name ILIKE leading_pattern AND name ILIKE second_pattern
                 AND name ILIKE ALL (patterns)
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
-- The search role reads the documents and the text its snippets are cut from.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'lyceum_search') THEN
    GRANT SELECT (search_document, subtitle) ON courses TO lyceum_search;
    GRANT SELECT (search_document, content) ON posts TO lyceum_search;
    GRANT SELECT (search_document, description, data) ON pages TO lyceum_search;
    GRANT SELECT (account_id, settings) ON accounts TO lyceum_search;
    GRANT SELECT ON search_words TO lyceum_search;
    ALTER FUNCTION search_site(text, text[], integer) OWNER TO lyceum_search;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'search_site stays with the migrating role: site search runs under row-level security';
END
$$;
