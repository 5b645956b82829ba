ALTER TABLE "points_ledger" ADD COLUMN "group_id" uuid;--> statement-breakpoint
CREATE INDEX "points_ledger_board" ON "points_ledger" USING btree ("account_id","group_id","created_at");