ALTER TABLE "members" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "profile_public" boolean DEFAULT false NOT NULL;