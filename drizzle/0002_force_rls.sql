-- drizzle-kit emits ENABLE only. FORCE makes the policies bind the table owner too, so even
-- a connection that forgot SET LOCAL ROLE cannot read across accounts (unless superuser).
ALTER TABLE "accounts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "options" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "posts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "pages" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "courses" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "lessons" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Plans are the platform's catalogue: requests read them, only the owner writes them.
REVOKE INSERT, UPDATE, DELETE ON "plans" FROM lyceum_app;
