-- Searches inside names and codes use trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "user_moves" ADD COLUMN "getter_sort_key" text;--> statement-breakpoint
ALTER TABLE "user_moves" ADD COLUMN "agent_sort_key" text;--> statement-breakpoint
ALTER TABLE "user_moves" ADD COLUMN "client_sort_key" text;--> statement-breakpoint
ALTER TABLE "user_moves" ADD COLUMN "location_sort_key" text;--> statement-breakpoint
-- The moves list's sort keys by a joined name (schema.ts, user_moves.*_sort_key): the same lower-cased
-- names the list compares, kept here by triggers on every table a name comes from.
CREATE FUNCTION campo_person_sort_key(person integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(nullif(trim(u.names || ' ' || u.last_name), '')) FROM users u WHERE u.id = person
$$;
--> statement-breakpoint
CREATE FUNCTION campo_user_moves_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    NEW.getter_sort_key := campo_person_sort_key(NEW.user_id);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.assigned_agent_id IS DISTINCT FROM OLD.assigned_agent_id THEN
    NEW.agent_sort_key := campo_person_sort_key(NEW.assigned_agent_id);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.project_location_id IS DISTINCT FROM OLD.project_location_id THEN
    SELECT lower(c.name), lower(l.full_name) INTO NEW.client_sort_key, NEW.location_sort_key
      FROM project_locations pl JOIN projects p ON p.id = pl.project_id JOIN locations l ON l.id = pl.location_id
      LEFT JOIN clients c ON c.id = p.client_id
      WHERE pl.id = NEW.project_location_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_moves_sort_keys BEFORE INSERT OR UPDATE OF user_id, assigned_agent_id, project_location_id ON user_moves
  FOR EACH ROW EXECUTE FUNCTION campo_user_moves_sort_keys();
--> statement-breakpoint
CREATE FUNCTION campo_users_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE key text := lower(nullif(trim(NEW.names || ' ' || NEW.last_name), ''));
BEGIN
  UPDATE user_moves SET getter_sort_key = key WHERE user_id = NEW.id AND getter_sort_key IS DISTINCT FROM key;
  UPDATE user_moves SET agent_sort_key = key WHERE assigned_agent_id = NEW.id AND agent_sort_key IS DISTINCT FROM key;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_sort_keys AFTER UPDATE OF names, last_name ON users
  FOR EACH ROW WHEN (OLD.names IS DISTINCT FROM NEW.names OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION campo_users_sort_keys();
--> statement-breakpoint
CREATE FUNCTION campo_clients_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_moves um SET client_sort_key = lower(NEW.name)
    FROM project_locations pl JOIN projects p ON p.id = pl.project_id
    WHERE um.project_location_id = pl.id AND p.client_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER clients_sort_keys AFTER UPDATE OF name ON clients
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION campo_clients_sort_keys();
--> statement-breakpoint
CREATE FUNCTION campo_locations_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_moves um SET location_sort_key = lower(NEW.full_name)
    FROM project_locations pl WHERE um.project_location_id = pl.id AND pl.location_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_sort_keys AFTER UPDATE OF full_name ON locations
  FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name) EXECUTE FUNCTION campo_locations_sort_keys();
--> statement-breakpoint
CREATE FUNCTION campo_places_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A project that changes client, or a project location that changes project or point of sale.
  UPDATE user_moves um SET client_sort_key = lower(c.name), location_sort_key = lower(l.full_name)
    FROM project_locations pl JOIN projects p ON p.id = pl.project_id JOIN locations l ON l.id = pl.location_id
    LEFT JOIN clients c ON c.id = p.client_id
    WHERE um.project_location_id = pl.id AND (CASE TG_TABLE_NAME WHEN 'projects' THEN pl.project_id ELSE pl.id END) = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER projects_sort_keys AFTER UPDATE OF client_id ON projects
  FOR EACH ROW WHEN (OLD.client_id IS DISTINCT FROM NEW.client_id) EXECUTE FUNCTION campo_places_sort_keys();
--> statement-breakpoint
CREATE TRIGGER project_locations_sort_keys AFTER UPDATE OF project_id, location_id ON project_locations
  FOR EACH ROW WHEN (OLD.project_id IS DISTINCT FROM NEW.project_id OR OLD.location_id IS DISTINCT FROM NEW.location_id)
  EXECUTE FUNCTION campo_places_sort_keys();
--> statement-breakpoint
-- The moves already there (one pass; the indexes are built after it).
UPDATE user_moves um SET getter_sort_key = campo_person_sort_key(um.user_id), agent_sort_key = campo_person_sort_key(um.assigned_agent_id),
    client_sort_key = place.client_key, location_sort_key = place.location_key
  FROM (SELECT pl.id, lower(c.name) AS client_key, lower(l.full_name) AS location_key
      FROM project_locations pl JOIN projects p ON p.id = pl.project_id JOIN locations l ON l.id = pl.location_id
      LEFT JOIN clients c ON c.id = p.client_id) place
  WHERE place.id = um.project_location_id;
--> statement-breakpoint
CREATE INDEX "locations_full_name_trgm_idx" ON "locations" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_client_location_name_trgm_idx" ON "locations" USING gin ("client_location_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_client_location_id_trgm_idx" ON "locations" USING gin ("client_location_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_moves_getter_sort_idx" ON "user_moves" USING btree ("getter_sort_key","id");--> statement-breakpoint
CREATE INDEX "user_moves_agent_sort_idx" ON "user_moves" USING btree ("agent_sort_key","id");--> statement-breakpoint
CREATE INDEX "user_moves_client_sort_idx" ON "user_moves" USING btree ("client_sort_key","id");--> statement-breakpoint
CREATE INDEX "user_moves_location_sort_idx" ON "user_moves" USING btree ("location_sort_key","id");--> statement-breakpoint
CREATE INDEX "users_names_trgm_idx" ON "users" USING gin ("names" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ((trim("names" || ' ' || "last_name")) gin_trgm_ops);