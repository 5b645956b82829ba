CREATE TABLE "sign_in_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_limits_updated" ON "sign_in_limits" USING btree ("updated_at");
--> statement-breakpoint
-- Like rate_limits: reached only on the owner connection; requests get nothing of it.
REVOKE ALL ON "sign_in_limits" FROM lyceum_app;
