-- A user deactivated, or given another role or client, keeps no access token issued before the change:
-- the guard refuses a token whose issue time is before `sessions_valid_after` (server/guard.ts). The
-- trigger sets it on every such change, whichever route (or import, or hand-written SQL) makes it.
ALTER TABLE "users" ADD COLUMN "sessions_valid_after" timestamp with time zone;--> statement-breakpoint
CREATE FUNCTION campo_users_sessions_valid_after() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sessions_valid_after := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_sessions_valid_after BEFORE UPDATE OF status, rol_id, client_id ON users
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.rol_id IS DISTINCT FROM NEW.rol_id OR OLD.client_id IS DISTINCT FROM NEW.client_id)
  EXECUTE FUNCTION campo_users_sessions_valid_after();
