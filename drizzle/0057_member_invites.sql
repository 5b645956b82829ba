CREATE TABLE "member_invites" (
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role_id" uuid NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_invites_account_id_email_pk" PRIMARY KEY("account_id","email")
);
--> statement-breakpoint
ALTER TABLE "member_invites" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "member_invites" ADD CONSTRAINT "member_invites_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invites" ADD CONSTRAINT "member_invites_account_id_role_id_roles_account_id_role_id_fk" FOREIGN KEY ("account_id","role_id") REFERENCES "public"."roles"("account_id","role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "member_invites_tenant_isolation" ON "member_invites" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
ALTER TABLE "member_invites" FORCE ROW LEVEL SECURITY;