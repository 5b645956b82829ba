-- Issue 31 point 2, decision 041: a coupon's use is reserved when its order is placed, under the
-- coupon row's lock, and given back when the order is cancelled, fails or expires. `reserved`
-- counts the uses held by unpaid orders (usage_count keeps counting paid ones); a redemption row
-- is written per order at placement and says where that use stands. Rows written before this
-- were all written at payment: they are used.
ALTER TABLE "coupons" ADD COLUMN "reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_reserved" CHECK ("coupons"."reserved" >= 0);--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "status" text DEFAULT 'used' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_status" CHECK ("coupon_redemptions"."status" in ('reserved', 'used', 'released'));--> statement-breakpoint
CREATE INDEX "coupon_redemptions_person" ON "coupon_redemptions" USING btree ("account_id","coupon_id","user_id");
