/** The moves list and one move's detail, paged, sorted and filtered in SQL. */
import { and, asc, desc, eq, gte, ilike, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import { ASSIGN_TEXT } from '../../../domain/assignment';
import type { MoveAttachment, MoveDetail, MoveListPage } from '../../../domain/move-api';
import { codeToId, MOVE_FORM_TEXT, type MoveListQuery } from '../../../domain/move-forms';
import { MOVE_STATUS_LABEL, MOVE_STATUSES, MOVE_TEXT, type MoveStatus, TRANSITIONS } from '../../../domain/moves';
import { ROLE } from '../../../domain/roles';
import { type Db, type Tx } from '../../db/client';
import { containsPattern, countSteps, exactCountUpTo, matchesFolded, searchPattern, whitelisted } from '../../db/list';
import { placeholders, preparedSql, textConstant } from '../../db/prepared';
import { cities, clients, locations, moveAttachments, moveReplies, moveStatusLogs, motives, projectLocations, projects, states, transactions, userMoves, users } from '../../db/schema';
import { badRequest, notFound } from '../../http';
import type { FileStore } from '../files';
import { projectInfo } from './projectInfo';
import { paidVisitOf } from './review';

export const getters = alias(users, 'getters');
export const agents = alias(users, 'agents');

export const fullName = (u: { names: AnyPgColumn; lastName: AnyPgColumn }) => sql<string | null>`nullif(trim(${u.names} || ' ' || ${u.lastName}), '')`;

/** Platform days are Argentine days: a date filter covers the whole local day. */
export const dayStart = (iso: string) => sql`(${iso}::date)::timestamp at time zone 'America/Argentina/Buenos_Aires'`;
export const dayEnd = (iso: string) => sql`((${iso}::date + 1)::timestamp at time zone 'America/Argentina/Buenos_Aires')`;

/** The status order of the list; user_moves_status_order_idx indexes the same expression. */
const STATUS_ORDER = sql`array_position(array['DISPONIBLE','ASIGNADA','INICIADA','PAUSADA','CANCELADA','EN_REVISION','APROBADA','DESAPROBADA','RECHAZADA','DEVUELTA'], ${userMoves.status})`;

/**
 * Each sort: its key; `byProject` when the key needs the project joined (the page of ids joins nothing
 * else); `nullable` when the key is empty for some moves (no Getter, agent or client), which keyset
 * paging must place.
 */
const SORTABLE: Record<string, { key: SQL | AnyPgColumn; byProject?: true; nullable?: true }> = {
  id: { key: userMoves.id },
  code: { key: userMoves.id },
  createdAt: { key: userMoves.createdAt },
  statusName: { key: STATUS_ORDER },
  statusId: { key: STATUS_ORDER },
  // By a joined name: the key stored on the move (lower-cased, kept by the triggers of migration 0003)
  // and indexed with the id, so a page walks an index instead of sorting the million moves.
  userFullName: { key: userMoves.getterSortKey, nullable: true },
  assignedAgentFullName: { key: userMoves.agentSortKey, nullable: true },
  projectsName: { key: sql`lower(${projects.name})`, byProject: true },
  campaignsClientName: { key: userMoves.clientSortKey, nullable: true },
  clientLocationName: { key: userMoves.locationSortKey },
};

/**
 * The values of a list's conditions: the query's own (`filterValues`), or placeholders of the same
 * names (`FILTER_PLACEHOLDERS`) for a statement kept by its shape. Which conditions there are is the
 * query's; what they compare with is here.
 */
type FilterValues = Record<(typeof FILTER_KEYS)[number], unknown>;
const FILTER_KEYS = ['clientId', 'projectId', 'placePattern', 'city', 'getterId', 'agentId', 'attachments', 'codeId', 'codePattern', 'fromDate', 'toDate'] as const;
const FILTER_PLACEHOLDERS: FilterValues = placeholders(...FILTER_KEYS);

function filterValues(q: Partial<MoveListQuery>): FilterValues {
  const codeId = q.code ? codeToId(q.code) : null;
  return {
    clientId: q.campaignsClientId,
    projectId: q.projectsId,
    placePattern: q.clientLocationName ? searchPattern(q.clientLocationName) : undefined,
    city: q.city,
    getterId: q.userId,
    agentId: q.assignedAgentId,
    attachments: q.withMinimumAttachments,
    codeId,
    codePattern: q.code && codeId === null ? containsPattern(q.code) : undefined,
    fromDate: q.fromDate,
    toDate: q.toDate,
  };
}

/**
 * Which conditions a query has, and the status it filters by (written into the statement: `statusIs`): with
 * the sort, the order and the paging, a statement's shape.
 */
const filterShape = (q: Partial<MoveListQuery>) =>
  [q.campaignsClientId, q.projectsId, q.clientLocationName, q.city, q.userId, q.assignedAgentId, q.withoutAgent, q.withMinimumAttachments, q.fromDate && q.toDate]
    .map((v) => (v ? 1 : 0))
    .join('') +
  (q.code ? (codeToId(q.code) === null ? 'c' : 'i') : '-') +
  (q.statusId ? `:${q.statusId}` : '');

/**
 * The condition on a move's status, the status written into the statement's text (one of the ten the domain
 * names, as the query's validation admits; `textConstant`). Ten values at most, each planned for itself: the
 * first page of one status's list (the review's 'En revisión') has no value besides its size and keeps its
 * plan (`firstPageStatements`), and no status can meet a plan made for another.
 */
function statusIs(status: string): SQL {
  if (!(MOVE_STATUSES as string[]).includes(status)) throw badRequest(MOVE_FORM_TEXT.invalidStatus, { statusId: MOVE_FORM_TEXT.invalidStatus });
  return sql`${userMoves.status} = ${textConstant(status)}`;
}

/**
 * The project locations of the conditions on the move's project, client or point of sale, as an int[]
 * expression (`array(select pl.id …)`); null without such conditions. The project locations that match
 * are few, and user_moves_project_location_id_idx gives their moves' ids. (A city holds hundreds of
 * points of sale, thousands of moves: it is the move's own column, `moveFilters`.)
 */
function placeIds(q: Partial<MoveListQuery>, v: FilterValues = filterValues(q)): SQL | null {
  const on: SQL[] = [];
  if (q.campaignsClientId) on.push(sql`p.client_id = ${v.clientId}`);
  if (q.projectsId) on.push(sql`pl.project_id = ${v.projectId}`);
  if (q.clientLocationName) on.push(matchesFolded(sql`l.search_name`, v.placePattern));
  if (!on.length) return null;
  // `= any(array(…))`: the project locations are found once, then their moves by index; as `in (…)` the
  // planner walked the whole list backwards testing each move. Only the joins the conditions name.
  const joins = [
    ...(q.campaignsClientId ? [sql`join projects p on p.id = pl.project_id`] : []),
    ...(q.clientLocationName ? [sql`join locations l on l.id = pl.location_id`] : []),
  ];
  return sql`array(select pl.id from project_locations pl ${sql.join(joins, sql` `)} where ${sql.join(on, sql` and `)})`;
}

/**
 * The list's conditions on user_moves. `place`: where the project locations of the place conditions
 * come from, when the statement has them already (`placeIds` once, for its page and its count);
 * otherwise they are looked up where the conditions are. `v`: what they compare with.
 */
export function moveFilters(q: Partial<MoveListQuery>, place?: SQL, v: FilterValues = filterValues(q)): SQL[] {
  const where: SQL[] = [];
  const ids = placeIds(q, v);
  if (ids) where.push(sql`${userMoves.projectLocationId} = any(${place ?? ids})`);
  // The city is the move's own (kept by migration 0005's triggers): a city's page walks (city_id, id).
  if (q.city) where.push(eq(userMoves.cityId, v.city as number));
  if (q.statusId) where.push(statusIs(q.statusId));
  if (q.userId) where.push(eq(userMoves.userId, v.getterId as number));
  if (q.assignedAgentId) where.push(eq(userMoves.assignedAgentId, v.agentId as number));
  // 'Sin agente': user_moves_agent_idx (assigned_agent_id, id) holds the empty ones too, in id order.
  if (q.withoutAgent) where.push(isNull(userMoves.assignedAgentId));
  if (q.withMinimumAttachments) where.push(gte(userMoves.attachmentsCount, v.attachments as number));
  if (q.code) where.push(codeToId(q.code) === null ? ilike(userMoves.code, v.codePattern as string) : eq(userMoves.id, v.codeId as number));
  if (q.fromDate && q.toDate) where.push(gte(userMoves.createdAt, dayStart(v.fromDate as string)), lt(userMoves.createdAt, dayEnd(v.toDate as string)));
  return where;
}

/** The FROM of the list: every join the row and the filters need. */
function fromMoves(db: Db | Tx, select: Record<string, unknown>) {
  return db
    .select(select as never)
    .from(userMoves)
    .innerJoin(projectLocations, eq(projectLocations.id, userMoves.projectLocationId))
    .innerJoin(projects, eq(projects.id, projectLocations.projectId))
    .innerJoin(locations, eq(locations.id, projectLocations.locationId))
    .leftJoin(clients, eq(clients.id, projects.clientId))
    .leftJoin(getters, eq(getters.id, userMoves.userId))
    .leftJoin(agents, eq(agents.id, userMoves.assignedAgentId));
}

type Sort = (typeof SORTABLE)[string];

/** A dynamic query on user_moves, with the project joined when the sort key needs it. */
function joinedFor<T extends PgSelect>(query: T, sort: Sort): T {
  return sort.byProject
    ? (query.innerJoin(projectLocations, eq(projectLocations.id, userMoves.projectLocationId)).innerJoin(projects, eq(projects.id, projectLocations.projectId)) as unknown as T)
    : query;
}

/** The ids of the moves of a condition, in an order: a query, to run or to embed. */
function idsQuery(db: Db, sort: Sort, where: SQL | undefined, order: SQL[], take: number, skip = 0) {
  return joinedFor(db.select({ id: userMoves.id }).from(userMoves).$dynamic(), sort)
    .where(where)
    .orderBy(...order)
    .limit(take)
    .offset(skip);
}

/** Where a page starts: its size, offset and cursor move, as values or placeholders. */
interface PageAt {
  limit: unknown;
  offset: unknown;
  cursorId: unknown;
  /** offset + limit: how many ids each part of a keyset page on a key some moves lack reads at most. */
  take: unknown;
}

/** The list's order on `sort`, up or down, the id breaking ties (a sort by id needs no tie). */
function listOrder(sort: Sort, byId: boolean, up: boolean): SQL[] {
  const direction = up ? asc : desc;
  return [direction(sort.key as never), ...(byId ? [] : [direction(userMoves.id)])];
}

/** The moves past the cursor move in the list's order (`up`): the key compared in SQL with the cursor's own. */
function pastCursor(db: Db, sort: Sort, byId: boolean, up: boolean, cursorId: unknown): SQL {
  const cmp = up ? sql`>` : sql`<`;
  // By id, the cursor move must still be there (a gating condition, tested once): a lost one is a 400.
  if (byId) return sql`${userMoves.id} ${cmp} ${cursorId} and exists (select 1 from user_moves cursor_move where cursor_move.id = ${cursorId})`;
  const keyAt = joinedFor(db.select({ key: sort.key as SQL }).from(userMoves).$dynamic(), sort).where(eq(userMoves.id, cursorId as number));
  return sql`(${sort.key}, ${userMoves.id}) ${cmp} ((${keyAt}), ${cursorId})`;
}

/**
 * One page of moves in the list's order, as an int[] expression to embed in the page's statement (the
 * whole list is one round trip): by offset, or by keyset after (before) a move of the list, which costs
 * the same on the thousandth page as on the first. The key is compared in SQL against the cursor move's
 * own (no value crosses to JavaScript and back: a timestamp would lose its microseconds). `reversed`
 * when the ids come in the opposite order (before a move). A lost cursor gives an empty page, which
 * `listMoves` tells from an empty list.
 */
function embeddedPage(db: Db, sort: Sort, byId: boolean, ascending: boolean, embeddable: SQL | undefined, q: MoveListQuery, at: PageAt): { ids: SQL; reversed: boolean } {
  const embedded = (condition: SQL | undefined, order: SQL[]) => sql`array(${idsQuery(db, sort, condition, order, at.limit as number, at.offset as number)})`;
  if (q.after === undefined && q.before === undefined) return { ids: embedded(embeddable, listOrder(sort, byId, ascending)), reversed: false };
  // Before a move: the list's order reversed from it, read back.
  const up = q.after !== undefined ? ascending : !ascending;
  const reversed = q.after === undefined;
  // A key no move lacks: the page is one query.
  if (byId || !sort.nullable) return { ids: embedded(and(embeddable, pastCursor(db, sort, byId, up, at.cursorId)), listOrder(sort, byId, up)), reversed };
  return { ids: emptyKeysPage(db, sort, up, embeddable, at), reversed };
}

/**
 * A keyset page on a key some moves lack (no Getter, agent or client): empty keys sort last ascending
 * and first descending, as PostgreSQL does, so the page past the last named one continues among the
 * empty ones. Each part of what may follow the cursor is an ordered array of at most `take` ids, gated
 * on whether the cursor's own key is empty (a one-time condition: the parts that cannot follow it are not
 * read), and the part that continues another is read only when that one fell short (`thenIfShort`: a
 * filter whose moves all have the key, say approved ones sorted by Getter, would otherwise walk them all
 * looking for an empty one). The parts' concatenation, sliced past the offset, is the page.
 * - Ascending from a named key: the named keys after it, then every empty one; from an empty key: the
 *   empty ones after it, by id.
 * - Descending from a named key: the named keys before it; from an empty key: the empty ones before it,
 *   by id, then every named key.
 */
function emptyKeysPage(db: Db, sort: Sort, up: boolean, embeddable: SQL | undefined, at: PageAt): SQL {
  const key = sort.key as SQL;
  const cursorEmpty = sql`(select ${key} is null from ${userMoves} where ${userMoves.id} = ${at.cursorId})`;
  const cmp = up ? sql`>` : sql`<`;
  const part = (condition: SQL, order: SQL[]) => sql`array(${idsQuery(db, sort, and(embeddable, condition), order, at.take as number)})`;
  const thenIfShort = (first: SQL, then: SQL) =>
    sql`(select case when cardinality(f.ids) < ${at.take}::int then f.ids || ${then} else f.ids end from (select ${first} as ids) f)`;
  const byIdOnly = [up ? asc(userMoves.id) : desc(userMoves.id)];
  const named = part(sql`not ${cursorEmpty} and ${pastCursor(db, sort, false, up, at.cursorId)}`, listOrder(sort, false, up));
  const emptyPast = part(sql`${cursorEmpty} and ${key} is null and ${userMoves.id} ${cmp} ${at.cursorId}`, byIdOnly);
  const ids = up
    ? sql`${thenIfShort(named, part(sql`not ${cursorEmpty} and ${key} is null`, byIdOnly))} || ${emptyPast}`
    : sql`${named} || ${thenIfShort(emptyPast, part(sql`${cursorEmpty} and ${key} is not null`, listOrder(sort, false, false)))}`;
  return sql`(${ids})[(${at.offset}::int + 1):(${at.offset}::int + ${at.limit}::int)]`;
}

const lostCursor = (q: MoveListQuery) => badRequest(MOVE_FORM_TEXT.lostCursor, { [q.after !== undefined ? 'after' : 'before']: MOVE_FORM_TEXT.lostCursor });

/** What the page's statement answers: the exact part of the count, and the page's rows as JSON text. */
type PageRecord = {
  /** The exact part of the count (`countSteps`); null when an estimate was kept. */
  n: number | null;
  /** The rows as the API answers them (`MoveListRow[]`), in the list's order: '[]' for an empty page. */
  rows: string;
};

/**
 * The list's status label of each status, in SQL: the domain's labels, written into the statement's text
 * (`textConstant`), so that the unfiltered list's first page has no value besides its size and keeps its plan.
 */
const STATUS_NAME = sql`(case r.status ${sql.join(
  Object.entries(MOVE_STATUS_LABEL).map(([status, label]) => sql`when ${textConstant(status)} then ${textConstant(label)}`),
  sql` `,
)} else r.status end)`;

/**
 * A page's rows, in their order, with every join, and the exact part of the list's count, in one
 * statement. The rows come from `campo_move_list_rows` (migration 0006), whose PL/pgSQL query runs on a
 * generic plan: planning the seven joins anew for each page cost ~2 ms of the database's time, ten times
 * what running them does. PostgreSQL writes them as the API's JSON (`MoveListRow`, the time as
 * `toISOString()` writes it): the server neither reads them field by field nor serializes them again
 * (that was a third of its CPU on a page). `ids`: an int[] expression, the page's own query
 * (`embeddedPage`: the whole list is one round trip); `reversed`, when they come in the opposite
 * order (before a move). `place`: the project locations of the list's place conditions (`placeIds`),
 * looked up once in the statement's `place` for both the page and the count (each looked them up before:
 * a point-of-sale search ran its trigram lookup twice).
 */
function pageStatement(idsArray: SQL, count: SQL | null, place: SQL | null, reversed: boolean): SQL {
  const prelude = place ? sql`with place as (select ${place} as ids) ` : sql``;
  const row = sql`json_build_object('id', r.id, 'code', r.code, 'clientLocationName', r.client_location_name || ' (' || r.client_location_code || ')',
      'userFullName', r.user_full_name, 'statusName', ${STATUS_NAME}, 'statusId', r.status, 'hasAttachments', r.attachments_count > 0,
      'assignedAgentFullName', r.assigned_agent_full_name, 'projectsName', r.projects_name, 'campaignsClientName', r.campaigns_client_name,
      'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  return sql`${prelude}select ${count ?? sql`null::int`} as n,
    coalesce((select json_agg(${row} order by r.ordinality ${reversed ? sql`desc` : sql`asc`}) from campo_move_list_rows(${idsArray}) with ordinality r), '[]')::text as rows`;
}

/** The list's conditions as the page's statement and its count use them (`place`: see `pageStatement`). */
function conditions(db: Db, q: MoveListQuery, v: FilterValues) {
  const where = and(...moveFilters(q, undefined, v));
  const place = placeIds(q, v);
  const embeddable = place ? and(...moveFilters(q, sql`(select ids from place)::int[]`, v)) : where;
  const exact = exactCountUpTo(db.select({ one: sql`1` }).from(userMoves).where(place ? embeddable : where));
  return { where, place, embeddable, exact };
}

/** A `MoveListPage` as JSON text, ready to send. */
export type MoveListJson = string & { readonly page: MoveListPage };

/**
 * The list: the page of ids in its order (filters on user_moves, the place on project_location_id,
 * only the sort key's joins), those rows with every join, and the count, in one statement when the page
 * is by offset (`campo_move_list_rows(array(…))`) or by keyset on a key no move lacks; that statement is
 * built once per shape (the conditions present, the sort, the order, the cursor's side, whether the
 * count is kept) and takes each request's values as parameters. A keyset page on a key some moves lack
 * finds its ids first. The count is exact up to EXACT_COUNT_UP_TO and estimated beyond
 * (`countEstimated`), the estimate kept a few seconds.
 */
export async function listMoves(db: Db, q: MoveListQuery): Promise<MoveListJson> {
  const sortKey = q.sort ?? 'id';
  const sort = whitelisted(SORTABLE, sortKey);
  const byId = sortKey === 'id' || sortKey === 'code';
  const ascending = q.order === 'ASC';
  const values = filterValues(q);
  // The count depends on the filters alone: they name its kept estimate (every field of the query but
  // the page's and the order's, so a filter added to the query is part of the key without more ado).
  const { offset: _offset, limit: _limit, after: _after, before: _before, sort: _sort, order: _order, ...filters } = q;
  const counting = countSteps(db, () => db.select({ one: sql`1` }).from(userMoves).where(and(...moveFilters(q, undefined, values))), `user_moves|${JSON.stringify(filters)}`);
  const cursorId = q.after ?? q.before;
  const side = q.after !== undefined ? 'a' : q.before !== undefined ? 'b' : '-';
  const statement = preparedSql<PageRecord>(db, `moves:${filterShape(q)}:${sortKey}:${q.order}:${side}:${counting.kept ? 'kept' : 'count'}`, () => {
    const c = conditions(db, q, FILTER_PLACEHOLDERS);
    const page = embeddedPage(db, sort, byId, ascending, c.embeddable, q, placeholders('limit', 'offset', 'cursorId', 'take'));
    return pageStatement(page.ids, counting.kept ? null : c.exact, c.place, page.reversed);
  });
  const [found] = await statement.execute({ ...values, limit: q.limit, offset: q.offset, cursorId, take: q.offset + q.limit });
  const counted = counting.kept ?? (await counting.from(Number(found.n)));
  if (found.rows === '[]' && cursorId !== undefined && !(await db.select({ id: userMoves.id }).from(userMoves).where(eq(userMoves.id, cursorId))).length) throw lostCursor(q);
  // A MoveListPage, written around the rows PostgreSQL wrote.
  return `{"rows":${found.rows},"count":${counted.count}${counted.estimated ? ',"countEstimated":true' : ''}}` as MoveListJson;
}

/** Ids of every move of a list filter (mass assignment of "all filtered"), capped. */
export async function moveIdsOf(db: Db | Tx, q: Partial<MoveListQuery>, cap: number): Promise<number[]> {
  const rows = (await fromMoves(db, { id: userMoves.id })
    .where(and(...moveFilters(q)))
    .orderBy(asc(userMoves.id))
    .limit(cap + 1)) as unknown as { id: number }[];
  if (rows.length > cap) throw badRequest(ASSIGN_TEXT.filterTooBig(cap));
  return rows.map((r) => r.id);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function attachmentOut(a: typeof moveAttachments.$inferSelect, files: FileStore): MoveAttachment {
  return {
    id: a.id,
    type: a.type,
    name: a.name,
    duration_in_seconds: a.durationInSeconds,
    download_link: a.storageKey ? files.signedUrl(a.storageKey) : (a.externalUrl ?? ''),
    createdAt: a.createdAt.toISOString(),
  };
}

/** One move with everything the review screen shows. */
export async function moveDetail(db: Db | Tx, files: FileStore, where: { id: number } | { code: string }): Promise<MoveDetail> {
  const [row] = await db
    .select({
      move: userMoves,
      userFullName: fullName(getters),
      getterActive: sql<boolean>`coalesce(${getters.status} and ${getters.rolId} = ${ROLE.GETTER}, false)`,
      agentFullName: fullName(agents),
      location: locations,
      city: cities.name,
      state: states.name,
      projectId: projectLocations.projectId,
    })
    .from(userMoves)
    .innerJoin(projectLocations, eq(projectLocations.id, userMoves.projectLocationId))
    .innerJoin(locations, eq(locations.id, projectLocations.locationId))
    .leftJoin(cities, eq(cities.id, locations.cityId))
    .leftJoin(states, eq(states.id, locations.stateId))
    .leftJoin(getters, eq(getters.id, userMoves.userId))
    .leftJoin(agents, eq(agents.id, userMoves.assignedAgentId))
    .where('id' in where ? eq(userMoves.id, where.id) : eq(userMoves.code, where.code));
  if (!row) throw notFound(MOVE_TEXT.notFound);
  const m = row.move;
  const logUser = alias(users, 'log_users');
  const [logs, attachments, [copy], [agentReply], info, [payment]] = await Promise.all([
    db
      .select({ log: moveStatusLogs, userFullName: fullName(logUser), motiveName: motives.motive })
      .from(moveStatusLogs)
      .leftJoin(logUser, eq(logUser.id, moveStatusLogs.userId))
      .leftJoin(motives, eq(motives.id, moveStatusLogs.motiveId))
      .where(eq(moveStatusLogs.userMoveId, m.id))
      .orderBy(asc(moveStatusLogs.createdAt), asc(moveStatusLogs.id)),
    db.select().from(moveAttachments).where(eq(moveAttachments.userMoveId, m.id)).orderBy(asc(moveAttachments.id)),
    db.select({ id: userMoves.id, code: userMoves.code }).from(userMoves).where(eq(userMoves.republishedFromId, m.id)).limit(1),
    db
      .select({ id: moveReplies.id })
      .from(moveReplies)
      .where(and(eq(moveReplies.userMoveId, m.id), eq(moveReplies.byAgent, true)))
      .limit(1),
    projectInfo(db, [row.projectId]),
    db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.userMoveId, m.id), eq(transactions.status, 'PAID')))
      .limit(1),
  ]);
  const project = info.get(row.projectId);
  const shown = attachments.map((a) => attachmentOut(a, files));
  const status = m.status as MoveStatus;
  // A move that may be republished: the payment a copy would owe nothing for (this move's, or earlier in its chain).
  const paidVisit = TRANSITIONS.republish.from.includes(status) ? await paidVisitOf(db, { republishedFromId: m.id, userId: m.userId }) : null;
  return {
    id: m.id,
    code: m.code,
    status: { id: status, name: MOVE_STATUS_LABEL[status] ?? status },
    statusId: status,
    version: m.version,
    hasAttachments: m.attachmentsCount > 0,
    user_move_status_logs: logs.map(({ log, userFullName, motiveName }) => ({
      id: log.id,
      status: log.status,
      statusName: MOVE_STATUS_LABEL[log.status as MoveStatus] ?? log.status,
      createdAt: log.createdAt.toISOString(),
      finishedAt: iso(log.finishedAt),
      reason: log.reason,
      motiveId: log.motiveId,
      motiveName,
      userFullName,
    })),
    assignedAgentId: m.assignedAgentId,
    assignedAgent: m.assignedAgentId ? { id: m.assignedAgentId, fullName: row.agentFullName ?? '' } : null,
    userId: m.userId,
    user: m.userId ? { id: m.userId, fullName: row.userFullName ?? '', active: row.getterActive === true } : null,
    rescueUserId: m.rescueUserId,
    userMoveVideoLink: m.videoLink,
    userMoveAudio: shown.find((a) => a.type === 'audio') ?? null,
    attachments: shown,
    returnReason: m.returnReason,
    disapprovedReason: m.disapprovedReason,
    rejectionReason: m.rejectionReason,
    cancelReason: m.cancelReason,
    editReason: m.editReason,
    finishAnalysisDate: iso(m.finishAnalysisDate),
    startAuditDate: iso(m.startAuditDate),
    completedAuditDate: iso(m.completedAuditDate),
    dueTo: m.dueTo,
    createdAt: m.createdAt.toISOString(),
    questionnaireResult: m.questionnaireResult === null ? null : Number(m.questionnaireResult),
    republished: Boolean(copy),
    paid: Boolean(payment),
    paidVisit,
    republishedCopyCode: copy?.code ?? null,
    republishedFromId: m.republishedFromId,
    editedByAgent: Boolean(agentReply),
    projectLocation: {
      id: m.projectLocationId,
      locations: {
        id: row.location.id,
        fullName: row.location.fullName,
        clientLocationName: row.location.clientLocationName,
        client_location_id: row.location.clientLocationId,
        street: row.location.street,
        city: row.city,
        state: row.state,
        openingHours: row.location.openingHours,
        closingHours: row.location.closingHours,
        observation: row.location.observation,
      },
      projects: {
        id: row.projectId,
        name: project?.name ?? '',
        startDate: project?.startDate ?? null,
        endDate: project?.endDate ?? null,
        price: project?.price ?? null,
        guideline: project?.guideline ?? null,
        campaigns: project?.campaign ?? null,
        client: project?.client ?? null,
      },
    },
  };
}

