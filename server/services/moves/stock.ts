/**
 * The stock: published visits (Publicada, Publicada por Cancelación) and moves, one list ordered
 * visits first then moves, each by id, paged by offset (the assignment screen) or by keyset (the
 * full export, which has no row cap).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { StockReportRow, StockRow } from '../../../domain/move-api';
import { MOVE_STATUS_LABEL, MOVE_STATUSES, type MoveStatus, STOCK_SOURCE, type StockState, VISIT_STATE, VISIT_STATE_LABEL, type VisitState } from '../../../domain/moves';
import type { Db } from '../../db/client';
import { projectInfo } from './projectInfo';

export interface StockFilter {
  statuses: StockState[];
  clientId?: number;
  projectId?: number;
  full: boolean;
}

function sources({ statuses, full }: StockFilter): { visitStates: VisitState[]; moveStatuses: MoveStatus[] } {
  if (!statuses.length) {
    return full
      ? { visitStates: [VISIT_STATE.PUBLICADA, VISIT_STATE.PUBLICADA_POR_CANCELACION], moveStatuses: [...MOVE_STATUSES] }
      : sources({ statuses: ['Asignada', 'Disponible', 'Publicada', 'Publicada por Cancelación'], full: false });
  }
  const visitStates: VisitState[] = [];
  const moveStatuses: MoveStatus[] = [];
  for (const s of statuses) {
    const src = STOCK_SOURCE[s];
    if (src.kind === 'visit') visitStates.push(src.state);
    else moveStatuses.push(src.status);
  }
  return { visitStates, moveStatuses };
}

const list = (values: (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Each branch of the stock. `page` bounds a branch to the rows a page can take (ids after the cursor,
 * in id order, at most `take`): each branch then walks its primary key instead of the union being
 * sorted whole (a page of the full export took ~1 s on 1.2 million rows, ~20 ms so bounded).
 */
function parts(filter: StockFilter, page?: { afterVisit: number | null; afterMove: number; take: number }): { visits: SQL | null; moves: SQL | null; projectWhere: SQL } {
  const { visitStates, moveStatuses } = sources(filter);
  const projectWhere = sql.join(
    [sql`true`, ...(filter.clientId ? [sql`p.client_id = ${filter.clientId}`] : []), ...(filter.projectId ? [sql`p.id = ${filter.projectId}`] : [])],
    sql` and `,
  );
  const common = sql`join project_locations pl on pl.id = x.project_location_id
      join projects p on p.id = pl.project_id
      join locations l on l.id = pl.location_id
      left join clients cl on cl.id = p.client_id
      left join cities ci on ci.id = l.city_id`;
  const visits = visitStates.length
    ? sql`select 0 as rank, x.id, x.id as id_pedido, null::text as id_move, null::int as user_move_id, x.state as state,
        pl.id as project_location_id, p.id as project_id, p.name as project_name, cl.name as client_name, l.full_name, l.client_location_id,
        ci.name as city, x.due_to::text as due_to, null::text as getter, null::text as agent, x.published_at as published_at
      from visits x ${common}
      where x.state in (${list(visitStates)}) and ${projectWhere}${bound(page, page?.afterVisit ?? null)}`
    : null;
  const moves = moveStatuses.length
    ? sql`select 1 as rank, x.id, x.visit_id as id_pedido, x.code as id_move, x.id as user_move_id, x.status as state,
        pl.id as project_location_id, p.id as project_id, p.name as project_name, cl.name as client_name, l.full_name, l.client_location_id,
        ci.name as city, x.due_to::text as due_to, nullif(trim(g.names || ' ' || g.last_name), '') as getter,
        nullif(trim(a.names || ' ' || a.last_name), '') as agent, v.published_at as published_at
      from user_moves x ${common}
      left join users g on g.id = x.user_id
      left join users a on a.id = x.assigned_agent_id
      left join visits v on v.id = x.visit_id
      where x.status in (${list(moveStatuses)}) and ${projectWhere}${bound(page, page?.afterMove ?? 0)}`
    : null;
  return { visits, moves, projectWhere };
}

const bound = (page: { take: number } | undefined, after: number | null) =>
  page && after !== null ? sql` and x.id > ${after} order by x.id limit ${page.take}` : sql``;

type Raw = Record<string, unknown>;

async function rowsOf(db: Db, query: SQL): Promise<Raw[]> {
  return ((await db.execute(query)) as unknown as { rows: Raw[] }).rows;
}

export async function stockCount(db: Db, filter: StockFilter): Promise<number> {
  const { visits, moves } = parts(filter);
  const counts = await Promise.all(
    [visits, moves].filter((p): p is SQL => p !== null).map((p) => rowsOf(db, sql`select count(*)::int as n from (${p}) s`)),
  );
  return counts.reduce((n, r) => n + Number(r[0].n), 0);
}

const rank = (key: string) => (key.startsWith('v:') ? 0 : 1);

/** One page of the stock: `after` (keyset) or `offset`. */
export async function stockPage(db: Db, filter: StockFilter, page: { limit: number; offset: number; after?: string }, publicUrl: string): Promise<{ rows: (StockRow | StockReportRow)[]; next: string | null }> {
  // Visits come first (rank 0), then moves: a cursor in the moves leaves no visit to read.
  const cursorRank = page.after ? rank(page.after) : 0;
  const cursorId = page.after ? Number(page.after.slice(2)) : 0;
  const { visits, moves } = parts(filter, {
    afterVisit: cursorRank === 0 ? cursorId : null,
    afterMove: cursorRank === 1 ? cursorId : 0,
    take: page.after ? page.limit : page.offset + page.limit,
  });
  const union = [cursorRank === 0 ? visits : null, moves].filter((p): p is SQL => p !== null).map((p) => sql`(${p})`);
  if (!union.length) return { rows: [], next: null };
  const query = sql`select * from (${sql.join(union, sql` union all `)}) s order by s.rank, s.id limit ${page.limit} ${page.after ? sql`` : sql`offset ${page.offset}`}`;
  const raw = await rowsOf(db, query);
  const rows: (StockRow | StockReportRow)[] = raw.map((r) => {
    const isVisit = Number(r.rank) === 0;
    const state = String(r.state);
    const base: StockRow = {
      key: `${isVisit ? 'v' : 'm'}:${r.id}`,
      kind: isVisit ? 'visit' : 'move',
      id_pedido: r.id_pedido === null ? null : Number(r.id_pedido),
      id_move: (r.id_move as string | null) ?? null,
      userMoveId: r.user_move_id === null ? null : Number(r.user_move_id),
      id_operativo: Number(r.project_id),
      auditor: (r.getter as string | null) ?? null,
      estado_actual: isVisit ? VISIT_STATE_LABEL[state as VisitState] : (MOVE_STATUS_LABEL[state as MoveStatus] ?? state),
      agente_asignado: (r.agent as string | null) ?? null,
      proyecto: String(r.project_name),
      cliente: (r.client_name as string | null) ?? null,
      project_location_id: Number(r.project_location_id),
      punto_de_venta: String(r.full_name),
      ciudad: (r.city as string | null) ?? null,
      fecha_limite: (r.due_to as string | null) ?? null,
    };
    return { ...base, _published: r.published_at, _clientLocationId: r.client_location_id } as StockRow;
  });
  const last = raw.at(-1);
  const next = raw.length === page.limit && last ? `${Number(last.rank) === 0 ? 'v' : 'm'}:${last.id}` : null;
  if (!filter.full) return { rows: rows.map(({ _published: _p, _clientLocationId: _c, ...r }: any) => r), next };
  return { rows: await withReportColumns(db, rows, publicUrl), next };
}

const isoOf = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** The export's extra columns for one page, in three queries whatever its size. */
async function withReportColumns(db: Db, rows: StockRow[], publicUrl: string): Promise<StockReportRow[]> {
  const moveIds = rows.map((r) => r.userMoveId).filter((n): n is number => n !== null);
  // One array parameter, not a thousand: binding them cost more than the queries.
  const ids = moveIds.length ? sql`any(${`{${moveIds.join(',')}}`}::int[])` : null;
  const [dates, attachments, details, projects] = await Promise.all([
    ids ? rowsOf(db, sql`select user_move_id, status, min(created_at) as first from move_status_logs where user_move_id = ${ids} group by user_move_id, status`) : [],
    ids
      ? rowsOf(
          db,
          sql`select user_move_id, count(*) filter (where type = 'image')::int as images, bool_or(type = 'audio') as audio,
            max(created_at) as latest, sum(duration_in_seconds)::int as duration from move_attachments where user_move_id = ${ids} group by user_move_id`,
        )
      : [],
    ids
      ? rowsOf(
          db,
          sql`select id, video_link, start_audit_date, rejection_reason, disapproved_reason, return_reason, cancel_reason from user_moves where id = ${ids}`,
        )
      : [],
    projectInfo(db, rows.map((r) => r.id_operativo)),
  ]);
  // Looked up by key: scanning the lists for each of 1,000 rows cost more than the queries.
  const firstAt = new Map(dates.map((d) => [`${d.user_move_id}:${d.status}`, d.first]));
  const attachmentsOf = new Map(attachments.map((a) => [Number(a.user_move_id), a]));
  const detailsOf = new Map(details.map((x) => [Number(x.id), x]));
  const first = (moveId: number, status: MoveStatus) => isoOf(firstAt.get(`${moveId}:${status}`));
  return rows.map((row) => {
    const { _published, _clientLocationId, ...r } = row as StockRow & { _published: unknown; _clientLocationId: unknown };
    const m = r.userMoveId;
    const att = m === null ? undefined : attachmentsOf.get(m);
    const d = m === null ? undefined : detailsOf.get(m);
    const reason = d ? ((d.rejection_reason ?? d.disapproved_reason ?? d.return_reason ?? d.cancel_reason) as string | null) : null;
    return {
      ...r,
      campania: projects.get(r.id_operativo)?.campaign?.name ?? null,
      codigo_punto_de_venta: (_clientLocationId as string | null) ?? null,
      fecha_visita: isoOf(d?.start_audit_date),
      fechas: {
        publicada: isoOf(_published),
        asignada: m === null ? null : first(m, 'ASIGNADA'),
        cancelada: m === null ? null : first(m, 'CANCELADA'),
        iniciada: m === null ? null : first(m, 'INICIADA'),
        en_revision: m === null ? null : first(m, 'EN_REVISION'),
        rechazada: m === null ? null : first(m, 'RECHAZADA'),
        aprobada: m === null ? null : first(m, 'APROBADA'),
        desaprobada: m === null ? null : first(m, 'DESAPROBADA'),
      },
      motivo: reason,
      link: r.id_move ? `${publicUrl}/user-moves/view/${r.id_move}` : null,
      audio: Boolean(att?.audio),
      video: (d?.video_link as string | null) ?? null,
      imagenes: Number(att?.images ?? 0),
      ultima_carga: isoOf(att?.latest),
      duracion_segundos: att?.duration === null || att?.duration === undefined ? null : Number(att.duration),
    };
  });
}
