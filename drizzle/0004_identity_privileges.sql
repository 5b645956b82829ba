-- Members and roles are tenant tables: their policies bind the owner too.
ALTER TABLE "members" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "roles" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Auth tables are global and reached only through better-auth on the owner connection;
-- the request role gets nothing of them (password hashes, tokens, TOTP secrets).
REVOKE ALL ON "users", "sessions", "auth_accounts", "verifications", "two_factors" FROM lyceum_app;
--> statement-breakpoint
-- The outbox holds one-time links: requests never read it (the owner writes and reads).
REVOKE ALL ON "mail_outbox" FROM lyceum_app;
--> statement-breakpoint
-- Accounts created before roles existed get the default roles (app/features/members/capabilities.ts).
-- Policies bind the owner too (FORCE), so each account's rows are written under its own setting.
DO $$
DECLARE
  acct uuid;
BEGIN
  FOR acct IN SELECT account_id FROM accounts LOOP
    PERFORM set_config('app.account_id', acct::text, true);
    INSERT INTO roles (account_id, name, caps, is_default)
    SELECT acct, r.name, r.caps, r.is_default
    FROM (VALUES
      ('student', ARRAY[]::text[], true),
      ('instructor', ARRAY['edit_posts','create_courses','manage_curriculum','manage_students','manage_submissions','manage_stats'], false),
      ('parent', ARRAY['manage_stats'], false),
      ('site_owner', ARRAY['manage_options','edit_posts','create_courses','manage_curriculum','manage_students','manage_submissions','manage_stats'], false)
    ) AS r(name, caps, is_default)
    WHERE NOT EXISTS (SELECT 1 FROM roles WHERE roles.account_id = acct);
  END LOOP;
  PERFORM set_config('app.account_id', '', true);
END
$$;
