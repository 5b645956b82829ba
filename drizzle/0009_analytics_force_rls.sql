-- drizzle-kit emits ENABLE only; FORCE makes the tenant policies bind the table owner too.
ALTER TABLE "funnel_sessions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "page_views" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "analytics_events" FORCE ROW LEVEL SECURITY;
