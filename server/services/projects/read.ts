/** Projects, read side: the paged list, one project with its locations, ranges and visits, its last extension. */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { IN_COURSE, VISIT_STATE } from '../../../domain/moves';
import { type ProjectLocationRow, type ProjectRecord, type ProjectSnapshot, type ProjectUpdateLog, projectState } from '../../../domain/projects';
import { distinctRanges } from '../../../domain/projectVisits';
import { todayIso } from '../../../domain/validation';
import { type Db, jsonValue, rowsOf, type Tx } from '../../db/client';
import { locationTaken } from './write';
import { countAll, matchesFolded, nameOf, orderBy, pageTotal, searchPattern, sortShape, totalColumn } from '../../db/list';
import { placeholders, preparedOnce, textConstant } from '../../db/prepared';
import { campaigns, clients, guidelines, moveConfigurations, projects, projectUpdateLogs, questionnaires, users } from '../../db/schema';

type Reader = Db | Tx;


/** Visits a Getter can still take, as an SQL list. */
// Constants of the code, written into the SQL text rather than sent as values: the list's first page then
// has no value besides its size, and PostgreSQL keeps its plan (`firstPageStatements`, server/db/prepared.ts).
const AVAILABLE = sql`(${textConstant(VISIT_STATE.PUBLICADA)}, ${textConstant(VISIT_STATE.PUBLICADA_POR_CANCELACION)})`;

/** Moves in course, as an SQL list. */
const IN_COURSE_SQL = sql`(${sql.join(
  IN_COURSE.map((status) => sql`${status}`),
  sql`, `,
)})`;

export interface ProjectListFilter {
  offset: number;
  limit: number;
  sort?: string;
  order: 'ASC' | 'DESC';
  name?: string;
  q?: string;
  clientId?: number;
  /** Projects not ended yet: the assignment screen's "future projects". */
  future?: boolean;
}

/**
 * A project's column qualified by its table: drizzle writes a one-table select's columns bare, and in a
 * subquery a bare "id" would be the subquery's own.
 */
const ofProject = (column: AnyPgColumn) => sql`${projects}.${sql.identifier(column.name)}`;

const listColumns = {
  id: projects.id,
  name: projects.name,
  clientId: projects.clientId,
  clientName: nameOf(clients, ofProject(projects.clientId)),
  campaignId: projects.campaignId,
  campaignName: nameOf(campaigns, ofProject(projects.campaignId)),
  moveConfigurationName: nameOf(moveConfigurations, ofProject(projects.moveConfigurationId)),
  startDate: projects.startDate,
  endDate: projects.endDate,
  price: projects.price,
  campoRemote: projects.campoRemote,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  locationsCount: sql<number>`(select count(*)::int from project_locations pl where pl.project_id = ${ofProject(projects.id)})`,
  availableVisits: sql<number>`(select count(*)::int from visits v join project_locations pl on pl.id = v.project_location_id where pl.project_id = ${ofProject(projects.id)} and v.state in ${AVAILABLE})`,
};

const sortable = {
  id: projects.id,
  name: sql`lower(${projects.name})`,
  client: listColumns.clientName,
  campaign: listColumns.campaignName,
  startDate: projects.startDate,
  endDate: projects.endDate,
  createdAt: projects.createdAt,
};

/** GET /projects: paged, filtered by name (and client, and not ended) and sorted in SQL; its statement built once per shape. */
export async function listProjects(db: Db, q: ProjectListFilter) {
  const name = (q.name ?? q.q)?.trim();
  const where = (values: { pattern?: unknown; clientId?: unknown; today?: unknown }) =>
    and(
      name ? matchesFolded(projects.searchName, values.pattern) : undefined,
      q.clientId !== undefined ? eq(projects.clientId, values.clientId as number) : undefined,
      q.future ? gte(projects.endDate, values.today as string) : undefined,
    );
  const today = todayIso();
  const values = { pattern: name ? searchPattern(name) : undefined, clientId: q.clientId, today };
  // One statement: the page, and its count as an uncorrelated subquery run once. Only a page past the
  // last one counts apart.
  const statement = preparedOnce(db, `projects:${Boolean(name)}:${q.clientId !== undefined}:${Boolean(q.future)}:${sortShape(q.sort)}:${q.order}`, () => {
    const filtered = where(placeholders('pattern', 'clientId', 'today'));
    return db
      .select({ ...listColumns, total: totalColumn(projects, filtered) })
      .from(projects)
      .where(filtered)
      .orderBy(...orderBy(sortable, q.sort, q.order, 'startDate'))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('');
  });
  const page = await statement.execute({ ...values, limit: q.limit, offset: q.offset });
  const count = await pageTotal(page, q.offset, async () => (await db.select({ count: countAll }).from(projects).where(where(values)))[0].count);
  return { rows: page.map((r) => toListRow(r, today)), count };
}

const selectList = (db: Reader) => db.select(listColumns).from(projects);
type ListRow = Awaited<ReturnType<typeof selectList>>[number];

/**
 * A list row, field by field: V8's object rest and spread (`{ a, ...r }`, `{ ...r }`) copy through a slow
 * runtime path, ~3 µs a row here, and a page of 20 paid more than its whole SQL parse.
 */
function toListRow(r: ListRow, today: string) {
  return {
    id: r.id,
    name: r.name,
    clientId: r.clientId,
    campaignId: r.campaignId,
    startDate: r.startDate,
    endDate: r.endDate,
    price: r.price,
    campoRemote: r.campoRemote,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    locationsCount: r.locationsCount,
    availableVisits: r.availableVisits,
    client: r.clientId === null ? null : { id: r.clientId, name: r.clientName ?? '' },
    campaign: r.campaignId === null ? null : { id: r.campaignId, name: r.campaignName ?? '' },
    moveConfiguration: r.moveConfigurationName === null ? null : { name: r.moveConfigurationName },
    status: projectState(r, today),
  };
}

/** The project's distinct visit ranges (each location repeats them). */
export async function projectRanges(db: Reader, projectId: number) {
  const rows = await rowsOf<{ from: string; to: string; visits: number }>(
    db,
    sql`select distinct r.from_date::text as "from", r.to_date::text as "to", r.visits
        from project_visit_ranges r join project_locations pl on pl.id = r.project_location_id
        where pl.project_id = ${projectId}`,
  );
  return distinctRanges(rows.map((r) => ({ from: r.from, to: r.to, visits: Number(r.visits) })));
}

/** Whether the project has a move, in any state (user_moves_project_location_id_idx, one lookup a location). */
export async function projectHasMoves(db: Reader, projectId: number): Promise<boolean> {
  const [{ found }] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from user_moves m join project_locations pl on pl.id = m.project_location_id where pl.project_id = ${projectId}) as found`,
  );
  return Boolean(found);
}

/** The stored project as the rules compare it, with its location count; null when it does not exist. */
export async function projectSnapshot(db: Reader, projectId: number, lock = false): Promise<(ProjectSnapshot & { id: number; locationsCount: number; withMoves: boolean }) | null> {
  const query = db.select().from(projects).where(eq(projects.id, projectId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  // One after the other: inside a transaction the queries share one connection.
  const [{ count }] = await rowsOf<{ count: number }>(db, sql`select count(*)::int as count from project_locations where project_id = ${projectId}`);
  const withMoves = await projectHasMoves(db, projectId);
  const rangeDate = await projectRanges(db, projectId);
  return {
    id: row.id,
    name: row.name,
    clientId: row.clientId ?? 0,
    campaignId: row.campaignId ?? 0,
    moveConfigurationId: row.moveConfigurationId ?? 0,
    questionnaireId: row.questionnaireId ?? 0,
    guidelineId: row.guidelineId ?? 0,
    startDate: row.startDate,
    endDate: row.endDate,
    price: row.price,
    mandatoryProduct: row.mandatoryProduct ?? '',
    alternativeProduct: row.alternativeProduct,
    audioAttachment: row.audioAttachment,
    campoRemote: row.campoRemote,
    autoApprovalRequired: row.autoApprovalRequired,
    rangeDate,
    locationsCount: Number(count),
    withMoves: Boolean(withMoves),
  };
}

type LocationRow = Omit<ProjectLocationRow, 'ranges'>;

/** GET /projects/:id: the project with its references, ranges, locations, visit counts and calendar inputs. */
export async function readProject(db: Reader, projectId: number): Promise<ProjectRecord | null> {
  const [row] = await db
    .select({
      project: projects,
      client: { id: clients.id, name: clients.name },
      campaign: { id: campaigns.id, name: campaigns.name, startDate: campaigns.startDate, endDate: campaigns.endDate, deletedAt: campaigns.deletedAt },
      moveConfiguration: { id: moveConfigurations.id, name: moveConfigurations.name, category: moveConfigurations.category },
      questionnaire: { id: questionnaires.id, name: questionnaires.name },
      guideline: { id: guidelines.id, name: guidelines.name, version: guidelines.version, sequenceId: guidelines.sequenceId },
    })
    .from(projects)
    .leftJoin(clients, eq(clients.id, projects.clientId))
    .leftJoin(campaigns, eq(campaigns.id, projects.campaignId))
    .leftJoin(moveConfigurations, eq(moveConfigurations.id, projects.moveConfigurationId))
    .leftJoin(questionnaires, eq(questionnaires.id, projects.questionnaireId))
    .leftJoin(guidelines, eq(guidelines.id, projects.guidelineId))
    .where(eq(projects.id, projectId));
  if (!row) return null;
  const [snapshot, locations] = await Promise.all([
    projectSnapshot(db, projectId),
    rowsOf<LocationRow>(
      db,
      sql`select pl.id, pl.location_id as "locationId", l.client_location_id as "clientLocationId", l.full_name as "fullName", l.street,
                 l.status as active, c.name as city, s.name as state, coalesce(v.total, 0)::int as visits, coalesce(v.available, 0)::int as "availableVisits",
                 coalesce(g.getters, '[]'::json) as getters, ${locationTaken} as taken
          from project_locations pl
          join locations l on l.id = pl.location_id
          left join cities c on c.id = l.city_id
          left join states s on s.id = l.state_id
          left join (
            select v.project_location_id, count(*) as total, count(*) filter (where v.state in ${AVAILABLE}) as available
            from visits v join project_locations p2 on p2.id = v.project_location_id
            where p2.project_id = ${projectId} group by v.project_location_id
          ) v on v.project_location_id = pl.id
          -- Who holds its moves in course (user_moves_project_location_id_idx, one lookup a location).
          left join lateral (
            select json_agg(json_build_object('id', h.user_id, 'name', h.name, 'moves', h.moves) order by h.name, h.user_id) as getters
            from (
              select m.user_id, trim(u.names || ' ' || u.last_name) as name, count(*)::int as moves
              from user_moves m join users u on u.id = m.user_id
              where m.project_location_id = pl.id and m.status in ${IN_COURSE_SQL}
              group by m.user_id, u.names, u.last_name
            ) h
          ) g on true
          where pl.project_id = ${projectId}
          order by l.full_name, pl.id`,
    ),
  ]);
  const ranges = await rowsOf<{ id: number; projectLocationId: number; from: string; to: string; visits: number }>(
    db,
    sql`select r.id, r.project_location_id as "projectLocationId", r.from_date::text as "from", r.to_date::text as "to", r.visits
        from project_visit_ranges r join project_locations pl on pl.id = r.project_location_id
        where pl.project_id = ${projectId} order by r.from_date, r.to_date, r.id`,
  );
  // The ranges with a visit a move holds: the form keeps them (removing one is refused on saving).
  const takenRanges = await rowsOf<{ from: string; to: string; visits: number }>(
    db,
    sql`select distinct r.from_date::text as "from", r.to_date::text as "to", r.visits
        from project_visit_ranges r join project_locations pl on pl.id = r.project_location_id
        where pl.project_id = ${projectId} and exists (select 1 from visits v where v.visit_range_id = r.id and v.state = ${VISIT_STATE.TOMADA})`,
  );
  const rangeKey = (r: { from: string; to: string; visits: number }) => `${r.from}|${r.to}|${Number(r.visits)}`;
  const taken = new Set(takenRanges.map(rangeKey));
  const rangesOf = new Map<number, ProjectLocationRow['ranges']>();
  for (const { projectLocationId, ...range } of ranges) {
    const list = rangesOf.get(projectLocationId) ?? [];
    list.push({ ...range, visits: Number(range.visits) });
    rangesOf.set(projectLocationId, list);
  }
  const visits = locations.reduce(
    (sum, l) => ({ total: sum.total + Number(l.visits), available: sum.available + Number(l.availableVisits) }),
    { total: 0, available: 0 },
  );
  const { project } = row;
  return {
    ...snapshot!,
    rangeDate: snapshot!.rangeDate.map((r) => ({ ...r, taken: taken.has(rangeKey(r)) })),
    id: project.id,
    client: row.client,
    campaign: row.campaign ? { ...row.campaign, deletedAt: row.campaign.deletedAt?.toISOString() ?? null } : null,
    moveConfiguration: row.moveConfiguration,
    questionnaire: row.questionnaire,
    guideline: row.guideline,
    status: projectState(project),
    updateReason: project.updateReason,
    locationsCount: locations.length,
    // A taken visit is one a move holds; the rest are published (again, after a cancellation).
    visits: { ...visits, taken: visits.total - visits.available },
    locations: locations.map((l) => ({
      ...l,
      visits: Number(l.visits),
      availableVisits: Number(l.availableVisits),
      ranges: rangesOf.get(l.id) ?? [],
      getters: jsonValue<ProjectLocationRow['getters']>(l.getters),
    })),
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}

/** The project's last extension (who, when, from which end date, why), or null. */
export async function lastUpdateLog(db: Reader, projectId: number): Promise<ProjectUpdateLog | null> {
  const [row] = await db
    .select({
      id: projectUpdateLogs.id,
      projectId: projectUpdateLogs.projectId,
      userId: users.id,
      names: users.names,
      lastName: users.lastName,
      createdAt: projectUpdateLogs.createdAt,
      oldExpirationDate: projectUpdateLogs.oldExpirationDate,
      newExpirationDate: projectUpdateLogs.newExpirationDate,
      updateReason: projectUpdateLogs.updateReason,
    })
    .from(projectUpdateLogs)
    .leftJoin(users, eq(users.id, projectUpdateLogs.userId))
    .where(eq(projectUpdateLogs.projectId, projectId))
    .orderBy(desc(projectUpdateLogs.createdAt), desc(projectUpdateLogs.id))
    .limit(1);
  if (!row) return null;
  const { userId, names, lastName, createdAt, ...log } = row;
  return { ...log, createdAt: createdAt.toISOString(), user: userId === null ? null : { id: userId, names: names ?? '', lastName: lastName ?? '' } };
}

/** One project as the list shows it (what POST and PUT answer). */
export async function projectRow(db: Reader, projectId: number) {
  const [row] = await selectList(db).where(eq(projects.id, projectId));
  return row ? toListRow(row, todayIso()) : null;
}
