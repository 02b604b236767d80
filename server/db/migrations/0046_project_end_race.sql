-- A move or visit added while its project's end date changed kept the old date (migration 0043 left this race
-- open): the change's trigger did not see the uncommitted row, and the row had read the project unlocked. The
-- project is now read FOR SHARE too, as the point of sale is: a change of the end date being written waits for
-- the new row's transaction, whose row it then updates, or the new row waits for the change and reads the new
-- date. Whoever adds a move takes the project's lock before any visit or move of it (`assignVisits`, a
-- republish in `actOnMove`), the order in which a change of the project takes them (the project, then its
-- moves, then its visits): neither then holds what the other waits for.
CREATE OR REPLACE FUNCTION campo_assignable_until(project_location integer) RETURNS date LANGUAGE plpgsql AS $$
DECLARE
  until date;
BEGIN
  SELECT CASE WHEN l.status THEN p.end_date END INTO until
    FROM project_locations pl JOIN projects p ON p.id = pl.project_id JOIN locations l ON l.id = pl.location_id
    WHERE pl.id = project_location
    FOR SHARE OF l, p;
  RETURN until;
END
$$;
