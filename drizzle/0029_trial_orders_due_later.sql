ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts";--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_later" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts" CHECK ("orders"."subtotal" >= 0 and "orders"."discount" >= 0 and "orders"."total" >= 0 and "orders"."due_later" >= 0);