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
