-- The stock report's 'Publicada' of a move is when the visit it took had been published. It read the visit's
-- date, which a cancellation moves on (the visit is published again, 'Publicada por Cancelación'): a cancelled
-- move then showed a publication after its own cancellation. Each move now keeps the date its visit had when the
-- move took it (a trigger on insert). Moves whose visit was published again after they were created keep none:
-- that date is lost.
ALTER TABLE "user_moves" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
UPDATE user_moves m SET published_at = v.published_at FROM visits v WHERE v.id = m.visit_id AND v.published_at <= m.created_at;
--> statement-breakpoint
CREATE FUNCTION campo_move_published_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.published_at IS NULL AND NEW.visit_id IS NOT NULL THEN
    SELECT v.published_at INTO NEW.published_at FROM visits v WHERE v.id = NEW.visit_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_moves_published_at BEFORE INSERT ON user_moves FOR EACH ROW EXECUTE FUNCTION campo_move_published_at();
--> statement-breakpoint
-- campo_stock_rows (0037) with the move's own date.
DROP FUNCTION campo_stock_rows(integer[], integer[]);
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
      r.published_at, ca.name, r.video_link, r.visit_date, r.reason
    FROM (
      SELECT 0 AS rank, x.id, x.id AS id_pedido, NULL::text AS id_move, NULL::integer AS user_move_id, x.state,
        x.project_location_id, x.due_to, NULL::integer AS getter_id, NULL::integer AS agent_id, x.id AS visit_id,
        NULL::text AS video_link, NULL::timestamptz AS visit_date, NULL::text AS reason, x.published_at
      FROM visits x
      WHERE x.id = ANY(visit_ids)
      UNION ALL
      SELECT 1, m.id, m.visit_id, m.code, m.id, m.status,
        m.project_location_id, m.due_to, m.user_id, m.assigned_agent_id, m.visit_id,
        m.video_link, coalesce(m.completed_audit_date, m.start_audit_date),
        CASE m.status WHEN 'RECHAZADA' THEN m.rejection_reason WHEN 'DESAPROBADA' THEN m.disapproved_reason
          WHEN 'DEVUELTA' THEN m.return_reason WHEN 'CANCELADA' THEN m.cancel_reason END,
        m.published_at
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
    ORDER BY 1, 2;
END
$$;
