-- The role every request runs as (docs/decisions/004-tenancy-and-rls.md): it logs in never,
-- is no superuser, cannot bypass row-level security and will own nothing. Roles are
-- cluster-wide, so it may already exist from another database.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'lyceum_app') THEN
    CREATE ROLE lyceum_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END
$$;
--> statement-breakpoint
-- The migrating (owner) role must be able to SET LOCAL ROLE lyceum_app.
GRANT lyceum_app TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO lyceum_app;
--> statement-breakpoint
-- Tables the owner creates from now on are usable, never owned, by the app role.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO lyceum_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO lyceum_app;
