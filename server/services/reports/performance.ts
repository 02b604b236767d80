/** The client side's performance report (GET /reports/performance) and its selectors (GET /reports/options). */
import { type AnyColumn, and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PerformanceAnswer, PerformanceQuery, ReportOptions, ReportSort, VisitDetail } from '../../../domain/reports';
import { NOT_APPLICABLE_RESULT, REPORT_DEFAULT_SORT, REPORT_TEXT, visitDimensions } from '../../../domain/reports';
import { isAdmin } from '../../../domain/roles';
import { MSG } from '../../../domain/validation';
import { DOWNLOAD_VIDEO_ACTION } from '../../../domain/webUsers';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { countAll, pageTotal, whitelisted } from '../../db/list';
import { placeholders, preparedOnce } from '../../db/prepared';
import { campaigns, clients, locations, projectLocations, projects, userActions, userMoves } from '../../db/schema';
import type { SessionUser } from '../../guard';
import { badRequest, HttpError, notFound } from '../../http';
import { dayEnd, dayStart } from '../moves/queries';
import { effectiveReplies, versionContent } from '../moves/replies';
import { type ClientScope, type ScopeKind, visibleLocations } from './scope';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The report's statements are built once per shape (`preparedOnce`: the scope's kind, which filters,
 * the sort): building their SQL with the query builder on every request cost more of the server's CPU
 * than the rest of the request (BENCHMARKS.md). Each request binds its values to these placeholders.
 */
const P = placeholders('clientId', 'userId', 'projectId', 'locationId', 'fromDate', 'toDate', 'limit', 'offset', 'after', 'afterKey');

/** The values of a report request for `P`. */
const scopeValues = (scope: ClientScope) => ({ clientId: scope.clientId, userId: scope.userId });

/**
 * Settles every promise, then gives their values, or throws the first failure in the order given (not
 * in the order they failed): checks run together with the page, and a missing project is still told
 * before a forbidden location. No failure is left unhandled.
 */
async function inOrder<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(promises);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** The project, when it is the client's; otherwise a 404 (whether it exists elsewhere is not said). */
export async function clientProject(db: Db, scope: ClientScope, projectId: number) {
  const statement = preparedOnce(db, 'report:project', () =>
    db
      .select({ id: projects.id, name: projects.name, startDate: projects.startDate, endDate: projects.endDate, questionnaireId: projects.questionnaireId, campaignId: projects.campaignId })
      .from(projects)
      .where(and(eq(projects.id, P.projectId as never), eq(projects.clientId, P.clientId as never)))
      .prepare(''),
  );
  const [project] = await statement.execute({ projectId, clientId: scope.clientId });
  if (!project) throw notFound(REPORT_TEXT.projectNotFound);
  return project;
}

/** A point of sale the user may see, or a 403: a franchise user never learns about another's. */
async function checkLocation(db: Db, scope: ClientScope, locationId: number) {
  const statement = preparedOnce(db, `report:location:${scope.kind}`, () =>
    db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.id, P.locationId as never), eq(locations.clientId, P.clientId as never), visibleLocations(scope.kind, P.userId)))
      .prepare(''),
  );
  const [allowed] = await statement.execute({ ...scopeValues(scope), locationId });
  if (!allowed) throw new HttpError(403, REPORT_TEXT.locationForbidden);
}

/**
 * The selectors: the client's projects that hold a location the user sees, and those locations
 * (of the project when one is given), each once however many projects it is in. The client, the
 * project and both lists are asked at once.
 */
export async function reportOptions(db: Db, scope: ClientScope, projectId?: number): Promise<ReportOptions> {
  // One statement answers it all (each part a subquery, its list a JSON array in its own order): the
  // client, the project asked for, the projects and the points of sale the user sees, and whether the
  // user is in charge of any point of sale of the client at all.
  const options = preparedOnce(db, `report:options:${scope.kind}:${Boolean(projectId)}`, () => {
    const visible = and(eq(projects.clientId, P.clientId as never), eq(locations.clientId, P.clientId as never), visibleLocations(scope.kind, P.userId));
    const projectList = db
      .selectDistinct({ id: projects.id, name: projects.name, startDate: projects.startDate, endDate: projects.endDate })
      .from(projects)
      .innerJoin(projectLocations, eq(projectLocations.projectId, projects.id))
      .innerJoin(locations, eq(locations.id, projectLocations.locationId))
      .where(visible);
    const locationList = db
      .selectDistinct({ id: locations.id, code: locations.code, clientLocationId: locations.clientLocationId, fullName: locations.fullName })
      .from(locations)
      .innerJoin(projectLocations, eq(projectLocations.locationId, locations.id))
      .innerJoin(projects, eq(projects.id, projectLocations.projectId))
      .where(and(visible, projectId ? eq(projects.id, P.projectId as never) : undefined));
    return db
      .select({
        client: sql<ReportOptions['client'] | null>`(select json_build_object('id', c.id, 'name', c.name) from ${clients} c where c.id = ${P.clientId})`,
        project: projectId ? sql<{ id: number } | null>`(select json_build_object('id', p.id) from ${projects} p where p.id = ${P.projectId} and p.client_id = ${P.clientId})` : sql<null>`null`,
        projects: sql<ReportOptions['projects']>`(select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'startDate', p.start_date, 'endDate', p.end_date) order by p.start_date desc, p.name, p.id), '[]') from (${projectList}) p)`,
        locations: sql<ReportOptions['locations']>`(select coalesce(json_agg(json_build_object('id', l.id, 'code', l.code, 'clientLocationId', l.client_location_id, 'fullName', l.full_name) order by l.full_name, l.id), '[]') from (${locationList}) l)`,
        hasLocations: inChargeOfAny(scope.kind, P.clientId, P.userId),
      })
      .from(sql`(select 1) as one`)
      .prepare('');
  });
  const [found] = await options.execute({ ...scopeValues(scope), projectId });
  if (!found.client) throw notFound('El cliente no existe.');
  if (projectId && !found.project) throw notFound(REPORT_TEXT.projectNotFound);
  return { client: found.client, locationRequired: scope.locationRequired, hasLocations: found.locations.length > 0 || found.hasLocations, projects: found.projects, locations: found.locations };
}

/**
 * Whether the user is in charge of any point of sale of its client, in a project or not, as a condition
 * (client and user as values or placeholders): a franchise user or zone manager in charge of none is
 * told so, not that the client has no projects yet.
 */
export function inChargeOfAny(kind: ScopeKind, clientId: unknown, userId: unknown): SQL<boolean> {
  return kind === 'all' ? sql<boolean>`true` : sql<boolean>`exists (select 1 from ${locations} where ${locations.clientId} = ${clientId} and ${visibleLocations(kind, userId)})`;
}

/**
 * What each header sorts by: the point of sale by its name as the moves list compares names (lower
 * case), the result with N/A (none, or -1) as -1, as the rows show it.
 */
const sortable: Record<ReportSort, AnyColumn | SQL> = {
  code: userMoves.code,
  location: sql`lower(${locations.fullName})`,
  // To the millisecond, as the rows say it (and `afterKey` sends it back): a keyset page compares the same value.
  visitDate: sql`date_trunc('milliseconds', ${userMoves.completedAuditDate})`,
  result: sql`coalesce(${userMoves.questionnaireResult}, ${sql.raw(String(NOT_APPLICABLE_RESULT))})`,
};

/** `afterKey` as a value of each sort's type (the key of the page's last row, `reportSortKey`). */
const cursorKey: Record<ReportSort, SQL> = {
  code: sql`${P.afterKey}::text`,
  location: sql`lower(${P.afterKey}::text)`,
  visitDate: sql`${P.afterKey}::timestamptz`,
  result: sql`${P.afterKey}::numeric`,
};

/**
 * An instant as a row writes it ('2026-11-28T16:41:24.313Z', or with an offset) on a day of the calendar:
 * JavaScript reads 30 February as 2 March, PostgreSQL refuses it (a 500 of the cast).
 */
function isInstant(key: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):(\d{2}))$/.exec(key);
  if (!m) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = m.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year, month - 1, day));
  const onCalendar = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return onCalendar && hour < 24 && minute < 60 && second < 60 && offsetHours <= 14 && offsetMinutes < 60;
}

/** Whether `afterKey` can be cast to the sort's type: a 400 on the field rather than a 500 of the cast. */
const cursorKeyValid: Record<ReportSort, (key: string) => boolean> = {
  code: () => true,
  location: () => true,
  visitDate: isInstant,
  result: (key) => /^-?\d{1,5}(\.\d{1,6})?$/.test(key),
};

/**
 * Keyset: the rows past the cursor row in the page's order (its column, then the id, the same way). The
 * key travels as the row showed it, not looked up by the move's id: that move may have left the report
 * meanwhile (disapproved), and another move's key (one under review) is not the user's to compare against.
 */
function pastCursor(sortKey: ReportSort, column: AnyColumn | SQL, order: PerformanceQuery['order']): SQL {
  const cmp = order === 'DESC' ? sql`<` : sql`>`;
  return sql`(${column}, ${userMoves.id}) ${cmp} (${cursorKey[sortKey]}, ${P.after}::integer)`;
}

/** The page's order: the asked column, then the move's id the same way, so pages never share or skip a row. */
function pageOrder(column: AnyColumn | SQL, order: PerformanceQuery['order']): SQL[] {
  const direction = order === 'DESC' ? desc : asc;
  return [direction(column), direction(userMoves.id)];
}

/** A move with its project location, project and point of sale: what every report query reads. */
function withPlace<T extends PgSelect>(query: T) {
  return query
    .innerJoin(projectLocations, eq(projectLocations.id, userMoves.projectLocationId))
    .innerJoin(projects, eq(projects.id, projectLocations.projectId))
    .innerJoin(locations, eq(locations.id, projectLocations.locationId));
}

/** An approved move of the client's, at a point of sale the user sees (`locations`: the scope's condition, `ClientScope.locations` or `visibleLocations`). */
const approvedInScope = (clientId: unknown, visible: SQL) =>
  and(eq(userMoves.status, 'APROBADA'), eq(projects.clientId, clientId as never), eq(locations.clientId, clientId as never), visible);

/** The report's conditions, over placeholders: the project's approved moves the user sees, visited within the dates (of one location when asked). */
const reportWhere = (scope: ClientScope, byLocation: boolean) =>
  and(
    approvedInScope(P.clientId, visibleLocations(scope.kind, P.userId)),
    eq(projects.id, P.projectId as never),
    byLocation ? eq(locations.id, P.locationId as never) : undefined,
    gte(userMoves.completedAuditDate, dayStart(P.fromDate as never)),
    lt(userMoves.completedAuditDate, dayEnd(P.toDate as never)),
  );

/**
 * Approved moves of the project's visible locations whose visit (completed audit) falls within the
 * dates. One statement gives the page and, as an uncorrelated subquery run once, its total; the
 * project's and the location's checks run beside it. Only a page past the last one counts apart.
 */
export async function performanceReport(db: Db, scope: ClientScope, q: PerformanceQuery): Promise<PerformanceAnswer> {
  const sortKey = q.sort ?? REPORT_DEFAULT_SORT.field;
  const column = whitelisted(sortable, sortKey);
  const byLocation = Boolean(q.clientLocationId);
  if (!byLocation && scope.locationRequired) {
    await clientProject(db, scope, q.projectId);
    throw badRequest(REPORT_TEXT.pickLocation, { clientLocationId: MSG.required });
  }
  const keyset = q.after !== undefined;
  if (keyset && !cursorKeyValid[sortKey as ReportSort](q.afterKey ?? '')) throw badRequest(REPORT_TEXT.badCursor, { afterKey: REPORT_TEXT.badCursor });
  // The report's count: alone for a page past the last one, as a subquery of the page otherwise.
  const countOf = () => withPlace(db.select({ total: countAll }).from(userMoves).$dynamic()).where(reportWhere(scope, byLocation));
  const counting = preparedOnce(db, `performance:count:${scope.kind}:${byLocation}`, () => countOf().prepare(''));
  const statement = preparedOnce(db, `performance:${scope.kind}:${byLocation}:${sortKey}:${q.order}:${keyset}`, () => {
    const where = reportWhere(scope, byLocation);
    const total = countOf();
    return withPlace(
      db
        .select({
          move: {
            id: userMoves.id,
            code: userMoves.code,
            result: userMoves.questionnaireResult,
            startAuditDate: userMoves.startAuditDate,
            completedAuditDate: userMoves.completedAuditDate,
          },
          projectLocationId: projectLocations.id,
          project: { id: projects.id, name: projects.name },
          campaign: { id: campaigns.id, name: campaigns.name },
          client: { id: clients.id, name: clients.name },
          location: { id: locations.id, code: locations.code, clientLocationId: locations.clientLocationId, fullName: locations.fullName },
          total: sql<number>`(${total})`.mapWith(Number),
        })
        .from(userMoves)
        .$dynamic(),
    )
      .innerJoin(clients, eq(clients.id, projects.clientId))
      .leftJoin(campaigns, eq(campaigns.id, projects.campaignId))
      .where(keyset ? and(where, pastCursor(sortKey as ReportSort, column, q.order)) : where)
      .orderBy(...pageOrder(column, q.order))
      .limit(P.limit as never)
      .offset(P.offset as never)
      .prepare('');
  });
  const values = { ...scopeValues(scope), projectId: q.projectId, locationId: q.clientLocationId, fromDate: q.fromDate, toDate: q.toDate, limit: q.limit, offset: q.offset, after: q.after, afterKey: q.afterKey };
  const [, , rows] = await inOrder([
    clientProject(db, scope, q.projectId),
    byLocation ? checkLocation(db, scope, q.clientLocationId!) : Promise.resolve(),
    statement.execute(values),
  ] as const);
  // `total` is the whole filter's, also on a keyset page; an empty one past the last row counts apart.
  const countApart = async () => (await counting.execute(values))[0].total;
  const total = keyset && !rows.length ? await countApart() : await pageTotal(rows, q.offset, countApart);
  return {
    total,
    result: rows.map((r) => ({
      id: r.move.id,
      code: r.move.code,
      questionnaireResult: r.move.result === null ? -1 : Number(r.move.result),
      startAuditDate: iso(r.move.startAuditDate),
      completedAuditDate: iso(r.move.completedAuditDate),
      visitDate: iso(r.move.completedAuditDate),
      projectLocation: {
        id: r.projectLocationId,
        projects: {
          id: r.project.id,
          name: r.project.name,
          client: r.client,
          campaigns: r.campaign?.id ? { id: r.campaign.id, name: r.campaign.name!, client: r.client } : null,
        },
        locations: r.location,
      },
    })),
  };
}

async function mayOpenVideo(db: Db, session: SessionUser): Promise<boolean> {
  if (isAdmin(session.rol)) return true;
  const [granted] = await db
    .select({ id: userActions.id })
    .from(userActions)
    .where(and(eq(userActions.userId, session.id), eq(userActions.actionId, DOWNLOAD_VIDEO_ACTION), eq(userActions.active, true)));
  return Boolean(granted);
}

/**
 * One row of the report opened (GET /reports/performance/:id): an approved visit of a location the user
 * sees, with the answers the questionnaire shows the client (the quality agent's edit when there is one).
 * Another client's, another franchise's, or a move not approved is a 404: whether it exists is not said.
 */
export async function visitDetail(db: Db, scope: ClientScope, session: SessionUser, moveId: number): Promise<VisitDetail> {
  const [row] = await withPlace(
    db
      .select({
        id: userMoves.id,
        code: userMoves.code,
        result: userMoves.questionnaireResult,
        completedAuditDate: userMoves.completedAuditDate,
        versionId: userMoves.questionnaireVersionId,
        dimensionResults: userMoves.dimensionResults,
        videoLink: userMoves.videoLink,
        projectName: projects.name,
        fullName: locations.fullName,
        clientLocationId: locations.clientLocationId,
      })
      .from(userMoves)
      .$dynamic(),
  ).where(and(eq(userMoves.id, moveId), approvedInScope(scope.clientId, scope.locations)));
  if (!row) throw notFound(REPORT_TEXT.visitNotFound);
  const [version, { replies }, video] = await Promise.all([versionContent(db, row.versionId), effectiveReplies(db, row.id), mayOpenVideo(db, session)]);
  return {
    id: row.id,
    code: row.code,
    questionnaireResult: row.result === null ? NOT_APPLICABLE_RESULT : Number(row.result),
    visitDate: iso(row.completedAuditDate),
    projectName: row.projectName,
    location: { fullName: row.fullName, clientLocationId: row.clientLocationId },
    questionnaire: version.version === null ? null : { name: version.name, version: version.version },
    dimensions: visitDimensions(version.dimensions, replies, row.dimensionResults),
    userMoveVideoLink: video ? row.videoLink : null,
  };
}
