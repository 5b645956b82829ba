-- The platform's own content (its docs; its pages and posts with issue 17) lives in a reserved
-- account row with a fixed id, so every tenant table, policy and use case serves it unchanged
-- (docs/decisions/029-platform-account.md). No host resolves to it: the tenant resolver refuses
-- this id, and `platform` is a reserved slug no sign-up may take.
-- The accounts table's policies bind its owner too (FORCE): the row is written as itself, and the
-- setting is cleared again, since later migrations may share this transaction.
SELECT set_config('app.account_id', '00000000-0000-4000-8000-000000000001', true);--> statement-breakpoint
INSERT INTO "accounts" ("account_id", "slug", "settings")
VALUES ('00000000-0000-4000-8000-000000000001', 'platform', '{"sitetitle": "Lyceum"}'::jsonb)
ON CONFLICT ("account_id") DO NOTHING;--> statement-breakpoint
SELECT set_config('app.account_id', '', true);
