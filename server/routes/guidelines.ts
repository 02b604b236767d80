import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { GUIDELINE_SECTIONS, GUIDELINE_TEXT, guidelineAnswer, type GuidelineInput, guidelineListAnswer, guidelineSchema, guidelineSummaryAnswer, guidelineUpdateSchema } from '../../domain/guidelines';
import { pickerIds } from '../../domain/pickers';
import { ACCESS } from '../../domain/roles';
import { id } from '../../domain/validation';
import type { App } from '../app';
import { rowsOf, type Tx } from '../db/client';
import { type ListFilter, matchesFolded, searchPattern, shortListPage } from '../db/list';
import { guidelines } from '../db/schema';
import { refuseTakenName } from '../db/uniqueName';
import { booleanQuery, conflict, listQuery, notFound, parse } from '../http';
import { audit } from '../services/audit';
import { sanitizeRichText } from '../services/html';

const read = { roles: ACCESS.guidelines.read };
const write = { roles: ACCESS.guidelines.write };
const tags = ['guidelines'];

const listGuidelinesQuery = listQuery.extend({
  current: booleanQuery.optional(),
  /** The versions a picker holds (the project form's), to name them, current or not. */
  ids: pickerIds.optional(),
  /** The versions of one guideline (a copied project takes its current one). */
  sequenceId: id.optional(),
});
const searchQuery = listQuery.extend({ searchValue: z.string().trim().max(200).optional() });

/** What a list shows: the texts stay out (they can be long); GET /guidelines/:id has them. */
const summary = {
  id: guidelines.id,
  sequenceId: guidelines.sequenceId,
  version: guidelines.version,
  name: guidelines.name,
  createdAt: guidelines.createdAt,
  deletedAt: guidelines.deletedAt,
};

const sortable = summary;

/** A version with its texts, as the API answers it: the folded name the searches read stays in the database. */
const { searchName: _searchName, ...version } = getTableColumns(guidelines);

const withEditable = <T extends { deletedAt: Date | null }>(row: T) => ({ ...row, editable: row.deletedAt === null });

/** One page of versions that meet `where`, in the asked order (by name unless told), and how many meet it. */
async function pageOf(app: App, filters: ListFilter[], q: z.infer<typeof listQuery>) {
  const { rows, count } = await shortListPage<GuidelineSummaryRow>(app.db, { name: 'guidelines', table: guidelines, columns: summary, sortable, fallback: 'name' }, filters, q);
  return { rows: rows.map(withEditable), count };
}

type GuidelineSummaryRow = { [K in keyof typeof summary]: (typeof summary)[K]['_']['data'] };

/** Only the current versions (or only the ended ones): two conditions, the value is the shape's. */
const currentOnly = (current: boolean): ListFilter => ({ shape: `current=${current}`, where: () => (current ? isNull(guidelines.deletedAt) : sql`${guidelines.deletedAt} is not null`) });
const nameLike = (text: string): ListFilter => ({ shape: 'q', value: searchPattern(text), where: (v) => matchesFolded(guidelines.searchName, v) });

/** The rich texts as they will be stored: sanitised, and still long enough once sanitised. */
function cleanTexts(body: GuidelineInput): GuidelineInput {
  const clean = { ...body };
  for (const { key } of GUIDELINE_SECTIONS) clean[key] = sanitizeRichText(body[key]);
  return parse(guidelineSchema, clean);
}

/** No other current guideline has the name (in any case, spaces around ignored); its ended versions may. */
const refuseTakenGuidelineName = (tx: Tx, name: string) =>
  refuseTakenName(tx, { table: guidelines, id: guidelines.id, name: guidelines.name }, name, {
    lockKey: 'guidelines',
    message: GUIDELINE_TEXT.duplicate,
    field: 'name',
    scope: isNull(guidelines.deletedAt),
  });

async function insertVersion(tx: Tx, body: GuidelineInput, meta: { sequenceId?: number; version: number; userId: number }) {
  const [{ id: newId }] = await rowsOf<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('guidelines', 'id'))::int as id`);
  const [row] = await tx
    .insert(guidelines)
    .values({ ...body, id: newId, sequenceId: meta.sequenceId ?? newId, version: meta.version, createdBy: meta.userId })
    .returning(version);
  return row;
}

export default async function guidelineRoutes(app: App) {
  app.get('/guidelines', { config: read, schema: { tags, summary: 'Lista paginada de versiones de instructivos (sin textos) con búsqueda y filtro de vigencia', description: '`q` busca en el nombre sin distinguir mayúsculas ni acentos; `ids` (hasta 100, separados por comas) nombra versiones ya elegidas, vigentes o no; `sequenceId` da las versiones de un instructivo.', querystring: listGuidelinesQuery, answer: guidelineListAnswer } }, async (req) => {
    const q = req.query as z.infer<typeof listGuidelinesQuery>;
    const filters: ListFilter[] = [];
    if (q.current !== undefined) filters.push(currentOnly(q.current));
    if (q.q) filters.push(nameLike(q.q));
    if (q.ids) filters.push({ shape: 'ids', value: q.ids, where: (v) => sql`${guidelines.id} = any(${v}::int[])` });
    if (q.sequenceId !== undefined) filters.push({ shape: 'sequence', value: q.sequenceId, where: (v) => eq(guidelines.sequenceId, v as never) });
    return pageOf(app, filters, q);
  });

  /** The current versions whose name contains the text (the project form's guideline search). */
  app.get('/guidelines/search', { config: read, schema: { tags, summary: 'Búsqueda paginada de instructivos vigentes por nombre', querystring: searchQuery, answer: guidelineListAnswer } }, async (req) => {
    const q = req.query as z.infer<typeof searchQuery>;
    const filters: ListFilter[] = [currentOnly(true)];
    if (q.searchValue) filters.push(nameLike(q.searchValue));
    return pageOf(app, filters, q);
  });

  app.get('/guidelines/:id', { config: read, schema: { tags, summary: 'Una versión de un instructivo con sus textos', params: z.object({ id }), answer: guidelineAnswer } }, async (req) => {
    const { id: guidelineId } = req.params as { id: number };
    const [row] = await app.db.select(version).from(guidelines).where(eq(guidelines.id, guidelineId));
    if (!row) throw notFound(GUIDELINE_TEXT.notFound);
    return withEditable(row);
  });

  app.post('/guidelines', { config: write, schema: { tags, summary: 'Crea un instructivo (versión 1) con sus textos saneados', body: guidelineSchema, answer: guidelineAnswer } }, async (req, reply) => {
    const body = cleanTexts(req.body as GuidelineInput);
    const created = await app.db.transaction(async (tx) => {
      await refuseTakenGuidelineName(tx, body.name);
      const row = await insertVersion(tx, body, { version: 1, userId: req.session.id });
      await audit(tx, { userId: req.session.id, entity: 'guideline', entityId: row.id, action: 'create' });
      return row;
    });
    return reply.status(201).send(withEditable(created));
  });

  /** Editing makes a new version and ends the validity of the edited one, in one transaction. */
  app.put('/guidelines', { config: write, schema: { tags, summary: 'Edita un instructivo creando una versión nueva y terminando la editada', description: 'Solo se edita la versión vigente: una ya terminada responde 409. La respuesta es la versión nueva, con otro id.', body: guidelineUpdateSchema, answer: guidelineAnswer } }, async (req) => {
    const { id: guidelineId, ...fields } = req.body as GuidelineInput & { id: number };
    const body = cleanTexts(fields);
    const created = await app.db.transaction(async (tx) => {
      const [old] = await tx
        .update(guidelines)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(guidelines.id, guidelineId), isNull(guidelines.deletedAt)))
        .returning({ sequenceId: guidelines.sequenceId, version: guidelines.version });
      if (!old) return refuse(tx, guidelineId, GUIDELINE_TEXT.notCurrent);
      // The edited version is no longer current here: its own name is free for its next one.
      await refuseTakenGuidelineName(tx, body.name);
      const row = await insertVersion(tx, body, { sequenceId: old.sequenceId, version: old.version + 1, userId: req.session.id });
      await audit(tx, { userId: req.session.id, entity: 'guideline', entityId: row.id, action: 'version', detail: { previous: guidelineId } });
      return row;
    });
    return withEditable(created);
  });

  /** Ends the validity of the current version (the row stays: projects may point to it). */
  app.delete('/guidelines/:id', { config: write, schema: { tags, summary: 'Termina la vigencia de la versión actual de un instructivo (409 si ya terminó)', params: z.object({ id }), answer: guidelineSummaryAnswer } }, async (req) => {
    const { id: guidelineId } = req.params as { id: number };
    const ended = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(guidelines)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(guidelines.id, guidelineId), isNull(guidelines.deletedAt)))
        .returning(summary);
      if (!row) return refuse(tx, guidelineId, GUIDELINE_TEXT.alreadyEnded);
      await audit(tx, { userId: req.session.id, entity: 'guideline', entityId: guidelineId, action: 'end' });
      return row;
    });
    return withEditable(ended);
  });
}

/** A version that is not current: 404 when it does not exist, 409 when it was already ended. */
async function refuse(tx: Tx, guidelineId: number, message: string): Promise<never> {
  const [exists] = await tx.select({ id: guidelines.id }).from(guidelines).where(eq(guidelines.id, guidelineId));
  throw exists ? conflict(message) : notFound(GUIDELINE_TEXT.notFound);
}
