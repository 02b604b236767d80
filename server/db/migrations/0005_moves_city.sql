ALTER TABLE "user_moves" ADD COLUMN "city_id" integer;
--> statement-breakpoint
-- The move's city joins the sort keys its triggers keep (migration 0003): set with the point of sale's
-- names when the move is created or changes project location, and again when a point of sale moves city.
CREATE OR REPLACE FUNCTION campo_user_moves_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    NEW.getter_sort_key := campo_person_sort_key(NEW.user_id);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.assigned_agent_id IS DISTINCT FROM OLD.assigned_agent_id THEN
    NEW.agent_sort_key := campo_person_sort_key(NEW.assigned_agent_id);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.project_location_id IS DISTINCT FROM OLD.project_location_id THEN
    SELECT lower(c.name), lower(l.full_name), l.city_id INTO NEW.client_sort_key, NEW.location_sort_key, NEW.city_id
      FROM project_locations pl JOIN projects p ON p.id = pl.project_id JOIN locations l ON l.id = pl.location_id
      LEFT JOIN clients c ON c.id = p.client_id
      WHERE pl.id = NEW.project_location_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campo_locations_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_moves um SET location_sort_key = lower(NEW.full_name), city_id = NEW.city_id
    FROM project_locations pl WHERE um.project_location_id = pl.id AND pl.location_id = NEW.id
      AND (um.location_sort_key IS DISTINCT FROM lower(NEW.full_name) OR um.city_id IS DISTINCT FROM NEW.city_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER locations_sort_keys ON locations;
--> statement-breakpoint
CREATE TRIGGER locations_sort_keys AFTER UPDATE OF full_name, city_id ON locations
  FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.city_id IS DISTINCT FROM NEW.city_id)
  EXECUTE FUNCTION campo_locations_sort_keys();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campo_places_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A project that changes client, or a project location that changes project or point of sale.
  UPDATE user_moves um SET client_sort_key = lower(c.name), location_sort_key = lower(l.full_name), city_id = l.city_id
    FROM project_locations pl JOIN projects p ON p.id = pl.project_id JOIN locations l ON l.id = pl.location_id
    LEFT JOIN clients c ON c.id = p.client_id
    WHERE um.project_location_id = pl.id AND (CASE TG_TABLE_NAME WHEN 'projects' THEN pl.project_id ELSE pl.id END) = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE user_moves um SET city_id = place.city_id
  FROM (SELECT pl.id, l.city_id FROM project_locations pl JOIN locations l ON l.id = pl.location_id) place
  WHERE place.id = um.project_location_id;
--> statement-breakpoint
CREATE INDEX "user_moves_city_idx" ON "user_moves" USING btree ("city_id","id");
