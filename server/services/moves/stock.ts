/**
 * The stock: published visits (Publicada, Publicada por Cancelación) and moves, one list ordered
 * visits first then moves, each by id, paged by offset (the assignment screen) or by keyset (the
 * full export, which has no row cap).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { StockReportRow, StockRow } from '../../../domain/move-api';
import type { StockSort } from '../../../domain/move-forms';
import { MOVE_STATUS_LABEL, MOVE_STATUSES, type MoveStatus, STOCK_SOURCE, type StockState, VISIT_STATE, VISIT_STATE_LABEL, type VisitState } from '../../../domain/moves';
import { type Db, rowsOf } from '../../db/client';
import { todayIso } from '../../../domain/validation';
import { type BoundedCount, type CountSteps, countSteps } from '../../db/list';
import { placeholders, preparedSql, textConstant } from '../../db/prepared';

export interface StockFilter {
  statuses: StockState[];
  clientId?: number;
  projectId?: number;
  full: boolean;
  /** Only the rows that can be assigned: of a project that has not ended, at a point of sale still active. */
  assignable?: boolean;
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

/**
 * States as constants of the statement (`textConstant`), not values: they are part of its shape (the key of
 * each kept statement names them), and a plan kept for a shape then knows them, as the stock's partial
 * indexes (by state) require.
 */
const list = (values: (VisitState | MoveStatus)[]) =>
  sql.join(
    values.map((v) => textConstant(v)),
    sql`, `,
  );

interface Bounds {
  afterVisit: number | null;
  afterMove: number;
  take: number;
}

/**
 * Only what can be assigned, by the same rule as the rows' `proyectoFinalizado` and `puntoDeVentaInactivo`
 * and as the assignment's refusal: the project has not ended and the point of sale is active. Each visit and
 * move carries the date until which that holds (`assignable_until`: its project's end while its point of
 * sale is active, kept by migration 0043's triggers), so the rule reads the branch's own row: a page checks
 * the rows it walks, and a count or a sorted page reads the range of the branch's `*_assignable_idx`. Asked
 * through the project's and the point of sale's tables instead, a sort of the whole assignable stock read
 * every place of every running project twice (~120 ms a page on the scale data; ~4 ms so).
 */
const assignable = (today: unknown) => sql`x.assignable_until >= ${today}::date`;

/**
 * What the branches compare with: the request's own values, or placeholders named as them, for the
 * assignment page's statement built once per shape (`stockPage`).
 */
interface KeyValues {
  clientId: unknown;
  projectId: unknown;
  today: unknown;
  afterVisit: unknown;
  afterMove: unknown;
  take: unknown;
}

const valuesOf = (filter: StockFilter, page?: Bounds): KeyValues => ({
  clientId: filter.clientId,
  projectId: filter.projectId,
  today: todayIso(),
  afterVisit: page?.afterVisit ?? null,
  afterMove: page?.afterMove ?? 0,
  take: page?.take ?? 0,
});

const projectFilter = (filter: StockFilter, v: KeyValues) =>
  sql.join(
    [
      sql`true`,
      ...(filter.clientId ? [sql`p.client_id = ${v.clientId}`] : []),
      ...(filter.projectId ? [sql`p.id = ${v.projectId}`] : []),
      ...(filter.assignable ? [assignable(v.today)] : []),
    ],
    sql` and `,
  );

/**
 * The branches' keys (rank and id), bounded as a page takes them: for counting, for cursors further on,
 * and for the page's rows. The rows' inner joins
 * never drop a row (every one follows a required foreign key), so only the ones the project filter
 * needs are kept.
 */
function keyParts(filter: StockFilter, page?: Bounds, v: KeyValues = valuesOf(filter, page)): { visits: SQL | null; moves: SQL | null } {
  const { visitStates, moveStatuses } = sources(filter);
  const joins = filter.clientId || filter.projectId ? sql`join project_locations pl on pl.id = x.project_location_id join projects p on p.id = pl.project_id` : sql``;
  const where = projectFilter(filter, v);
  return {
    visits: visitStates.length ? sql`select 0 as rank, x.id from visits x ${joins} where x.state in (${list(visitStates)}) and ${where}${page?.afterVisit !== null ? bound(page, v.afterVisit, v.take) : sql``}` : null,
    moves: moveStatuses.length ? sql`select 1 as rank, x.id from user_moves x ${joins} where ${everyStatus(moveStatuses) ? sql`true` : sql`x.status in (${list(moveStatuses)})`} and ${where}${bound(page, v.afterMove, v.take)}` : null,
  };
}

/**
 * Every move status asked (the full export): no condition on the status, which made the planner walk
 * (status, id) for the keys past a cursor and sort them (~35 ms a page of the export) where the primary
 * key gives them in order.
 */
const everyStatus = (statuses: MoveStatus[]) => MOVE_STATUSES.every((s) => statuses.includes(s));

/** A branch of a page: its ids after the cursor's (`after`), in id order, `take` at most. */
const bound = (page: Bounds | undefined, after: unknown, take: unknown) => (page ? sql` and x.id > ${after} order by x.id limit ${take}` : sql``);

type Raw = Record<string, unknown>;

/**
 * The stock's size, from the branches' keys (the rows' joins never change it): each branch exact up to EXACT_COUNT_UP_TO and estimated beyond (`estimated`), as
 * the moves list counts (docs/decisions.md, "Conteos a escala"): the 200,000 published visits of the
 * scale data took ~1.5 s to count on every page of the assignment screen. A branch's estimate is kept
 * a few seconds (`countSteps`), so that paging through a big stock does not count and plan it again on
 * every page.
 */
export async function stockCount(db: Db, filter: StockFilter): Promise<BoundedCount> {
  const { visits, moves } = keyParts(filter);
  const key = (branch: string) => `stock|${branch}|${JSON.stringify([filter.statuses, filter.clientId ?? null, filter.projectId ?? null, filter.full, Boolean(filter.assignable), filter.assignable ? todayIso() : null])}`;
  const branches = [visits && countSteps(db, visits, key('visits')), moves && countSteps(db, moves, key('moves'))].filter((b): b is CountSteps => b !== null);
  // The exact parts of the branches not kept, in one statement: one round trip and one plan where each
  // branch took its own.
  const counting = branches.filter((b) => !b.kept);
  const exact = counting.length ? (await rowsOf<Record<string, number>>(db, sql`select ${sql.join(counting.map((b, i) => sql`${b.exact} as ${sql.identifier(`n${i}`)}`), sql`, `)}`))[0] : {};
  const counts = await Promise.all(branches.map((b) => b.kept ?? b.from(Number(exact[`n${counting.indexOf(b)}`]))));
  return { count: counts.reduce((n, c) => n + c.count, 0), estimated: counts.some((c) => c.estimated) };
}

const rank = (key: string) => (key.startsWith('v:') ? 0 : 1);

/** Where a page of the stock starts: `offset` (the assignment screen) or the key it follows (`after`). */
interface StockPageAt {
  limit: number;
  offset: number;
  after?: string;
  /** A column of the assignment screen to sort by (offset paging only), else the stock's own order. */
  sort?: { field: StockSort; order: 'ASC' | 'DESC' };
}

/** The placeholders of the assignment page's statement, named as the values `stockPage` binds. */
const PAGE_PLACEHOLDERS = placeholders('clientId', 'projectId', 'today', 'afterVisit', 'afterMove', 'take', 'limit', 'offset');

/**
 * Where each branch of `pages` pages from `page` starts and how many ids it reads. Visits come first
 * (rank 0), then moves: a cursor in the moves leaves no visit to read (`afterVisit` null).
 */
function pageBounds(page: StockPageAt, pages = 1): Bounds & { cursorRank: number } {
  const cursorRank = page.after ? rank(page.after) : 0;
  const cursorId = page.after ? Number(page.after.slice(2)) : 0;
  return {
    cursorRank,
    afterVisit: cursorRank === 0 ? cursorId : null,
    afterMove: cursorRank === 1 ? cursorId : 0,
    take: (page.after ? 0 : page.offset) + pages * page.limit,
  };
}

/**
 * The keys `pages` pages long from the page's start, in stock order (visits, then moves, each by id),
 * by keyset (`after`) or offset.
 */
function orderedKeys(filter: StockFilter, page: StockPageAt, pages = 1, at?: KeyValues): SQL | null {
  const bounds = pageBounds(page, pages);
  const cursorRank = bounds.cursorRank;
  const { visits, moves } = keyParts(filter, bounds, at ?? valuesOf(filter, bounds));
  const union = [cursorRank === 0 ? visits : null, moves].filter((p): p is SQL => p !== null).map((p) => sql`(${p})`);
  return union.length ? sql`select * from (${sql.join(union, sql` union all `)}) s order by s.rank, s.id` : null;
}

/**
 * The page's rows in stock order. Its keys first, each branch walking its primary key from the cursor
 * (`keyParts`: ids after the cursor in id order, at most `take`, so that the union is never sorted
 * whole: a page of the full export took ~1 s on 1.2 million rows, ~20 ms so bounded), then their rows
 * by `campo_stock_rows` (migration 0035): project, point of sale, client, city, campaign, Getter, agent
 * and publication, by key. In PL/pgSQL those joins are planned once per connection; in this statement
 * they were most of its planning on every page (and, as left joins over a whole branch, the planner
 * once searched join orders for ~4 ms and sized lookup caches for rows the page then dropped).
 */
function pageQuery(filter: StockFilter, page: StockPageAt, at?: KeyValues & { limit: unknown; offset: unknown }): SQL | null {
  const keys = orderedKeys(filter, page, 1, at);
  return (
    keys &&
    sql`with page as materialized (${keys} limit ${at ? at.limit : page.limit} ${page.after ? sql`` : sql`offset ${at ? at.offset : page.offset}`})
      select * from campo_stock_rows(array(select id from page where rank = 0), array(select id from page where rank = 1)) s`
  );
}

/** The key of the last row of the page after this one, when that page is full: its `next`. */
function aheadQuery(filter: StockFilter, page: StockPageAt): SQL {
  const keys = orderedKeys(filter, page, 2);
  const skip = (page.after ? 0 : page.offset) + 2 * page.limit - 1;
  return keys ? sql`(select json_build_object('rank', k.rank, 'id', k.id) from (${keys} offset ${skip} limit 1) k)` : sql`null::json`;
}

/** The keyset cursor after a page: its last row's key, or none when the page was not full. */
const nextKey = (length: number, limit: number, last: { rank: unknown; id: unknown } | undefined) =>
  length === limit && last ? `${Number(last.rank) === 0 ? 'v' : 'm'}:${last.id}` : null;

/** A move's or visit's state as the screen reads it, from the branch's own column (`x.state`, `x.status`). */
const labelOf = (column: SQL, labels: Record<string, string>) =>
  sql`case ${column} ${sql.join(
    Object.entries(labels).map(([value, label]) => sql`when ${value} then ${label}::text`),
    sql` `,
  )} else ${column} end`;

/**
 * What each branch sorts by for a column of the screen (`visits` and `user_moves` as `x`, the project's
 * joins as `pl` and `p`), and the joins it needs: the project's and those beyond (a column without
 * `joins` reads only the branch's own row). What only moves have (the move's code, the
 * auditor, the agent) is null for a visit. Names sort in Spanish (the columns' collation, migration 0014).
 */
const SORT_KEYS: Record<StockSort, { visit: SQL; move: SQL; joins?: SQL }> = {
  estado_actual: { visit: labelOf(sql`x.state`, VISIT_STATE_LABEL), move: labelOf(sql`x.status`, MOVE_STATUS_LABEL) },
  // The code is the id written out ('M-0000123'): by the id, as the moves list sorts it, past 9,999,999 too.
  id_move: { visit: sql`null::integer`, move: sql`x.id` },
  id_pedido: { visit: sql`x.id`, move: sql`x.visit_id` },
  proyecto: { visit: sql`p.name`, move: sql`p.name`, joins: sql`` },
  cliente: { visit: sql`c.name`, move: sql`c.name`, joins: sql`left join clients c on c.id = p.client_id` },
  punto_de_venta: { visit: sql`l.full_name`, move: sql`l.full_name`, joins: sql`join locations l on l.id = pl.location_id` },
  ciudad: { visit: sql`ci.name`, move: sql`ci.name`, joins: sql`join locations l on l.id = pl.location_id left join cities ci on ci.id = l.city_id` },
  auditor: { visit: sql`null::text`, move: sql`(select nullif(trim(g.names || ' ' || g.last_name), '') from users g where g.id = x.user_id)` },
  agente_asignado: { visit: sql`null::text`, move: sql`(select nullif(trim(a.names || ' ' || a.last_name), '') from users a where a.id = x.assigned_agent_id)` },
  fecha_limite: { visit: sql`x.due_to`, move: sql`x.due_to` },
};

/**
 * A page of the stock sorted by a column of the screen: each branch gives its first `offset + limit` keys
 * in that order (by id where they tie, the same way), and the page is cut from the two merged. Nothing
 * indexes these orders across the union, so each branch reads and sorts what its filters leave (a client's
 * or a project's stock: a few thousand rows; the whole stock of the scale data, its ~200,000 visits, a few
 * hundred milliseconds): the stock's own order, by id, stays the fast one, and the screen's default.
 */
function sortedPageQuery(filter: StockFilter, page: StockPageAt & { sort: NonNullable<StockPageAt['sort']> }, at: KeyValues & { limit: unknown; offset: unknown }): SQL | null {
  const { visitStates, moveStatuses } = sources(filter);
  const key = SORT_KEYS[page.sort.field];
  const dir = page.sort.order === 'DESC' ? sql`desc` : sql`asc`;
  const where = projectFilter(filter, at);
  // The project's joins only when a filter or the column reads them: a sort by due date of the whole stock
  // then walks its partial index (migration 0040) and stops at the page.
  const project = filter.clientId || filter.projectId || key.joins;
  const joins = project ? sql`join project_locations pl on pl.id = x.project_location_id join projects p on p.id = pl.project_id ${key.joins ?? sql``}` : sql``;
  // Filtered, walking the due-date index read the stock's oldest rows first, mostly of projects that
  // ended, to find the page's few assignable ones (~0.6 s on the scale data): `+ 0` (the same day) keeps
  // the planner to the filter's rows, sorted (every assignable row, read from `*_assignable_idx`: ~4 ms;
  // a client's, a few ms).
  const byDue = (project || filter.assignable) && page.sort.field === 'fecha_limite';
  // A client's or a project's branch reads and sorts all of its rows: it counts them on the way
  // (`count(*) over ()`, before its limit), and the page carries the stock's exact count (`total`).
  const counted = carriesCount(filter);
  const total = counted ? sql`, count(*) over () as total` : sql``;
  const branch = (rank: number, table: SQL, k: SQL, condition: SQL) =>
    byDue && !project
      ? assignableByDue(rank, table, condition, at.today, dir, at.take)
      : sql`(select ${sql.raw(String(rank))} as rank, x.id, ${byDue ? sql`${k} + 0` : k} as k${total} from ${table} x ${joins} where ${condition} and ${where} order by 3 ${dir}, 2 ${dir} limit ${at.take})`;
  const parts = [
    visitStates.length ? branch(0, sql`visits`, key.visit, sql`x.state in (${list(visitStates)})`) : null,
    moveStatuses.length ? branch(1, sql`user_moves`, key.move, everyStatus(moveStatuses) ? sql`true` : sql`x.status in (${list(moveStatuses)})`) : null,
  ].filter((p): p is SQL => p !== null);
  if (!parts.length) return null;
  // Each branch's rows bear its count: the stock's is the sum of the two, read over all the keys (a branch
  // with no rows counts none).
  const sum = counted ? sql`, coalesce(max(total) filter (where rank = 0) over (), 0) + coalesce(max(total) filter (where rank = 1) over (), 0) as total` : sql``;
  return sql`with keys as (${sql.join(parts, sql` union all `)}),
    page as materialized (select rank, id, row_number() over (order by k ${dir}, rank ${dir}, id ${dir}) as n${sum} from keys order by n limit ${at.limit} offset ${at.offset})
    select s.*${counted ? sql`, page.total` : sql``} from campo_stock_rows(array(select id from page where rank = 0), array(select id from page where rank = 1)) s
    join page on page.rank = s.rank and page.id = s.id order by page.n`;
}

/**
 * Whether a sorted page counts the stock itself: a client's or a project's, whose branches read and sort all
 * of their rows anyway (`sortedPageQuery`). Its count is then exact, and costs no statement of its own.
 */
const carriesCount = (filter: StockFilter) => Boolean(filter.clientId || filter.projectId);

/**
 * A branch of the assignable stock sorted by due date, over every client: its first `take` keys. Its
 * `*_assignable_idx` (migration 0043) holds them by the date until which they can be assigned (the end of
 * their project), then by due date: one run in due-date order for each such date. So each run still to end
 * gives its first `take` keys (an index probe, found one after the other by a recursive walk of the dates),
 * and the page is cut from those merged: ~0.4 ms for the visits of the scale data, where reading and sorting
 * all ~18,000 of their keys took ~2.5 ms (the CPU that, ten requests at a time, made its p95 41 ms).
 */
function assignableByDue(rank: number, table: SQL, condition: SQL, today: unknown, dir: SQL, take: unknown): SQL {
  return sql`(select ${sql.raw(String(rank))} as rank, r.id, r.k from (
      with recursive ends as (
        (select x.assignable_until as until from ${table} x where ${condition} and x.assignable_until >= ${today}::date order by 1 limit 1)
        union all
        select (select x.assignable_until from ${table} x where ${condition} and x.assignable_until > ends.until order by 1 limit 1) from ends where ends.until is not null
      )
      select run.id, run.k from ends, lateral (
        select x.id, x.due_to as k from ${table} x where ${condition} and x.assignable_until = ends.until order by x.due_to ${dir}, x.id ${dir} limit ${take}
      ) run
    ) r order by r.k ${dir}, r.id ${dir} limit ${take})`;
}

/** One page of the stock for the assignment screen: `after` (keyset) or `offset`. */
export async function stockPage(db: Db, asked: StockFilter, page: StockPageAt): Promise<{ rows: StockRow[]; next: string | null; count?: number }> {
  // The same states in any order or repeated are the same page: one shape (at most 16 sets of the four).
  const filter = { ...asked, statuses: [...new Set(asked.statuses)].sort() };
  const { cursorRank, afterVisit, afterMove, take } = pageBounds(page);
  const { visitStates, moveStatuses } = sources(filter);
  if (!moveStatuses.length && !(cursorRank === 0 && visitStates.length)) return { rows: [], next: null };
  const today = todayIso();
  const sort = page.sort && !page.after ? page.sort : null;
  const filters = [filter.statuses, filter.full, Boolean(filter.clientId), Boolean(filter.projectId), Boolean(filter.assignable)];
  const values = { clientId: filter.clientId, projectId: filter.projectId, today, afterVisit, afterMove, take, limit: page.limit, offset: page.offset };
  // Built once per shape (the states, which filters the SQL has, the cursor's side), its plan kept by each connection
  // (`preparedSql` with `keepPlan`): building it with the query builder on every request cost ~90 µs of
  // the server's CPU, planning it half the database's time. A sorted page is built once per shape and column
  // too. The whole stock's is planned with its values (which runs of an index to read, how far its limit
  // reaches: a generic plan would guess). A client's or a project's keeps its plan as well: every client's
  // rows are reached the same way, from its projects by index (projects_client_idx, then each project's
  // points of sale and their visits and moves), whichever client it is. On the scale data, a connection that
  // had served several clients' pages ran each next one 1.2–5 times faster (PostgreSQL's generic plan, no
  // planning), for the client with least stock and the one with most; one client's page over and over is
  // still planned with its values (PostgreSQL finds that no dearer), and is only parsed once (docs/decisions.md,
  // "La página ordenada de un cliente, con su plan guardado").
  const raw = sort
    ? await preparedSql<Raw>(db, `stock-sorted:${JSON.stringify([...filters, sort.field, sort.order])}`, () => sortedPageQuery(filter, { ...page, sort }, PAGE_PLACEHOLDERS)!, { keepPlan: carriesCount(filter) }).execute(values)
    : await preparedSql<Raw>(db, `stock-page:${JSON.stringify([...filters, cursorRank, Boolean(page.after)])}`, () => pageQuery(filter, page, PAGE_PLACEHOLDERS)!, { keepPlan: true }).execute(values);
  const rows = raw.map((r): StockRow => {
    const isVisit = Number(r.rank) === 0;
    const state = String(r.state);
    return {
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
      proyectoFinalizado: r.project_end !== null && String(r.project_end) < today,
      puntoDeVentaInactivo: r.location_active === false,
    };
  });
  // A sorted page is paged by offset only: the stock's keyset cursor would not follow its order.
  const next = sort ? null : nextKey(raw.length, page.limit, raw.at(-1) as { rank: unknown; id: unknown } | undefined);
  // The count a client's or a project's sorted page carries on its rows; a page past the end has none to carry it.
  const count = sort && carriesCount(filter) ? (raw.length ? Number(raw[0].total) : page.offset === 0 ? 0 : undefined) : undefined;
  return count === undefined ? { rows, next } : { rows, next, count };
}

/**
 * The assignment screen's page and, with its first request (no `after`), the stock's count: the one the
 * page carries (a client's or a project's, sorted), else counted beside it (`stockCount`).
 */
export async function stockScreenPage(db: Db, filter: StockFilter, page: StockPageAt): Promise<{ rows: StockRow[]; next: string | null; count: BoundedCount | null }> {
  if (page.after) return { ...(await stockPage(db, filter, page)), count: null };
  if (page.sort && carriesCount(filter)) {
    const { rows, next, count } = await stockPage(db, filter, page);
    if (count !== undefined) return { rows, next, count: { count, estimated: false } };
    // Past the last page: the first row's page carries the count, exact as on every other page of this order
    // (`stockCount` estimates a branch past 1,000 rows, and the count would change its kind with the page).
    const first = await stockPage(db, filter, { ...page, offset: 0, limit: 1 });
    return { rows, next, count: { count: first.count ?? 0, estimated: false } };
  }
  const [{ rows, next }, count] = await Promise.all([stockPage(db, filter, page), stockCount(db, filter)]);
  return { rows, next, count };
}

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, 'Z'). */
const iso = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A stock state's label, as the assignment screen's rows read it. */
const stateLabel = sql`case when s.rank = 0 then ${labelOf(sql`s.state`, VISIT_STATE_LABEL)} else ${labelOf(sql`s.state`, MOVE_STATUS_LABEL)} end`;

/** The states whose first date the export shows, by their key in `fechas`. */
const DATED: Record<Exclude<keyof StockReportRow['fechas'], 'publicada'>, MoveStatus> = {
  asignada: 'ASIGNADA',
  cancelada: 'CANCELADA',
  iniciada: 'INICIADA',
  en_revision: 'EN_REVISION',
  rechazada: 'RECHAZADA',
  aprobada: 'APROBADA',
  desaprobada: 'DESAPROBADA',
};

/**
 * One page of the full export (`StockReportRow`s), written as JSON by PostgreSQL: the report's
 * columns are a lookup per move in the indexes of status logs and attachments, and building the
 * JSON there saves parsing ~30 values a row into JavaScript and serialising them again (a page of
 * 5,000 took ~480 ms that way, ~250 ms this way). `rows` is the JSON array's text.
 */
export async function stockReportPage(
  db: Db,
  filter: StockFilter,
  page: { limit: number; offset: number; after?: string },
  publicUrl: string,
): Promise<{ rows: string; next: string | null; ahead: string | null }> {
  const query = pageQuery(filter, page);
  if (!query) return { rows: '[]', next: null, ahead: null };
  const dated = Object.entries(DATED);
  const [result] = await rowsOf<Raw>(
    db,
    sql`with page as materialized (${query})
    select (select coalesce(json_agg(json_build_object(
        'key', case when s.rank = 0 then 'v:' else 'm:' end || s.id,
        'kind', case when s.rank = 0 then 'visit' else 'move' end,
        'id_pedido', s.id_pedido, 'id_move', s.id_move, 'userMoveId', s.user_move_id, 'id_operativo', s.project_id,
        'auditor', s.getter, 'estado_actual', ${stateLabel}, 'agente_asignado', s.agent, 'proyecto', s.project_name, 'cliente', s.client_name,
        'project_location_id', s.project_location_id, 'punto_de_venta', s.full_name, 'ciudad', s.city, 'fecha_limite', s.due_to,
        'campania', s.campaign, 'codigo_punto_de_venta', s.client_location_id, 'fecha_visita', ${iso(sql`s.visit_date`)},
        'fechas', json_build_object('publicada', ${iso(sql`s.published_at`)}, ${sql.join(
          dated.map(([key]) => sql`${key}::text, ${iso(sql`d.${sql.identifier(key)}`)}`),
          sql`, `,
        )}),
        'motivo', s.reason, 'link', ${`${publicUrl}/user-moves/view/`}::text || s.id_move, 'audio', coalesce(a.audio, false), 'video', s.video_link,
        'imagenes', coalesce(a.images, 0), 'ultima_carga', ${iso(sql`a.latest`)}, 'duracion_segundos', a.duration
      ) order by s.rank, s.id), '[]')::text
      from page s
      left join lateral (select ${sql.join(
        dated.map(([key, status]) => sql`min(created_at) filter (where status = ${status}) as ${sql.identifier(key)}`),
        sql`, `,
      )} from move_status_logs where user_move_id = s.user_move_id) d on s.user_move_id is not null
      left join lateral (select count(*) filter (where type = 'image')::int as images, bool_or(type = 'audio') as audio, max(created_at) as latest,
        sum(duration_in_seconds)::int as duration from move_attachments where user_move_id = s.user_move_id) a on s.user_move_id is not null
    ) as rows,
    (select count(*)::int from page) as n,
    (select json_build_object('rank', rank, 'id', id) from page order by rank desc, id desc limit 1) as last,
    ${aheadQuery(filter, page)} as ahead`,
  );
  const next = nextKey(Number(result.n), page.limit, result.last as { rank: unknown; id: unknown } | undefined);
  const ahead = result.ahead as { rank: number; id: number } | null;
  return { rows: String(result.rows), next, ahead: next && ahead ? `${Number(ahead.rank) === 0 ? 'v' : 'm'}:${ahead.id}` : null };
}
