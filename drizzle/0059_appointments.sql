CREATE TABLE "appointment_types" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"host_user_id" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"location_kind" text DEFAULT 'meeting' NOT NULL,
	"location_detail" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_types_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "appointment_types" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "availabilities" (
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availabilities_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "availabilities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bookings" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type_id" uuid NOT NULL,
	"host_user_id" text NOT NULL,
	"booker_user_id" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"wall_start" text NOT NULL,
	"host_zone" text NOT NULL,
	"tz_version" text NOT NULL,
	"booker_zone" text NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "bookings_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "calendar" text;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_account_id_host_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","host_user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_account_id_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_account_id_type_id_appointment_types_account_id_id_fk" FOREIGN KEY ("account_id","type_id") REFERENCES "public"."appointment_types"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_account_id_booker_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","booker_user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_types_slug" ON "appointment_types" USING btree ("account_id","slug");--> statement-breakpoint
CREATE INDEX "bookings_host_time" ON "bookings" USING btree ("account_id","host_user_id","start_at");--> statement-breakpoint
CREATE INDEX "bookings_booker" ON "bookings" USING btree ("account_id","booker_user_id","start_at");--> statement-breakpoint
CREATE POLICY "appointment_types_tenant_isolation" ON "appointment_types" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "availabilities_tenant_isolation" ON "availabilities" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "bookings_tenant_isolation" ON "bookings" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
ALTER TABLE "appointment_types" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "availabilities" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bookings" FORCE ROW LEVEL SECURITY;
