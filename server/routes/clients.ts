import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CLIENT_TEXT, clientAnswer, type ClientInput, clientListAnswer, clientSchema, clientStateSchema, clientUpdateSchema } from '../../domain/clients';
import { pickerIds } from '../../domain/pickers';
import { ACCESS } from '../../domain/roles';
import { type LoadedVersion, STALE_EDIT, withLoadedVersion } from '../../domain/staleEdits';
import { id } from '../../domain/validation';
import type { App } from '../app';
import type { Db, Tx } from '../db/client';
import { countAll, flagIs, matchesFolded, orderBy, pageTotal, searchPattern, sortShape, totalColumn } from '../db/list';
import { placeholders, preparedOnce } from '../db/prepared';
import { clients, clientTypes } from '../db/schema';
import { claimLoadedVersion } from '../db/staleEdits';
import { refuseTakenName } from '../db/uniqueName';
import { badRequest, booleanQuery, listQuery, notFound } from '../http';
import { audit } from '../services/audit';
import { CLIENT_NAMES } from '../services/clientImport';
import { choices } from '../../domain/answers';
import { onceInTransaction, requestKeyHeaders } from '../services/requestKeys';

const read = { roles: ACCESS.clients.read };
const write = { roles: ACCESS.clients.write };

const listClientsQuery = listQuery.extend({
  state: booleanQuery.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  /** The clients a picker holds, to name them (whatever their state, unless `state` is asked too). */
  ids: pickerIds.optional(),
});

const columns = {
  id: clients.id,
  name: clients.name,
  address: clients.address,
  telephone: clients.telephone,
  email: clients.email,
  imageUrl: clients.imageUrl,
  claimUrl: clients.claimUrl,
  contactUrl: clients.contactUrl,
  linkSurveyMonkey: clients.linkSurveyMonkey,
  checklist: clients.checklist,
  typeId: clients.typeId,
  state: clients.state,
  updatedAt: clients.updatedAt,
  typeName: clientTypes.name,
};

const selectClients = (db: Db | Tx) => db.select(columns).from(clients).leftJoin(clientTypes, eq(clientTypes.id, clients.typeId));
type ClientRow = Awaited<ReturnType<typeof selectClients>>[number];

/** One client as the API answers it (GET, and after every write: not the table's row, with its search text). */
async function oneClient(db: Db | Tx, clientId: number) {
  const [row] = await selectClients(db).where(eq(clients.id, clientId));
  if (!row) throw notFound('El cliente no existe.');
  return toClient(row);
}

/** A client as the API answers it, field by field (V8's object rest and spread are ~3 µs a row). */
const toClient = (row: ClientRow) => ({
  id: row.id,
  name: row.name,
  address: row.address,
  telephone: row.telephone,
  email: row.email,
  imageUrl: row.imageUrl,
  claimUrl: row.claimUrl,
  contactUrl: row.contactUrl,
  linkSurveyMonkey: row.linkSurveyMonkey,
  checklist: row.checklist,
  typeId: row.typeId,
  state: row.state,
  updatedAt: row.updatedAt,
  type: row.typeId ? { id: row.typeId, name: row.typeName } : null,
});

/** Two clients of one name would be two look-alike entries in every list and selector. */
const refuseTakenClientName = (tx: Tx, name: string, exceptId?: number) =>
  refuseTakenName(tx, { table: clients, id: clients.id, name: clients.name }, name, { lockKey: CLIENT_NAMES, message: CLIENT_TEXT.duplicate, field: 'name', exceptId });

export default async function clientRoutes(app: App) {
  app.get('/clients/all-clients', { config: read, schema: { tags: ['clients'], summary: 'Lista paginada de clientes con búsqueda, filtro por estado y orden', description: '`q` busca en nombre, e-mail y dirección sin distinguir mayúsculas ni acentos; `ids` (hasta 100, separados por comas) nombra clientes ya elegidos en un selector.', querystring: listClientsQuery, answer: clientListAnswer } }, async (req) => {
    const q = req.query as z.infer<typeof listClientsQuery>;
    const where = (values: { q?: unknown; ids?: unknown }) =>
      and(
        q.state !== undefined ? flagIs(clients.state, q.state) : undefined,
        q.ids ? sql`${clients.id} = any(${values.ids}::int[])` : undefined,
        // Blind to case and accents: name, e-mail and address stored folded in one column, joined by a
        // line break (which a pattern from the single-line search box never holds, so a match never
        // spans two columns), with its trigram index. Folded per row at query time, the search cost
        // ~14 µs a client.
        q.q ? matchesFolded(clients.searchText, values.q) : undefined,
      );
    const values = { q: q.q ? searchPattern(q.q) : undefined, ids: q.ids };
    // One statement, built once per shape. A search reads every client anyway: the page counts its
    // matches as it sorts them (one pass, not two). Without one the page walks the sort's index for its
    // rows, and the count is its own uncorrelated subquery, run once (a window count would read and sort
    // all of them first). Only a page past the last one counts apart.
    const page = preparedOnce(app.db, `clients:${q.state ?? '-'}:${Boolean(q.q)}:${Boolean(q.ids)}:${sortShape(q.sort)}:${q.order}`, () => {
      const filtered = where(placeholders('q', 'ids'));
      const total = q.q ? sql<number>`count(*) over ()`.mapWith(Number) : totalColumn(clients, filtered);
      return app.db
        .select({ ...columns, total })
        .from(clients)
        .leftJoin(clientTypes, eq(clientTypes.id, clients.typeId))
        .where(filtered)
        .orderBy(...orderBy({ ...columns, type: clientTypes.name }, q.sort, q.order, 'name'))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare('');
    });
    const rows = await page.execute({ ...values, limit: q.limit, offset: q.offset });
    // Bound here as one array, not spread into a list of parameters as a bare array would be.
    const count = await pageTotal(rows, q.offset, async () => (await app.db.select({ count: countAll }).from(clients).where(where({ ...values, ids: q.ids && sql.param(q.ids) })))[0].count);
    return { rows: rows.map(toClient), count };
  });

  app.get('/clients/:id', { config: read, schema: { tags: ['clients'], summary: 'Un cliente con su tipo', params: z.object({ id }), answer: clientAnswer } }, async (req) => {
    const { id: clientId } = req.params as { id: number };
    return oneClient(app.db, clientId);
  });

  app.get('/core-clients/clients/getClientsTypes', { config: read, schema: { tags: ['clients'], summary: 'Tipos de cliente, por nombre', answer: choices } }, async () =>
    app.db.select().from(clientTypes).orderBy(clientTypes.name),
  );

  app.post('/clients/', { config: write, schema: { tags: ['clients'], summary: 'Crea un cliente (nombre único)', body: clientSchema, answer: clientAnswer } }, async (req, reply) => {
    const body = req.body as ClientInput;
    await ensureType(app, body.typeId);
    const created = await app.db.transaction(async (tx) => {
      await refuseTakenClientName(tx, body.name);
      const [row] = await tx.insert(clients).values(body).returning({ id: clients.id });
      await audit(tx, { userId: req.session.id, entity: 'client', entityId: row.id, action: 'create' });
      return oneClient(tx, row.id);
    });
    return reply.status(201).send(created);
  });

  app.put('/clients', { config: write, schema: { tags: ['clients'], summary: 'Modifica un cliente (id en el cuerpo)', description: 'Con el `updatedAt` que cargó el formulario, responde 409 si otra persona lo guardó desde entonces.', body: withLoadedVersion(clientUpdateSchema), headers: requestKeyHeaders, answer: clientAnswer } }, async (req) => {
    const { id: clientId, updatedAt: loaded, ...body } = req.body as ClientInput & LoadedVersion & { id: number };
    await ensureType(app, body.typeId);
    return onceInTransaction(app.db, req, async (tx) => {
      await claimLoadedVersion(tx, clients, clientId, loaded, { conflict: STALE_EDIT.clients, notFound: 'El cliente no existe.' });
      const [exists] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update');
      if (!exists) throw notFound('El cliente no existe.');
      await refuseTakenClientName(tx, body.name, clientId);
      await tx.update(clients).set({ ...body, updatedAt: sql`now()` }).where(eq(clients.id, clientId));
      await audit(tx, { userId: req.session.id, entity: 'client', entityId: clientId, action: 'update' });
      return oneClient(tx, clientId);
    });
  });

  /** Activation (the spec does not show its path): `{ id, state }`. */
  app.put('/clients/state', { config: write, schema: { tags: ['clients'], summary: 'Activa o desactiva un cliente', body: clientStateSchema, answer: clientAnswer } }, async (req) => {
    const { id: clientId, state } = req.body as z.infer<typeof clientStateSchema>;
    return app.db.transaction(async (tx) => {
      const [row] = await tx.update(clients).set({ state, updatedAt: sql`now()` }).where(eq(clients.id, clientId)).returning({ id: clients.id });
      if (!row) throw notFound('El cliente no existe.');
      await audit(tx, { userId: req.session.id, entity: 'client', entityId: clientId, action: state ? 'activate' : 'deactivate' });
      return oneClient(tx, clientId);
    });
  });
}

async function ensureType(app: App, typeId: number | null) {
  if (typeId === null) return;
  const [type] = await app.db.select().from(clientTypes).where(eq(clientTypes.id, typeId));
  if (!type) throw badRequest('Revise los datos ingresados.', { typeId: CLIENT_TEXT.noType });
}
