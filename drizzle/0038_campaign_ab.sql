ALTER TABLE "campaigns" ADD COLUMN "ab_wait_minutes" integer DEFAULT 240 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ab_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ab_confidence" real;