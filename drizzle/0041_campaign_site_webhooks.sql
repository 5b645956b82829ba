ALTER TABLE "campaign_sending_settings" ADD COLUMN "webhook_relay" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_sending_settings" ADD COLUMN "webhook_key_sealed" text;