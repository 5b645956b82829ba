-- Decision 035: a scheduled downgrade the owner undid ("Keep my current plan"), and a plan whose
-- subscription ended unpaid: when the round noticed it (the grace starts) and when the site fell
-- back to a new site's plan after the grace.
ALTER TABLE "plan_purchases" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD COLUMN "lapsed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD COLUMN "fell_back_at" timestamp with time zone;
