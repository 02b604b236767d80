/**
 * Projects (spec 3 §2–§9): the list (also of the projects not ended, for the assignment screen),
 * one project, create with its locations, visit ranges and visits in one transaction, edit (a past
 * project only extends its end date, with a reason), add and remove locations, the last extension,
 * and a client's locations to choose from.
 */
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isPastProject, MAX_PROJECT_LOCATIONS, MAX_PROJECT_VISITS, priceRequired, PROJECT_DIALOG_FIELDS, PROJECT_TEXT, projectAnswer, type ProjectCreate, projectCreateBody, projectIssues, projectListAnswer, projectLocationChoicesAnswer, projectLocationIdsAnswer, projectLocationsBody, projectLocationsSavedAnswer, projectRowAnswer, type ProjectUpdate, projectUpdateBody, projectUpdateLogAnswer } from '../../domain/projects';
import { sameRange, totalVisits } from '../../domain/projectVisits';
import { ACCESS } from '../../domain/roles';
import { type LoadedVersion, STALE_EDIT, withLoadedVersion } from '../../domain/staleEdits';
import { dateValue, id, todayIso } from '../../domain/validation';
import type { App } from '../app';
import type { Db, Tx } from '../db/client';
import { containsPattern, countAll, matches, orderBy, pageTotal, searchPattern, sortShape, totalColumn } from '../db/list';
import { placeholders, preparedOnce } from '../db/prepared';
import { cities, countries, locations, projectLocations, projects, states } from '../db/schema';
import { claimLoadedVersion } from '../db/staleEdits';
import { booleanQuery, formLevelValidator, listQuery, notFound } from '../http';
import { audit } from '../services/audit';
import { onceInTransaction, requestKeyHeaders } from '../services/requestKeys';
import { lastUpdateLog, listProjects, type ProjectListFilter, projectHasMoves, projectRow, projectSnapshot, readProject } from '../services/projects/read';
import { checkReferences } from '../services/projects/references';
import { addLocations, addRangesAndVisits, extendProject, lockProjectLocations, refuse, removeLocations, removeRanges } from '../services/projects/write';

const read = { roles: ACCESS.projects.read };
const write = { roles: ACCESS.projects.write };
const tags = ['projects'];
/** 5,000 location ids and 50 ranges fit well within it. */
const bodyLimit = 1024 * 1024;

const listProjectsQuery = listQuery.extend({
  name: z.string().max(200).optional(),
  clientId: id.optional(),
  future: booleanQuery.optional(),
});

const reasonQuery = z.object({ projectId: id });

const clientLocationsQuery = listQuery.extend({
  /** Each row tells how many other projects hold the location between these dates. */
  availableFrom: dateValue.optional(),
  availableTo: dateValue.optional(),
  /** Only the active (true) or inactive (false) locations. */
  withStatus: booleanQuery.optional(),
  /** Each row tells whether the location is in this project (and "other projects" leave it out). */
  proyectId: id.optional(),
  /** Full name, client location code or street (the locations screen). */
  q: z.string().trim().max(200).optional(),
  /** The client location code only (the project form). */
  clientLocationId: z.string().trim().max(200).optional(),
}).superRefine((q, ctx) => {
  // Both dates or none, in order: one alone, or a span that ends before it starts, counted nothing and said nothing.
  if (Boolean(q.availableFrom) !== Boolean(q.availableTo))
    ctx.addIssue({ code: 'custom', path: [q.availableFrom ? 'availableTo' : 'availableFrom'], message: 'Indique las dos fechas (availableFrom y availableTo) o ninguna.' });
  else if (q.availableFrom && q.availableTo && q.availableTo < q.availableFrom)
    ctx.addIssue({ code: 'custom', path: ['availableTo'], message: 'La fecha availableTo no puede ser anterior a availableFrom.' });
});
type ClientLocationsQuery = z.infer<typeof clientLocationsQuery>;

const locationSortable = {
  id: locations.id,
  fullName: locations.fullName,
  clientLocationId: locations.clientLocationId,
  street: locations.street,
  city: cities.name,
  state: states.name,
};

/** What a client's locations' filter compares with: the query's own, or placeholders of the same names for a statement kept by its shape. */
interface ClientLocationsValues {
  clientId: unknown;
  status: unknown;
  projectId: unknown;
  pattern: unknown;
  codePattern: unknown;
}
const CLIENT_LOCATIONS_PLACEHOLDERS: ClientLocationsValues = placeholders('clientId', 'status', 'projectId', 'pattern', 'codePattern');

const clientLocationsValues = (clientId: number, q: ClientLocationsQuery): ClientLocationsValues => ({
  clientId,
  status: q.withStatus,
  projectId: q.proyectId,
  pattern: q.q ? searchPattern(q.q) : undefined,
  codePattern: q.clientLocationId ? containsPattern(q.clientLocationId) : undefined,
});

/** A client's locations of the filter: which conditions are the query's (`q`), what they compare with is `v`'s. */
function clientLocationsWhere(q: ClientLocationsQuery, v: ClientLocationsValues): SQL {
  const filters: SQL[] = [eq(locations.clientId, v.clientId as never)];
  // The active ones, and with `proyectId` also the project's own that were deactivated since: they
  // count among its locations, so the screen shows them (and lets them go).
  const ownOfProject =
    q.withStatus === true && q.proyectId !== undefined
      ? sql`exists (select 1 from ${projectLocations} where ${projectLocations.projectId} = ${v.projectId} and ${projectLocations.locationId} = ${locations.id})`
      : undefined;
  if (q.withStatus !== undefined) filters.push(ownOfProject ? or(eq(locations.status, true), ownOfProject)! : eq(locations.status, v.status as never));
  if (q.q) filters.push(or(matches(locations.fullName, v.pattern), matches(locations.clientLocationId, v.pattern), matches(locations.street, v.pattern))!);
  if (q.clientLocationId) filters.push(ilike(locations.clientLocationId, v.codePattern as never));
  return and(...filters)!;
}

/** The project's columns from a validated body; the price only where it applies. */
const columnsOf = (b: ProjectCreate | ProjectUpdate, priced: boolean) => ({
  name: b.name,
  clientId: b.clientId,
  campaignId: b.campaignId,
  moveConfigurationId: b.moveConfigurationId,
  questionnaireId: b.questionnaireId,
  guidelineId: b.guidelineId,
  startDate: b.startDate,
  endDate: b.endDate,
  price: priced ? b.price : null,
  mandatoryProduct: b.mandatoryProduct,
  alternativeProduct: b.alternativeProduct,
  audioAttachment: b.audioAttachment,
  campoRemote: b.campoRemote,
  autoApprovalRequired: b.autoApprovalRequired,
});

/** A row of a client's locations without the page's total, field by field (object rest copies through a slow path). */
const clientLocationRow = (r: { id: number; clientLocationId: string | null; fullName: string; street: string; city: string | null; state: string | null; country: string | null; status: boolean; inProject: boolean; otherProjects: number | null }) => ({
  id: r.id,
  clientLocationId: r.clientLocationId,
  fullName: r.fullName,
  street: r.street,
  city: r.city,
  state: r.state,
  country: r.country,
  status: r.status,
  inProject: r.inProject,
  otherProjects: r.otherProjects,
});

export default async function projectRoutes(app: App) {
  const formValidator = formLevelValidator(PROJECT_DIALOG_FIELDS);

  app.get('/projects', { config: read, schema: { tags, summary: 'Lista paginada de proyectos con búsqueda por nombre, filtro por cliente y orden', description: 'Con `future=true`, solo los proyectos que aún no terminaron.', querystring: listProjectsQuery, answer: projectListAnswer } }, async (req) => listProjects(app.db, req.query as ProjectListFilter));

  /** The last extension of a past project: who, when, the end date it had, and why. */
  app.get('/projects/expired-project-update-reason', { config: read, schema: { tags, summary: 'Última extensión de un proyecto vencido: quién, cuándo, fecha de fin anterior y motivo', description: 'Un proyecto que no existe responde 404.', querystring: reasonQuery, answer: projectUpdateLogAnswer } }, async (req) => {
    const { projectId } = req.query as z.infer<typeof reasonQuery>;
    const [project] = await app.db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
    if (!project) throw notFound(PROJECT_TEXT.notFound);
    return lastUpdateLog(app.db, projectId);
  });

  /** A client's locations to choose from (the form's table and the 'Agregar/Quitar locaciones' screen). */
  app.get('/projects/locations-by-client/:id', { config: read, schema: { tags, summary: 'Lista paginada de puntos de venta de un cliente para elegir en un proyecto', description: 'Con `proyectId` cada fila dice si está en ese proyecto (y con `withStatus=true` se listan también los suyos ya desactivados, con `status` false); con `availableFrom`/`availableTo`, en cuántos otros proyectos está entre esas fechas.', params: z.object({ id }), querystring: clientLocationsQuery, answer: projectLocationChoicesAnswer } }, async (req) => {
    const { id: clientId } = req.params as { id: number };
    const q = req.query as ClientLocationsQuery;
    const dated = Boolean(q.availableFrom);
    const shape = `locations-by-client:${q.withStatus ?? ''}:${q.proyectId !== undefined}:${Boolean(q.q)}:${Boolean(q.clientLocationId)}:${dated}:${sortShape(q.sort)}:${q.order}`;
    // Built once per shape (the filters present, the sort); the count rides on the page as an
    // uncorrelated subquery run once. Only a page past the last one counts apart.
    const statement = preparedOnce(app.db, shape, () => {
      const where = clientLocationsWhere(q, CLIENT_LOCATIONS_PLACEHOLDERS);
      const inProject =
        q.proyectId === undefined
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${projectLocations} where ${projectLocations.projectId} = ${sql.placeholder('projectId')} and ${projectLocations.locationId} = ${locations.id})`;
      const otherProjects = dated
        ? sql<number>`(select count(distinct p.id)::int from project_locations pl join projects p on p.id = pl.project_id
              where pl.location_id = ${locations.id} and p.start_date <= ${sql.placeholder('to')}::date and p.end_date >= ${sql.placeholder('from')}::date
              and p.id <> ${sql.placeholder('otherThan')})`
        : sql<number | null>`null`;
      return app.db
        .select({
          id: locations.id,
          clientLocationId: locations.clientLocationId,
          fullName: locations.fullName,
          street: locations.street,
          city: cities.name,
          state: states.name,
          country: countries.name,
          status: locations.status,
          inProject,
          otherProjects,
          total: totalColumn(locations, where),
        })
        .from(locations)
        .leftJoin(cities, eq(cities.id, locations.cityId))
        .leftJoin(states, eq(states.id, locations.stateId))
        .leftJoin(countries, eq(countries.id, locations.countryId))
        .where(where)
        .orderBy(...orderBy(locationSortable, q.sort, q.order, 'fullName'))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare('');
    });
    const values = clientLocationsValues(clientId, q);
    const page = await statement.execute({ ...values, from: q.availableFrom, to: q.availableTo, otherThan: q.proyectId ?? 0, limit: q.limit, offset: q.offset });
    const count = await pageTotal(page, q.offset, async () => (await app.db.select({ count: countAll }).from(locations).where(clientLocationsWhere(q, values)))[0].count);
    return { rows: page.map(clientLocationRow), count };
  });

  /** The ids of every location of the filter ('Seleccionar todas' in the form), up to a project's maximum. */
  app.get('/projects/locations-by-client/:id/ids', { config: read, schema: { tags, summary: 'Ids de los puntos de venta de un cliente que cumplen el filtro (hasta 5.000)', params: z.object({ id }), querystring: clientLocationsQuery, answer: projectLocationIdsAnswer } }, async (req) => {
    const { id: clientId } = req.params as { id: number };
    const q = req.query as ClientLocationsQuery;
    // Built once per shape, as the page's: it was built and planned anew on every click.
    const shape = `locations-by-client-ids:${q.withStatus ?? ''}:${q.proyectId !== undefined}:${Boolean(q.q)}:${Boolean(q.clientLocationId)}`;
    const statement = preparedOnce(app.db, shape, () =>
      app.db
        .select({ id: locations.id })
        .from(locations)
        .where(clientLocationsWhere(q, CLIENT_LOCATIONS_PLACEHOLDERS))
        .orderBy(locations.fullName, locations.id)
        .limit(MAX_PROJECT_LOCATIONS)
        .prepare(''),
    );
    const rows = await statement.execute({ ...clientLocationsValues(clientId, q) });
    return { ids: rows.map((r) => r.id) };
  });

  app.get('/projects/:id', { config: read, schema: { tags, summary: 'Un proyecto con cliente, campaña, cuestionario, instructivo, rangos y puntos de venta', params: z.object({ id }), answer: projectAnswer } }, async (req) => {
    const project = await readProject(app.db, (req.params as { id: number }).id);
    if (!project) throw notFound(PROJECT_TEXT.notFound);
    return project;
  });

  /** The project, its locations, their visit ranges and the published visits: all or nothing. */
  app.post('/projects', { config: write, bodyLimit, schema: { tags, summary: 'Crea un proyecto con sus puntos de venta, rangos de visitas y visitas publicadas', description: 'Todo en una transacción: si algo falla no se crea nada. Con `Idempotency-Key`, el reintento con los mismos datos (una respuesta perdida) devuelve el proyecto que creó el primero, sin crear otro.', body: projectCreateBody, headers: requestKeyHeaders, answer: projectRowAnswer }, validatorCompiler: formValidator }, async (req, reply) => {
    const body = req.body as ProjectCreate;
    const answer = await onceInTransaction(app.db, req, async (tx) => ({ id: await createProject(tx) }));
    return reply.status(201).send(await projectRow(app.db, answer.id));

    async function createProject(tx: Tx): Promise<number> {
      const refs = await checkReferences(tx, body);
      const issues = projectIssues(body, { mode: 'ADD', campaign: refs.campaign, priced: refs.priced });
      if (issues.length) refuse(issues);
      const [row] = await tx
        .insert(projects)
        .values({ ...columnsOf(body, refs.priced), createdBy: req.session.id })
        .returning({ id: projects.id });
      await addLocations(tx, row.id, body.clientId, body.locations);
      const visits = await addRangesAndVisits(tx, row.id, body.rangeDate);
      await audit(tx, { userId: req.session.id, entity: 'project', entityId: row.id, action: 'create', detail: { locations: body.locations.length, visits } });
      return row.id;
    }
  });

  /**
   * Edits a project. A past one only extends its end date, with a reason: its ranges and pending
   * visits then end on the new date, and the extension is logged. A running or future one may also
   * add visit ranges (with their visits) and remove those with no visit taken. With `updatedAt`,
   * refused (409) when the project changed after the form loaded it.
   */
  app.put('/projects', { config: write, bodyLimit, schema: { tags, summary: 'Modifica un proyecto (id en el cuerpo); uno vencido solo extiende su fecha de fin', description: 'Un proyecto vencido solo extiende su fin, con motivo; uno vigente o futuro también agrega rangos de visitas y quita los sin visitas tomadas. Lo que no se envía de `audioAttachment`, `autoApprovalRequired`, `campoRemote` y `alternativeProduct` conserva su valor. Con el `updatedAt` que cargó el formulario, responde 409 si otra persona lo guardó desde entonces.', body: withLoadedVersion(projectUpdateBody), headers: requestKeyHeaders, answer: projectRowAnswer }, validatorCompiler: formValidator }, async (req) => {
    const body = req.body as ProjectUpdate & LoadedVersion;
    // A retry of a save that committed runs nothing: the answer is the project as stored.
    await onceInTransaction(app.db, req, async (tx) => {
      await claimLoadedVersion(tx, projects, body.id, body.updatedAt, { conflict: STALE_EDIT.projects, notFound: PROJECT_TEXT.notFound });
      const current = await projectSnapshot(tx, body.id, true);
      if (!current) throw notFound(PROJECT_TEXT.notFound);
      // Before its references: a campaign of another client would otherwise be the reason given.
      if (body.clientId !== current.clientId) refuse([{ path: 'clientId', message: PROJECT_TEXT.clientFixed }]);
      // Changing what its moves are made with: an assignment under way (it holds the locations, shared)
      // ends first and its moves count; one after waits, and takes the new questionnaire.
      if (body.moveConfigurationId !== current.moveConfigurationId || body.questionnaireId !== current.questionnaireId) {
        await lockProjectLocations(tx, { projectId: body.id }, 'update');
        current.withMoves = await projectHasMoves(tx, body.id);
      }
      const refs = await checkReferences(tx, body, current);
      const issues = projectIssues(body, { mode: 'EDIT', campaign: refs.campaign, priced: priceRequired(refs.priced, current.price), original: current, locationsCount: current.locationsCount, withMoves: current.withMoves });
      if (issues.length) refuse(issues);
      if (isPastProject(current.endDate)) {
        if (body.endDate === current.endDate) return;
        await extendProject(tx, { projectId: body.id, oldEnd: current.endDate, newEnd: body.endDate, reason: body.updateReason!, userId: req.session.id });
        await tx.update(projects).set({ endDate: body.endDate, updateReason: body.updateReason, updatedAt: sql`now()` }).where(eq(projects.id, body.id));
        await audit(tx, { userId: req.session.id, entity: 'project', entityId: body.id, action: 'extend', detail: { from: current.endDate, to: body.endDate } });
        return;
      }
      await tx
        .update(projects)
        .set({ ...columnsOf(body, true), updatedAt: sql`now()` })
        .where(eq(projects.id, body.id));
      const removed = current.rangeDate.filter((r) => !body.rangeDate.some((b) => sameRange(b, r)));
      const added = body.rangeDate.filter((b) => !current.rangeDate.some((r) => sameRange(r, b)));
      await removeRanges(tx, body.id, removed);
      const visits = await addRangesAndVisits(tx, body.id, added);
      await audit(tx, { userId: req.session.id, entity: 'project', entityId: body.id, action: 'update', detail: { addedRanges: added.length, removedRanges: removed.length, visits } });
    });
    return projectRow(app.db, body.id);
  });

  /**
   * 'Agregar/Quitar locaciones': the complete list of the project's locations after the change.
   * New ones get the project's visit ranges and their visits; one with moves cannot leave. A change
   * is a new version of the project (`updatedAt`); with the `updatedAt` the screen loaded, refused (409)
   * when the project changed since: the list sent would undo locations someone else added or removed.
   */
  app.put('/projects/locations', { config: write, bodyLimit, schema: { tags, summary: 'Reemplaza los puntos de venta de un proyecto por la lista completa enviada', description: 'Los nuevos reciben los rangos de visitas del proyecto y sus visitas; uno con moves no puede salir. No vale para un proyecto vencido. Con el `updatedAt` que cargó la pantalla, responde 409 si el proyecto cambió desde entonces.', body: withLoadedVersion(projectLocationsBody), headers: requestKeyHeaders, answer: projectLocationsSavedAnswer }, validatorCompiler: formValidator }, async (req) => {
    const body = req.body as z.infer<typeof projectLocationsBody> & LoadedVersion;
    const heldIds = async (db: Db | Tx) =>
      new Set((await db.select({ locationId: projectLocations.locationId }).from(projectLocations).where(eq(projectLocations.projectId, body.id))).map((r) => r.locationId));
    // The same list is no change: nothing is written, not even a new version (it would turn away
    // another form open on the project).
    const before = await heldIds(app.db);
    const wanted = new Set(body.locations);
    if (before.size === wanted.size && [...wanted].every((l) => before.has(l))) {
      const [row] = await app.db.select({ updatedAt: projects.updatedAt }).from(projects).where(eq(projects.id, body.id));
      if (!row) throw notFound(PROJECT_TEXT.notFound);
      return { id: body.id, added: 0, removed: 0, locationsCount: wanted.size, visits: 0, updatedAt: row.updatedAt };
    }
    // A retry of a change that committed (its answer was lost) answers the first one's result.
    return onceInTransaction(app.db, req, async (tx) => {
      await claimLoadedVersion(tx, projects, body.id, body.updatedAt, { conflict: STALE_EDIT.projects, notFound: PROJECT_TEXT.notFound });
      const current = await projectSnapshot(tx, body.id, true);
      if (!current) throw notFound(PROJECT_TEXT.notFound);
      if (isPastProject(current.endDate)) refuse([{ path: 'locations', message: PROJECT_TEXT.pastLocked }]);
      if (totalVisits(current.rangeDate, body.locations.length) > MAX_PROJECT_VISITS) refuse([{ path: 'locations', message: PROJECT_TEXT.tooManyVisits }]);
      const held = await heldIds(tx);
      const toAdd = body.locations.filter((l) => !held.has(l));
      const toRemove = [...held].filter((l) => !wanted.has(l));
      await removeLocations(tx, body.id, toRemove);
      await addLocations(tx, body.id, current.clientId, toAdd);
      // A point of sale added to a running project gets the ranges still to come, not the ended ones:
      // their visits would be published already overdue (as a new range that ended is refused).
      const visits = await addRangesAndVisits(tx, body.id, current.rangeDate.filter((r) => r.to >= todayIso()), toAdd);
      await audit(tx, { userId: req.session.id, entity: 'project', entityId: body.id, action: 'locations', detail: { added: toAdd.length, removed: toRemove.length, visits } });
      const [{ updatedAt }] = await tx.update(projects).set({ updatedAt: sql`now()` }).where(eq(projects.id, body.id)).returning({ updatedAt: projects.updatedAt });
      return { id: body.id, added: toAdd.length, removed: toRemove.length, locationsCount: body.locations.length, visits, updatedAt };
    });
  });
}
