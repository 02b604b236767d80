/**
 * Projects, write side. Everything runs inside the caller's transaction: a project, its locations,
 * their visit ranges and the visits to be done are written together or not at all. Locations go in
 * chunks of multi-row inserts; ranges and visits are set-based INSERT … SELECT statements.
 */
import { type SQL, sql } from 'drizzle-orm';
import { VISIT_STATE } from '../../../domain/moves';
import { formatCount } from '../../../domain/numbers';
import { type Issue, PROJECT_DIALOG_FIELDS } from '../../../domain/projects';
import { type VisitRange } from '../../../domain/projectVisits';
import { formatDisplayDate } from '../../../domain/validation';
import { rowsOf, type Tx } from '../../db/client';
import { intArray } from '../../db/list';
import { projectUpdateLogs } from '../../db/schema';
import { badRequest, INVALID_DATA } from '../../http';

/** Location ids per INSERT: 1,000 rows keep each statement's parameters well below PostgreSQL's limit. */
const CHUNK = 1000;

export const PROJECT_WRITE_TEXT = {
  badLocations: 'Alguna de las locaciones no existe, está inactiva o no pertenece al cliente del proyecto.',
  rangeTaken: (r: VisitRange) => `No se puede quitar el rango del ${formatDisplayDate(r.from)} al ${formatDisplayDate(r.to)}: tiene visitas ya tomadas.`,
  /** The first five taken locations by name, and how many more ('y 1.250 más'). */
  locationsTaken: (names: string[]) =>
    `No se pueden quitar locaciones con moves ya tomadas: ${(names.length > 5 ? [...names.slice(0, 5), `y ${formatCount(names.length - 5)} más`] : names).join(', ')}.`,
} as const;

const list = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );


/** A 400 with every issue on its field; when all belong to the form itself, its message is the first one's. */
export function refuse(issues: Issue[]): never {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path] ??= issue.message;
  const dialog = issues.filter((i) => (PROJECT_DIALOG_FIELDS as readonly string[]).includes(i.path));
  throw badRequest(dialog.length === issues.length ? dialog[0].message : INVALID_DATA, errors);
}

/**
 * Adds the client's active locations `locationIds` to the project; any that is not one of them
 * refuses the whole change.
 */
export async function addLocations(tx: Tx, projectId: number, clientId: number, locationIds: readonly number[]): Promise<void> {
  for (let i = 0; i < locationIds.length; i += CHUNK) {
    const chunk = locationIds.slice(i, i + CHUNK);
    const added = await rowsOf<{ id: number }>(
      tx,
      sql`insert into project_locations (project_id, location_id)
          select ${projectId}, l.id from locations l
          where l.client_id = ${clientId} and l.status and l.id in (${list(chunk)})
          returning id`,
    );
    if (added.length !== chunk.length) throw badRequest(INVALID_DATA, { locations: PROJECT_WRITE_TEXT.badLocations });
  }
}

/**
 * Gives the project's locations (or only `locationIds` among them) the visit ranges `ranges` and,
 * for each range, its visits to be done, published. Answers how many visits it made.
 */
export async function addRangesAndVisits(tx: Tx, projectId: number, ranges: readonly VisitRange[], locationIds?: readonly number[]): Promise<number> {
  if (!ranges.length || locationIds?.length === 0) return 0;
  const values = sql.join(
    ranges.map((r) => sql`(${r.from}::date, ${r.to}::date, ${r.visits}::int)`),
    sql`, `,
  );
  const only = locationIds ? sql`and pl.location_id in (${list(locationIds)})` : sql``;
  const [{ count }] = await rowsOf<{ count: number }>(
    tx,
    sql`with new_ranges as (
          insert into project_visit_ranges (project_location_id, from_date, to_date, visits)
          select pl.id, r.from_date, r.to_date, r.visits
          from project_locations pl cross join (values ${values}) as r(from_date, to_date, visits)
          where pl.project_id = ${projectId} ${only}
          returning id, project_location_id, from_date, to_date, visits
        ), made as (
          insert into visits (project_location_id, visit_range_id, due_from, due_to, state)
          select nr.project_location_id, nr.id, nr.from_date, nr.to_date, ${VISIT_STATE.PUBLICADA}
          from new_ranges nr cross join generate_series(1, nr.visits)
          returning 1
        )
        select count(*)::int as count from made`,
  );
  return Number(count);
}

/** The condition "this range row is one of `ranges`". */
const oneOf = (ranges: readonly VisitRange[]) =>
  sql.join(
    ranges.map((r) => sql`(r.from_date = ${r.from}::date and r.to_date = ${r.to}::date and r.visits = ${r.visits})`),
    sql` or `,
  );

/**
 * The projects of these project locations and moves, held FOR SHARE in id order: who adds a move takes them
 * before any visit or move of theirs (migration 0046). The new move's row reads its project's end date FOR
 * SHARE (`campo_assignable_until`), and a change of a project holds it FOR UPDATE and then writes its moves
 * and visits: taken after a visit or a move, the project's lock waited for a change that waited for that row.
 */
export async function shareProjectsOf(tx: Tx, of: { projectLocationIds?: readonly number[]; moveIds?: readonly number[] }): Promise<void> {
  const plIds = of.projectLocationIds ?? [];
  const moveIds = of.moveIds ?? [];
  if (!plIds.length && !moveIds.length) return;
  await tx.execute(
    sql`select id from projects where id in (
          select project_id from project_locations
          where id = any(${intArray(plIds)}) or id in (select project_location_id from user_moves where id = any(${intArray(moveIds)})))
        order by id for share`,
  );
}

/**
 * The lock of a project location's visits (their rows and states): who removes ranges or locations
 * holds its project locations FOR UPDATE, who assigns visits (`assignVisits`) FOR SHARE, always in id
 * order and before any visit. So a visit cannot be assigned between the check that none is taken and
 * the delete (the move was left without its visit; the location's delete failed on the new move, a
 * 500), and the two never deadlock on the visits.
 */
export async function lockProjectLocations(tx: Tx, where: { projectId: number; locationIds?: readonly number[] } | { ids: readonly number[] }, mode: 'update' | 'share'): Promise<void> {
  const which =
    'ids' in where
      ? sql`id = any(${intArray(where.ids)})`
      : sql`project_id = ${where.projectId}${where.locationIds ? sql` and location_id = any(${intArray(where.locationIds)})` : sql``}`;
  await tx.execute(sql`select id from project_locations where ${which} order by id ${mode === 'update' ? sql`for update` : sql`for share`}`);
}

/** Removes visit ranges and their visits; a range with a visit already taken refuses the change. */
export async function removeRanges(tx: Tx, projectId: number, ranges: readonly VisitRange[]): Promise<void> {
  if (!ranges.length) return;
  await lockProjectLocations(tx, { projectId }, 'update');
  const scope = sql`r.project_location_id in (select id from project_locations where project_id = ${projectId}) and (${oneOf(ranges)})`;
  // Its visits go, never a taken one (even one a rescue took back a moment ago: it locks the visit, not
  // its location; the delete judges each visit again once it may lock it). A range left with a visit is
  // one with a visit taken: the change is refused, and the transaction undoes the delete.
  await tx.execute(sql`delete from visits v using project_visit_ranges r where v.visit_range_id = r.id and ${scope} and v.state <> ${VISIT_STATE.TOMADA}`);
  const taken = await rowsOf<{ from: string; to: string; visits: number }>(
    tx,
    sql`select r.from_date::text as "from", r.to_date::text as "to", r.visits from project_visit_ranges r
        where ${scope} and exists (select 1 from visits v where v.visit_range_id = r.id) limit 1`,
  );
  if (taken.length) throw badRequest(PROJECT_WRITE_TEXT.rangeTaken(taken[0]), { rangeDate: PROJECT_WRITE_TEXT.rangeTaken(taken[0]) });
  await tx.execute(sql`delete from project_visit_ranges r where ${scope}`);
}

/**
 * Removes locations from the project with their ranges and visits. A location with a move, or a
 * visit taken, refuses the whole change, naming such locations.
 */
/**
 * Whether the project location aliased `pl` is one the project keeps: a move was made of it, or one of its
 * visits is taken. What `removeLocations` refuses, and what the project's read says of each (`taken`).
 */
export const locationTaken = sql`(exists (select 1 from user_moves m where m.project_location_id = pl.id)
  or exists (select 1 from visits v where v.project_location_id = pl.id and v.state = ${VISIT_STATE.TOMADA}))`;

export async function removeLocations(tx: Tx, projectId: number, locationIds: readonly number[]): Promise<void> {
  if (!locationIds.length) return;
  await lockProjectLocations(tx, { projectId, locationIds }, 'update');
  const busy = await rowsOf<{ name: string }>(
    tx,
    sql`select coalesce(l.client_location_id || ' ', '') || '(' || l.full_name || ')' as name
        from project_locations pl join locations l on l.id = pl.location_id
        where pl.project_id = ${projectId} and pl.location_id in (${list(locationIds)}) and ${locationTaken}
        order by l.full_name`,
  );
  if (busy.length) {
    const message = PROJECT_WRITE_TEXT.locationsTaken(busy.map((b) => b.name));
    throw badRequest(message, { locations: message });
  }
  // Ranges and visits go with their project location (ON DELETE CASCADE).
  await tx.execute(sql`delete from project_locations where project_id = ${projectId} and location_id in (${list(locationIds)})`);
}

/**
 * Extends a past project to `newEnd`: every visit range and every visit not taken now ends then,
 * and the extension is logged with its reason.
 */
export async function extendProject(tx: Tx, p: { projectId: number; oldEnd: string; newEnd: string; reason: string; userId: number }): Promise<void> {
  const ofProject = sql`project_location_id in (select id from project_locations where project_id = ${p.projectId})`;
  await tx.execute(sql`update project_visit_ranges set to_date = ${p.newEnd}::date where ${ofProject}`);
  await tx.execute(sql`update visits set due_to = ${p.newEnd}::date where ${ofProject} and state <> ${VISIT_STATE.TOMADA}`);
  await mergeSameWindowRanges(tx, ofProject);
  await tx.insert(projectUpdateLogs).values({ projectId: p.projectId, userId: p.userId, oldExpirationDate: p.oldEnd, newExpirationDate: p.newEnd, updateReason: p.reason });
}

/**
 * Two ranges of a location that started the same day end the same day once extended: one window
 * twice. A project's ranges are told apart by their dates and visits (each location repeats them), so
 * two alike would read as one, with half the visits, and removing it would remove both. They become one
 * range with the visits of both, which keeps them (moved to it, taken or not): the same visits in the
 * same window.
 */
async function mergeSameWindowRanges(tx: Tx, ofProject: SQL): Promise<void> {
  const twins = sql`select r.id, min(r.id) over (partition by r.project_location_id, r.from_date, r.to_date) as keep
      from project_visit_ranges r where ${ofProject}`;
  await tx.execute(sql`update visits v set visit_range_id = t.keep from (${twins}) t where v.visit_range_id = t.id and t.id <> t.keep`);
  await tx.execute(sql`update project_visit_ranges r set visits = s.total
      from (select t.keep, sum(x.visits)::int as total from (${twins}) t join project_visit_ranges x on x.id = t.id group by t.keep having count(*) > 1) s
      where r.id = s.keep`);
  await tx.execute(sql`delete from project_visit_ranges r using (${twins}) t where r.id = t.id and t.id <> t.keep`);
}

