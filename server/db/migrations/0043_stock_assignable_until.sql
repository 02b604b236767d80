-- 'Asignación de Moves' opens on what can be assigned: a visit or move of a project that has not ended, at a
-- point of sale still active (migration 0034's rule). Asked through project_locations, projects and locations,
-- that rule made the whole assignable stock sorted by a column read every place of every running project twice
-- (~0.12 s a page on the scale data, ~0.6 s under load). Each visit and move now carries the date until which it
-- can be assigned: its project's end date while its point of sale is active, else null. The rule is then
-- `assignable_until >= today`, a range of one index per branch. Triggers keep it, on the rows themselves and on
-- every table the rule reads (server/services/moves/stock.ts).
ALTER TABLE "user_moves" ADD COLUMN "assignable_until" date;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "assignable_until" date;--> statement-breakpoint
-- The point of sale is read FOR SHARE: a deactivation being written waits for the new row's transaction, whose row
-- it then updates, or the new row waits for it and reads the point of sale inactive. Read plainly, a visit added
-- while its point of sale was being deactivated kept the project's end date, assignable, once both committed.
-- (The project is not locked: an assignment that holds a visit and adds its move would then wait for a change
-- of the project's end date that waits for that visit.)
CREATE FUNCTION campo_assignable_until(project_location integer) RETURNS date LANGUAGE plpgsql AS $$
DECLARE
  until date;
BEGIN
  SELECT CASE WHEN l.status THEN p.end_date END INTO until
    FROM project_locations pl JOIN projects p ON p.id = pl.project_id JOIN locations l ON l.id = pl.location_id
    WHERE pl.id = project_location
    FOR SHARE OF l;
  RETURN until;
END
$$;
--> statement-breakpoint
UPDATE visits v SET assignable_until = CASE WHEN l.status THEN p.end_date END
  FROM project_locations pl JOIN projects p ON p.id = pl.project_id JOIN locations l ON l.id = pl.location_id
  WHERE pl.id = v.project_location_id;
--> statement-breakpoint
UPDATE user_moves um SET assignable_until = CASE WHEN l.status THEN p.end_date END
  FROM project_locations pl JOIN projects p ON p.id = pl.project_id JOIN locations l ON l.id = pl.location_id
  WHERE pl.id = um.project_location_id;
--> statement-breakpoint
-- A new visit or move, or one moved to another place, takes its place's date.
CREATE FUNCTION campo_row_assignable_until() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.assignable_until := campo_assignable_until(NEW.project_location_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER visits_assignable_until BEFORE INSERT OR UPDATE OF project_location_id ON visits
  FOR EACH ROW EXECUTE FUNCTION campo_row_assignable_until();
--> statement-breakpoint
CREATE TRIGGER user_moves_assignable_until BEFORE INSERT OR UPDATE OF project_location_id ON user_moves
  FOR EACH ROW EXECUTE FUNCTION campo_row_assignable_until();
--> statement-breakpoint
-- A project whose end date changes (extended, ended), a point of sale activated or deactivated, or a project
-- location that changes project or point of sale: their visits and moves take the new date.
-- The moves first, then the visits, each locked in id order before it is written: the order in which a
-- cancellation or a rescue (a move, then its visit) and the assignments (moves in id order) take them. Written
-- visits first, in the order the UPDATE found them, a deactivation and a cancellation deadlocked.
CREATE FUNCTION campo_places_assignable_until() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM user_moves um
    JOIN project_locations pl ON pl.id = um.project_location_id JOIN projects p ON p.id = pl.project_id JOIN locations l ON l.id = pl.location_id
    WHERE (CASE TG_TABLE_NAME WHEN 'projects' THEN pl.project_id WHEN 'locations' THEN pl.location_id ELSE pl.id END) = NEW.id
      AND um.assignable_until IS DISTINCT FROM (CASE WHEN l.status THEN p.end_date END)
    ORDER BY um.id FOR UPDATE OF um;
  UPDATE user_moves um SET assignable_until = CASE WHEN l.status THEN p.end_date END
    FROM project_locations pl JOIN projects p ON p.id = pl.project_id JOIN locations l ON l.id = pl.location_id
    WHERE um.project_location_id = pl.id
      AND (CASE TG_TABLE_NAME WHEN 'projects' THEN pl.project_id WHEN 'locations' THEN pl.location_id ELSE pl.id END) = NEW.id
      AND um.assignable_until IS DISTINCT FROM (CASE WHEN l.status THEN p.end_date END);
  PERFORM 1 FROM visits v
    JOIN project_locations pl ON pl.id = v.project_location_id JOIN projects p ON p.id = pl.project_id JOIN locations l ON l.id = pl.location_id
    WHERE (CASE TG_TABLE_NAME WHEN 'projects' THEN pl.project_id WHEN 'locations' THEN pl.location_id ELSE pl.id END) = NEW.id
      AND v.assignable_until IS DISTINCT FROM (CASE WHEN l.status THEN p.end_date END)
    ORDER BY v.id FOR UPDATE OF v;
  UPDATE visits v SET assignable_until = CASE WHEN l.status THEN p.end_date END
    FROM project_locations pl JOIN projects p ON p.id = pl.project_id JOIN locations l ON l.id = pl.location_id
    WHERE v.project_location_id = pl.id
      AND (CASE TG_TABLE_NAME WHEN 'projects' THEN pl.project_id WHEN 'locations' THEN pl.location_id ELSE pl.id END) = NEW.id
      AND v.assignable_until IS DISTINCT FROM (CASE WHEN l.status THEN p.end_date END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER projects_assignable_until AFTER UPDATE OF end_date ON projects
  FOR EACH ROW WHEN (OLD.end_date IS DISTINCT FROM NEW.end_date) EXECUTE FUNCTION campo_places_assignable_until();
--> statement-breakpoint
CREATE TRIGGER locations_assignable_until AFTER UPDATE OF status ON locations
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION campo_places_assignable_until();
--> statement-breakpoint
CREATE TRIGGER project_locations_assignable_until AFTER UPDATE OF project_id, location_id ON project_locations
  FOR EACH ROW WHEN (OLD.project_id IS DISTINCT FROM NEW.project_id OR OLD.location_id IS DISTINCT FROM NEW.location_id)
  EXECUTE FUNCTION campo_places_assignable_until();
--> statement-breakpoint
-- The rule asked of each row through its place (migration 0034): the rows carry it now.
DROP FUNCTION campo_assignable_place(integer, date);
--> statement-breakpoint
CREATE INDEX "user_moves_assignable_idx" ON "user_moves" USING btree ("assignable_until","due_to","id") WHERE "user_moves"."status" in ('ASIGNADA', 'DISPONIBLE');--> statement-breakpoint
CREATE INDEX "visits_assignable_idx" ON "visits" USING btree ("assignable_until","due_to","id") WHERE "visits"."state" in ('PUBLICADA', 'PUBLICADA_POR_CANCELACION');
