-- The stock's 'Fecha de visita' is the date every other screen and file gives a visit: when the Getter finished it
-- (completed_audit_date, by which the reports filter and count), else when they started it. campo_stock_rows
-- (0035) gave the start; its column is renamed visit_date, so the function is dropped and created again.
DROP FUNCTION IF EXISTS campo_stock_rows(integer[], integer[]);
--> statement-breakpoint
CREATE FUNCTION campo_stock_rows(visit_ids integer[], move_ids integer[])
RETURNS TABLE (
  rank integer, id integer, id_pedido integer, id_move text, user_move_id integer, state text,
  project_location_id integer, project_id integer, project_name text, project_end text, location_active boolean,
  client_name text, full_name text, client_location_id text, city text, due_to text, getter text, agent text,
  published_at timestamptz, campaign text, video_link text, visit_date timestamptz, reason text
) LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT r.rank, r.id, r.id_pedido, r.id_move, r.user_move_id, r.state,
      pl.id, p.id, p.name, p.end_date::text, l.status,
      c.name, l.full_name, l.client_location_id, ci.name, r.due_to::text,
      nullif(trim(g.names || ' ' || g.last_name), ''), nullif(trim(a.names || ' ' || a.last_name), ''),
      v.published_at, ca.name, r.video_link, r.visit_date, r.reason
    FROM (
      SELECT 0 AS rank, x.id, x.id AS id_pedido, NULL::text AS id_move, NULL::integer AS user_move_id, x.state,
        x.project_location_id, x.due_to, NULL::integer AS getter_id, NULL::integer AS agent_id, x.id AS visit_id,
        NULL::text AS video_link, NULL::timestamptz AS visit_date, NULL::text AS reason
      FROM visits x
      WHERE x.id = ANY(visit_ids)
      UNION ALL
      SELECT 1, m.id, m.visit_id, m.code, m.id, m.status,
        m.project_location_id, m.due_to, m.user_id, m.assigned_agent_id, m.visit_id,
        m.video_link, coalesce(m.completed_audit_date, m.start_audit_date),
        CASE m.status WHEN 'RECHAZADA' THEN m.rejection_reason WHEN 'DESAPROBADA' THEN m.disapproved_reason
          WHEN 'DEVUELTA' THEN m.return_reason WHEN 'CANCELADA' THEN m.cancel_reason END
      FROM user_moves m
      WHERE m.id = ANY(move_ids)
    ) r
    JOIN project_locations pl ON pl.id = r.project_location_id
    JOIN projects p ON p.id = pl.project_id
    JOIN locations l ON l.id = pl.location_id
    LEFT JOIN clients c ON c.id = p.client_id
    LEFT JOIN cities ci ON ci.id = l.city_id
    LEFT JOIN campaigns ca ON ca.id = p.campaign_id
    LEFT JOIN users g ON g.id = r.getter_id
    LEFT JOIN users a ON a.id = r.agent_id
    LEFT JOIN visits v ON v.id = r.visit_id
    ORDER BY 1, 2;
END
$$;
