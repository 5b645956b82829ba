CREATE TABLE "limiter_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "limiter_counts_expire" ON "limiter_counts" USING btree ("expire");
--> statement-breakpoint
-- Like rate_limits and sign_in_limits: reached only on the owner connection; requests get nothing of it.
REVOKE ALL ON "limiter_counts" FROM lyceum_app;
