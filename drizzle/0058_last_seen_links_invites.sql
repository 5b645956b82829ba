ALTER TABLE "member_invites" ALTER COLUMN "role_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "links" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "members_last_seen" ON "members" USING btree ("account_id","last_seen_at");--> statement-breakpoint
-- Decision 074: a member's "last seen" is kept on their row as sessions are written, so it
-- outlives the sessions (signed out, lapsed and cleared, revoked). Sessions are global rows
-- written by the owner role; the member row is under row-level security, so the trigger names
-- the session's site for the one update and puts the transaction's setting back.
CREATE FUNCTION members_note_session() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_temp
AS $fn$
DECLARE
  previous text := current_setting('app.account_id', true);
BEGIN
  IF NEW.tenant_id IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('app.account_id', NEW.tenant_id::text, true);
  UPDATE members SET last_seen_at = NEW.updated_at
   WHERE account_id = NEW.tenant_id AND user_id = NEW.user_id
     AND (last_seen_at IS NULL OR last_seen_at < NEW.updated_at);
  PERFORM set_config('app.account_id', coalesce(previous, ''), true);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER sessions_note_last_seen AFTER INSERT OR UPDATE OF updated_at ON sessions
FOR EACH ROW EXECUTE FUNCTION members_note_session();
--> statement-breakpoint
-- Signing in on a site opens the session before the membership exists: a new member row starts
-- from the sessions already open there. The request role reads no sessions, hence DEFINER.
CREATE FUNCTION members_seen_on_join() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $fn$
BEGIN
  IF NEW.last_seen_at IS NULL THEN
    SELECT max(updated_at) INTO NEW.last_seen_at
      FROM sessions WHERE tenant_id = NEW.account_id AND user_id = NEW.user_id;
  END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER members_seen_on_join BEFORE INSERT ON members
FOR EACH ROW EXECUTE FUNCTION members_seen_on_join();
--> statement-breakpoint
-- What the sessions on record know today, one site at a time (under its policies).
DO $$
DECLARE
  site uuid;
BEGIN
  FOR site IN SELECT DISTINCT tenant_id FROM sessions WHERE tenant_id IS NOT NULL LOOP
    PERFORM set_config('app.account_id', site::text, true);
    UPDATE members m SET last_seen_at = s.seen
      FROM (SELECT user_id, max(updated_at) AS seen FROM sessions
             WHERE tenant_id = site GROUP BY user_id) s
     WHERE m.account_id = site AND m.user_id = s.user_id;
  END LOOP;
  PERFORM set_config('app.account_id', '', true);
END
$$;
