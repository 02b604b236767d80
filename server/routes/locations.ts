/** Points of sale (spec 1 §2.5, §7): list by client (or across clients), one, create, update, (de)activate. */
import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { citiesAnswer, countriesAnswer, LOCATION_DIALOG_FIELDS, LOCATION_TEXT, locationAnswer, type LocationInput, locationListAnswer, locationSchema, locationStatusAnswer, locationStatusSchema, type LocationUpdate, locationUpdateSchema, searchPatternProblem, statesAnswer } from '../../domain/locations';
import { ACCESS, ROLE } from '../../domain/roles';
import { type LoadedVersion, STALE_EDIT, withLoadedVersion } from '../../domain/staleEdits';
import { id } from '../../domain/validation';
import type { App } from '../app';
import type { Tx } from '../db/client';
import { countSteps, exactCountUpTo, flagIs, listCount, orderBy, pageCount, sortShape, withCount } from '../db/list';
import { placeholders, preparedOnce } from '../db/prepared';
import { cities, clients, countries, locationFeatureValues, locations, locationZoneManagers, states } from '../db/schema';
import { pgConstraint, pgErrorCode } from '../db/errors';
import { claimLoadedVersion } from '../db/staleEdits';
import { badRequest, booleanQuery, formLevelValidator, listQuery, notFound } from '../http';
import { audit } from '../services/audit';
import { once, onceInTransaction, requestKeyHeaders } from '../services/requestKeys';
import { checkLocationRefs, codeTaken, locationWithCode, readLocation, refuseRepeatedLocation, usersOfClient } from '../services/locations';
import { peopleChoices } from '../../domain/answers';

const read = { roles: ACCESS.locations.read };
const write = { roles: ACCESS.locations.write };

const listLocationsQuery = listQuery.extend({
  /** A case-insensitive regular expression on the client's location code. */
  q: z.string().max(200).optional(),
  status: booleanQuery.optional(),
  clientId: id.optional(),
});
type ListLocationsQuery = z.infer<typeof listLocationsQuery>;

const listColumns = {
  id: locations.id,
  code: locations.code,
  clientId: locations.clientId,
  clientName: clients.name,
  fullName: locations.fullName,
  clientLocationName: locations.clientLocationName,
  clientLocationId: locations.clientLocationId,
  street: locations.street,
  telephone: locations.telephone,
  executive: locations.executive,
  status: locations.status,
  stateName: states.name,
  cityName: cities.name,
};

const sortable = {
  id: locations.id,
  code: locations.id,
  fullName: locations.fullName,
  clientLocationId: locations.clientLocationId,
  clientLocationName: locations.clientLocationName,
  street: locations.street,
  telephone: locations.telephone,
  executive: locations.executive,
  status: locations.status,
  clientName: clients.name,
  cityName: cities.name,
};

const LIST_KEYS = Object.keys(listColumns) as (keyof typeof listColumns)[];

/** A page's row without the count it carried, its fields in the list's order (object rest copies through a slow path). */
function listRow<R extends Record<(typeof LIST_KEYS)[number], unknown>>(r: R): Omit<R, 'n'> {
  const row = {} as Record<string, unknown>;
  for (const key of LIST_KEYS) row[key] = r[key];
  return row as Omit<R, 'n'>;
}

const spanish = new Intl.Collator('es', { sensitivity: 'base' });
const byName = <T extends { name: string }>(rows: T[]) => rows.sort((a, b) => spanish.compare(a.name, b.name));

const invalidSearch = (message: string = LOCATION_TEXT.invalidSearch) => badRequest(message, { q: message });

async function listLocations(app: App, q: ListLocationsQuery) {
  const problem = q.q ? searchPatternProblem(q.q) : null;
  if (problem) throw invalidSearch(problem);
  const where = (values: { clientId?: unknown; q?: unknown }) =>
    and(
      q.clientId !== undefined ? eq(locations.clientId, values.clientId as number) : undefined,
      q.status !== undefined ? flagIs(locations.status, q.status) : undefined,
      q.q ? sql`${locations.clientLocationId} ~* ${values.q}` : undefined,
    );
  const shape = `locations:${q.clientId !== undefined}:${q.status ?? '-'}:${Boolean(q.q)}:${sortShape(q.sort)}:${q.order}`;
  // 100,000 points of sale: counted exactly up to 1,000, estimated beyond (the pager says 'aprox.').
  // A code search counts through the codes' trigram index (~4 ms for 2,000 matches): answered from the
  // (client, code) index alone, the planner walks half of it to find 1,001 matches, running the regex
  // on 50,000 codes (~35 ms of CPU). `id > 0`, true of every row, is a column that index lacks.
  const countable = (values: { clientId?: unknown; q?: unknown }) => app.db.select({ one: sql`1` }).from(locations).where(q.q ? and(where(values), gt(locations.id, 0)) : where(values));
  const countKey = `locations:${q.clientId ?? ''}:${q.status ?? ''}:${JSON.stringify(q.q ?? '')}`;
  const counting = countSteps(app.db, () => countable(q), countKey);
  // The exact part of the count rides on the page (`n`), unless an estimate is kept: one statement.
  const page = preparedOnce(app.db, `${shape}:${counting.kept ? 'kept' : 'count'}`, () => {
    const values = placeholders('clientId', 'q');
    return app.db
      .select({ ...listColumns, n: counting.kept ? sql<number | null>`null::int` : exactCountUpTo(countable(values)) })
      .from(locations)
      .innerJoin(clients, eq(clients.id, locations.clientId))
      .leftJoin(states, eq(states.id, locations.stateId))
      .leftJoin(cities, eq(cities.id, locations.cityId))
      .where(where(values))
      .orderBy(...orderBy(sortable, q.sort, q.order, 'fullName'))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('');
  });
  try {
    // One row beyond the page: whether anything follows it, which an estimated count may not say (`pageCount`).
    const found = await page.execute({ clientId: q.clientId, q: q.q, limit: q.limit + 1, offset: q.offset });
    // A page past the last one carries no count: it is counted apart.
    const counted =
      counting.kept ?? (found.length ? await counting.from(Number(found[0].n)) : q.offset === 0 ? await counting.from(0) : await listCount(app.db, countable(q), countKey));
    const rows = found.slice(0, q.limit).map(listRow);
    return withCount({ rows }, pageCount(counted, q.offset, found.length, q.limit));
  } catch (error) {
    // PostgreSQL's regular expressions differ from JavaScript's at the edges: its refusal is a 400 too.
    if (pgErrorCode(error) === '2201B') throw invalidSearch();
    throw error;
  }
}

/** The form's values as columns (country, state and city are known to be set once validated). */
function columnsOf(body: LocationInput | LocationUpdate) {
  const { featureValues: _features, zoneManagersIds: _managers, id: _id, clientId: _client, ...rest } = body as LocationUpdate;
  return { ...rest, countryId: body.countryId!, stateId: body.stateId!, cityId: body.cityId! };
}

async function writeLinks(tx: Tx, locationId: number, zoneManagersIds: number[], featureValues: { featureId: number; id: number }[]) {
  await tx.delete(locationZoneManagers).where(eq(locationZoneManagers.locationId, locationId));
  await tx.delete(locationFeatureValues).where(eq(locationFeatureValues.locationId, locationId));
  if (zoneManagersIds.length) await tx.insert(locationZoneManagers).values(zoneManagersIds.map((userId) => ({ locationId, userId })));
  if (featureValues.length) {
    await tx.insert(locationFeatureValues).values(featureValues.map((v) => ({ locationId, featureId: v.featureId, featureValueId: v.id })));
  }
}

/**
 * A client location code another point of sale of the client has (capitals and surrounding spaces
 * aside: the unique index on the folded code, migration 0013) is a 409 on the field, the user's to fix.
 * Checked before writing (`refuseRepeatedLocation`); this is the index's refusal when another save took
 * the code meanwhile, which then names that point of sale.
 */
async function uniqueCode<T>(work: () => Promise<T>, db: App['db'], clientId: number, location: { clientLocationId: string | null }, locationId?: number): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Only the code's own indexes: another unique key (an attribute given its value twice at once) is no code taken.
    if (pgErrorCode(error) === '23505' && pgConstraint(error)?.startsWith('locations_client_code') && location.clientLocationId) {
      throw codeTaken(await locationWithCode(db, clientId, location.clientLocationId, locationId));
    }
    throw error;
  }
}

export default async function locationRoutes(app: App) {
  const tags = ['locations'];
  const formValidator = formLevelValidator(LOCATION_DIALOG_FIELDS);

  /** Across clients (the /branch-offices area), optionally for one client. */
  app.get('/locations', { config: read, schema: { tags, summary: 'Lista paginada de puntos de venta de todos los clientes o de uno, con filtros', description: '`q` es una expresión regular (sin distinguir mayúsculas) sobre el código del punto de venta del cliente. El total es exacto hasta 1.000 y estimado por encima.', querystring: listLocationsQuery, answer: locationListAnswer } }, async (req) => listLocations(app, req.query as ListLocationsQuery));

  app.get('/locations/client/:id', { config: read, schema: { tags, summary: 'Lista paginada de los puntos de venta de un cliente, con búsqueda por código y estado', params: z.object({ id }), querystring: listLocationsQuery.omit({ clientId: true }), answer: locationListAnswer } }, async (req) => {
    const { id: clientId } = req.params as { id: number };
    return listLocations(app, { ...(req.query as ListLocationsQuery), clientId });
  });

  app.get('/locations/:id', { config: read, schema: { tags, summary: 'Un punto de venta con su dirección, gerentes de zona y valores de atributos', params: z.object({ id }), answer: locationAnswer } }, async (req) => {
    const location = await readLocation(app.db, (req.params as { id: number }).id);
    if (!location) throw notFound(LOCATION_TEXT.notFound);
    return location;
  });

  app.post('/locations', { config: write, schema: { tags, summary: 'Crea un punto de venta de un cliente (código único en el cliente, 409 si no)', description: 'Con `Idempotency-Key`, el reintento con los mismos datos devuelve el punto de venta que creó el primero, sin crear otro.', body: locationSchema, headers: requestKeyHeaders, answer: locationAnswer }, validatorCompiler: formValidator }, async (req, reply) => {
    const body = req.body as LocationInput;
    const { answer: created } = await uniqueCode(() =>
      app.db.transaction((tx) =>
        once(tx, req, async () => {
          // Checked in the transaction that writes: the owner and zone managers it names are held until then.
          const refs = await checkLocationRefs(tx, body.clientId, body);
          await refuseRepeatedLocation(tx, body.clientId, body);
          const [row] = await tx
            .insert(locations)
            .values({ ...columnsOf(body), clientId: body.clientId })
            .returning({ id: locations.id });
          await writeLinks(tx, row.id, body.zoneManagersIds, refs.featureValues);
          await audit(tx, { userId: req.session.id, entity: 'location', entityId: row.id, action: 'create' });
          return { id: row.id };
        }),
      ),
      app.db,
      body.clientId,
      body,
    );
    return reply.status(201).send(await readLocation(app.db, created.id));
  });

  app.put('/locations', { config: write, schema: { tags, summary: 'Modifica un punto de venta (id en el cuerpo); su cliente no cambia', description: 'Reemplaza sus gerentes de zona y valores de atributos. Con el `updatedAt` que cargó el formulario, responde 409 si otra persona lo guardó desde entonces.', body: withLoadedVersion(locationUpdateSchema), headers: requestKeyHeaders, answer: locationAnswer }, validatorCompiler: formValidator }, async (req) => {
    const { updatedAt: loaded, ...body } = req.body as LocationUpdate & LoadedVersion;
    const [current] = await app.db.select({ clientId: locations.clientId, clientLocationId: locations.clientLocationId, fullName: locations.fullName, street: locations.street }).from(locations).where(eq(locations.id, body.id));
    if (!current) throw notFound(LOCATION_TEXT.notFound);
    if (body.clientId && body.clientId !== current.clientId) throw badRequest('El cliente de un punto de venta no puede cambiarse.', { clientId: 'El cliente de un punto de venta no puede cambiarse.' });
    // A retry of a save that committed runs nothing: the answer is the point of sale as stored.
    await uniqueCode(() =>
      onceInTransaction(app.db, req, async (tx) => {
        const refs = await checkLocationRefs(tx, current.clientId, body, body.id);
        await refuseRepeatedLocation(tx, current.clientId, body, { id: body.id, stored: current });
        await claimLoadedVersion(tx, locations, body.id, loaded, { conflict: STALE_EDIT.locations, notFound: LOCATION_TEXT.notFound });
        await tx
          .update(locations)
          .set({ ...columnsOf(body), updatedAt: sql`now()` })
          .where(eq(locations.id, body.id));
        await writeLinks(tx, body.id, body.zoneManagersIds, refs.featureValues);
        await audit(tx, { userId: req.session.id, entity: 'location', entityId: body.id, action: 'update' });
      }),
      app.db,
      current.clientId,
      body,
      body.id,
    );
    return readLocation(app.db, body.id);
  });

  app.put('/locations/disable', { config: write, schema: { tags, summary: 'Activa o desactiva un punto de venta', body: locationStatusSchema, answer: locationStatusAnswer } }, async (req) => {
    const { id: locationId, status } = req.body as z.infer<typeof locationStatusSchema>;
    return app.db.transaction(async (tx) => {
      const [row] = await tx.update(locations).set({ status, updatedAt: sql`now()` }).where(eq(locations.id, locationId)).returning({ id: locations.id, status: locations.status });
      if (!row) throw notFound(LOCATION_TEXT.notFound);
      await audit(tx, { userId: req.session.id, entity: 'location', entityId: locationId, action: status ? 'activate' : 'deactivate' });
      return row;
    });
  });

  /** Reference lists of the address cascade (spec 1 §4), in Spanish alphabetical order. */
  const reference = { roles: ACCESS.reference.read };
  app.get('/countries', { config: reference, schema: { tags, summary: 'Países, en orden alfabético', answer: countriesAnswer } }, async () => byName(await app.db.select().from(countries)));
  app.get('/states', { config: reference, schema: { tags, summary: 'Provincias de un país, en orden alfabético', querystring: z.object({ countryId: id }), answer: statesAnswer } }, async (req) =>
    byName(await app.db.select().from(states).where(eq(states.countryId, (req.query as { countryId: number }).countryId))),
  );
  app.get('/cities', { config: reference, schema: { tags, summary: 'Ciudades de una provincia, en orden alfabético', querystring: z.object({ stateId: id }), answer: citiesAnswer } }, async (req) =>
    byName(await app.db.select().from(cities).where(eq(cities.stateId, (req.query as { stateId: number }).stateId))),
  );

  /** Owners (role 6) and zone managers (role 15) of a client: `{ id, fullName }`, active users only. */
  app.get(
    '/web-users/client/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Usuarios activos de un cliente con un rol dado (`rolId`): id y nombre completo',
        description: 'Sirve al formulario de punto de venta para elegir dueños y gerentes de zona.',
        params: z.object({ id }),
        // Only the two roles the form chooses from: the route is no directory of a client's users by role.
        querystring: z.object({
          rolId: z.coerce.number().refine((role) => role === ROLE.FRANCHISE || role === ROLE.ZONE_MANAGER, 'El rol debe ser 6 (franquicia) o 15 (gerente zonal).'),
        }),
        answer: peopleChoices,
      },
    },
    async (req) => {
      const { id: clientId } = req.params as { id: number };
      const { rolId } = req.query as { rolId: number };
      return usersOfClient(app.db, clientId, [rolId]);
    },
  );
}
