/** The client side's performance report (GET /reports/performance) and its selectors (GET /reports/options). */
import { type AnyColumn, and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PerformanceAnswer, PerformanceQuery, ReportOptions, ReportSort, VisitDetail } from '../../../domain/reports';
import { NOT_APPLICABLE_RESULT, REPORT_DEFAULT_SORT, REPORT_TEXT, visitDimensions } from '../../../domain/reports';
import { isAdmin } from '../../../domain/roles';
import { MSG } from '../../../domain/validation';
import { DOWNLOAD_VIDEO_ACTION } from '../../../domain/webUsers';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { whitelisted } from '../../db/list';
import { campaigns, clients, locations, projectLocations, projects, userActions, userMoves } from '../../db/schema';
import type { SessionUser } from '../../guard';
import { badRequest, HttpError, notFound } from '../../http';
import { dayEnd, dayStart } from '../moves/queries';
import { effectiveReplies, versionContent } from '../moves/replies';
import type { ClientScope } from './scope';

const iso = (d: Date | null) => d?.toISOString() ?? null;

async function clientOf(db: Db, clientId: number) {
  const [client] = await db.select({ id: clients.id, name: clients.name }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw notFound('El cliente no existe.');
  return client;
}

/** The project, when it is the client's; otherwise a 404 (whether it exists elsewhere is not said). */
export async function clientProject(db: Db, scope: ClientScope, projectId: number) {
  const [project] = await db
    .select({ id: projects.id, name: projects.name, startDate: projects.startDate, endDate: projects.endDate, questionnaireId: projects.questionnaireId, campaignId: projects.campaignId })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.clientId, scope.clientId)));
  if (!project) throw notFound(REPORT_TEXT.projectNotFound);
  return project;
}

/** A point of sale the user may see, or a 403: a franchise user never learns about another's. */
async function checkLocation(db: Db, scope: ClientScope, locationId: number) {
  const [allowed] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.clientId, scope.clientId), scope.locations));
  if (!allowed) throw new HttpError(403, REPORT_TEXT.locationForbidden);
}

/**
 * The selectors: the client's projects that hold a location the user sees, and those locations
 * (of the project when one is given), each once however many projects it is in.
 */
export async function reportOptions(db: Db, scope: ClientScope, projectId?: number): Promise<ReportOptions> {
  const client = await clientOf(db, scope.clientId);
  if (projectId) await clientProject(db, scope, projectId);
  const visible = and(eq(projects.clientId, scope.clientId), eq(locations.clientId, scope.clientId), scope.locations);
  const [projectRows, locationRows] = await Promise.all([
    db
      .selectDistinct({ id: projects.id, name: projects.name, startDate: projects.startDate, endDate: projects.endDate })
      .from(projects)
      .innerJoin(projectLocations, eq(projectLocations.projectId, projects.id))
      .innerJoin(locations, eq(locations.id, projectLocations.locationId))
      .where(visible)
      .orderBy(desc(projects.startDate), asc(projects.name), asc(projects.id)),
    db
      .selectDistinct({ id: locations.id, code: locations.code, clientLocationId: locations.clientLocationId, fullName: locations.fullName })
      .from(locations)
      .innerJoin(projectLocations, eq(projectLocations.locationId, locations.id))
      .innerJoin(projects, eq(projects.id, projectLocations.projectId))
      .where(and(visible, projectId ? eq(projects.id, projectId) : undefined))
      .orderBy(asc(locations.fullName), asc(locations.id)),
  ]);
  return { client, locationRequired: scope.locationRequired, projects: projectRows, locations: locationRows };
}

/**
 * What each header sorts by: the point of sale by its name as the moves list compares names (lower
 * case), the result with N/A (none, or -1) as -1, as the rows show it.
 */
const sortable: Record<ReportSort, AnyColumn | SQL> = {
  code: userMoves.code,
  location: sql`lower(${locations.fullName})`,
  visitDate: userMoves.completedAuditDate,
  result: sql`coalesce(${userMoves.questionnaireResult}, ${sql.raw(String(NOT_APPLICABLE_RESULT))})`,
};

/** The page's order: the asked column (a 400 for one not in `sortable`), then the move's id the same way, so pages never share or skip a row. */
function pageOrder(q: PerformanceQuery): SQL[] {
  const column = whitelisted(sortable, q.sort ?? REPORT_DEFAULT_SORT.field);
  const direction = q.order === 'DESC' ? desc : asc;
  return [direction(column), direction(userMoves.id)];
}

/** A move with its project location, project and point of sale: what every report query reads. */
function withPlace<T extends PgSelect>(query: T) {
  return query
    .innerJoin(projectLocations, eq(projectLocations.id, userMoves.projectLocationId))
    .innerJoin(projects, eq(projects.id, projectLocations.projectId))
    .innerJoin(locations, eq(locations.id, projectLocations.locationId));
}

/** An approved move of the client's, at a point of sale the user sees. */
const approvedInScope = (scope: ClientScope) =>
  and(eq(userMoves.status, 'APROBADA'), eq(projects.clientId, scope.clientId), eq(locations.clientId, scope.clientId), scope.locations);

/** Approved moves of the project's visible locations whose visit (completed audit) falls within the dates. */
export async function performanceReport(db: Db, scope: ClientScope, q: PerformanceQuery): Promise<PerformanceAnswer> {
  const order = pageOrder(q);
  await clientProject(db, scope, q.projectId);
  if (q.clientLocationId) await checkLocation(db, scope, q.clientLocationId);
  else if (scope.locationRequired) throw badRequest(MSG.required, { clientLocationId: MSG.required });
  const where = and(
    approvedInScope(scope),
    eq(projects.id, q.projectId),
    q.clientLocationId ? eq(locations.id, q.clientLocationId) : undefined,
    gte(userMoves.completedAuditDate, dayStart(q.fromDate)),
    lt(userMoves.completedAuditDate, dayEnd(q.toDate)),
  );
  const from = () =>
    withPlace(
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
        })
        .from(userMoves)
        .$dynamic(),
    )
      .innerJoin(clients, eq(clients.id, projects.clientId))
      .leftJoin(campaigns, eq(campaigns.id, projects.campaignId))
      .where(where);
  const [rows, [{ total }]] = await Promise.all([
    from().orderBy(...order).limit(q.limit).offset(q.offset),
    withPlace(db.select({ total: sql<number>`count(*)::int` }).from(userMoves).$dynamic()).where(where),
  ]);
  return {
    total: Number(total),
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
  ).where(and(eq(userMoves.id, moveId), approvedInScope(scope)));
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
