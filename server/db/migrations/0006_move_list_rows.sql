-- The rows of a page of the moves list, in the order of the ids given, with their seven joins.
-- In PL/pgSQL its query is prepared once per connection and, with only the array as a parameter, runs on
-- the generic plan: the list is one statement (the page of ids planned with its values, as
-- `campo_move_list_rows(array(select id … limit n))`) without planning the seven joins on every page
-- (~2 ms of the database's time, ten times what running them costs). server/services/moves/queries.ts.
CREATE OR REPLACE FUNCTION campo_move_list_rows(ids integer[])
RETURNS TABLE (
  id integer, code text, client_location_name text, client_location_code text, user_full_name text, status text,
  attachments_count integer, assigned_agent_full_name text, projects_name text, campaigns_client_name text,
  created_at timestamptz
) LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT m.id, m.code, l.full_name, l.client_location_name, nullif(trim(g.names || ' ' || g.last_name), ''), m.status,
      m.attachments_count, nullif(trim(a.names || ' ' || a.last_name), ''), p.name, c.name, m.created_at
    FROM user_moves m
    JOIN project_locations pl ON pl.id = m.project_location_id
    JOIN projects p ON p.id = pl.project_id
    JOIN locations l ON l.id = pl.location_id
    LEFT JOIN clients c ON c.id = p.client_id
    LEFT JOIN users g ON g.id = m.user_id
    LEFT JOIN users a ON a.id = m.assigned_agent_id
    WHERE m.id = ANY(ids)
    ORDER BY array_position(ids, m.id);
END
$$;
