-- The rows of a page of the stock (the assignment screen and its export), for the visits and moves the page's
-- keys chose, in stock order (visits, then moves, each by id), with their project, point of sale and the names
-- they show. The page's keys are still planned with their values (each branch walks its primary key from the
-- cursor, with the filters); in PL/pgSQL this query is prepared once per connection and runs on the generic plan,
-- by primary keys whatever the ids: planned in the page's statement, its ten joins and lookups were most of the
-- statement's planning, on every page. The generic plan is forced: left to choose, PostgreSQL compares it with the
-- plans made for the first calls' arrays, and a page of visits only (no move) makes the moves' half look free, so it
-- kept planning every call (~3 ms) for a plan of ~0.3 ms that is the same for any ids. server/services/moves/stock.ts
-- `pageQuery`.
CREATE OR REPLACE FUNCTION campo_stock_rows(visit_ids integer[], move_ids integer[])
RETURNS TABLE (
  rank integer, id integer, id_pedido integer, id_move text, user_move_id integer, state text,
  project_location_id integer, project_id integer, project_name text, project_end text, location_active boolean,
  client_name text, full_name text, client_location_id text, city text, due_to text, getter text, agent text,
  published_at timestamptz, campaign text, video_link text, start_audit_date timestamptz, reason text
) LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT * FROM (
      SELECT 0 AS rank, x.id, x.id AS id_pedido, NULL::text AS id_move, NULL::integer AS user_move_id, x.state,
        pl.id, p.id, p.name, p.end_date::text, l.status,
        c.name, l.full_name, l.client_location_id, ci.name, x.due_to::text, NULL::text, NULL::text,
        x.published_at, ca.name, NULL::text, NULL::timestamptz, NULL::text
      FROM visits x
      JOIN project_locations pl ON pl.id = x.project_location_id
      JOIN projects p ON p.id = pl.project_id
      JOIN locations l ON l.id = pl.location_id
      LEFT JOIN clients c ON c.id = p.client_id
      LEFT JOIN cities ci ON ci.id = l.city_id
      LEFT JOIN campaigns ca ON ca.id = p.campaign_id
      WHERE x.id = ANY(visit_ids)
      UNION ALL
      SELECT 1, m.id, m.visit_id, m.code, m.id, m.status,
        pl.id, p.id, p.name, p.end_date::text, l.status,
        c.name, l.full_name, l.client_location_id, ci.name, m.due_to::text,
        nullif(trim(g.names || ' ' || g.last_name), ''), nullif(trim(a.names || ' ' || a.last_name), ''),
        v.published_at, ca.name, m.video_link, m.start_audit_date,
        CASE m.status WHEN 'RECHAZADA' THEN m.rejection_reason WHEN 'DESAPROBADA' THEN m.disapproved_reason
          WHEN 'DEVUELTA' THEN m.return_reason WHEN 'CANCELADA' THEN m.cancel_reason END
      FROM user_moves m
      JOIN project_locations pl ON pl.id = m.project_location_id
      JOIN projects p ON p.id = pl.project_id
      JOIN locations l ON l.id = pl.location_id
      LEFT JOIN clients c ON c.id = p.client_id
      LEFT JOIN cities ci ON ci.id = l.city_id
      LEFT JOIN campaigns ca ON ca.id = p.campaign_id
      LEFT JOIN users g ON g.id = m.user_id
      LEFT JOIN users a ON a.id = m.assigned_agent_id
      LEFT JOIN visits v ON v.id = m.visit_id
      WHERE m.id = ANY(move_ids)
    ) r
    ORDER BY 1, 2;
END
$$;
