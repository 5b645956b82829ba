DROP INDEX "affiliate_commissions_order";--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD COLUMN "basis" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_order_basis" ON "affiliate_commissions" USING btree ("account_id","order_id","kind","basis");