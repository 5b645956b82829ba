ALTER TABLE "appointment_types" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE INDEX "bookings_pending_hold" ON "bookings" USING btree ("account_id","hold_until") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_reference" ON "orders" USING btree ("account_id","reference") WHERE "orders"."reference" is not null;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_product_fk" FOREIGN KEY ("account_id","product_id") REFERENCES "public"."products"("account_id","id") ON DELETE SET NULL ("product_id") ON UPDATE no action;
