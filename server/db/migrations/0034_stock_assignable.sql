-- Whether a visit or move of a project location can be assigned: its project has not ended by `today` and its
-- point of sale is active (the rule of the stock's `assignable=true`, of the rows' `proyectoFinalizado` and
-- `puntoDeVentaInactivo`, and of the assignment's refusal). The assignment screen's page walks each branch by
-- its key and asks this of each row it meets. Written in SQL inside the page's statement, its three joins were
-- planned with the page on every request: ~5 ms of the ~6.5 the first page cost on the scale data, for a
-- lookup by primary keys that runs in microseconds. In PL/pgSQL its query is prepared once per connection and
-- runs on the generic plan (the primary keys, whatever the values). server/services/moves/stock.ts.
CREATE OR REPLACE FUNCTION campo_assignable_place(project_location integer, today date) RETURNS boolean
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM project_locations pl
    JOIN projects p ON p.id = pl.project_id
    JOIN locations l ON l.id = pl.location_id
    WHERE pl.id = project_location AND p.end_date >= today AND l.status
  );
END
$$;
