import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { lockedChanges, lockedNodeIds } from '../../domain/questionnaire-locks';
import { type Problem, problemErrors, problemLine, questionnaireProblems, repeatedNames } from '../../domain/questionnaire-weights';
import { countQuestions, type Dimension, finalizeQuestionnaire, type QuestionnaireContent, questionnaireListAnswer, type QuestionnaireRow, type QuestionnaireVersion, questionnaireVersionAnswer, versionRemovedAnswer, type VersionUsage, versionUsageAnswer } from '../../domain/questionnaires';
import { QUESTIONNAIRE_CONFLICT, QUESTIONNAIRE_REMOVE_CONFLICT, questionnaireBody, questionnaireUnchanged, sameQuestionnaire, TOO_MANY_QUESTIONS, tooManyQuestions } from '../../domain/questionnaire-body';
import { pickerIds } from '../../domain/pickers';
import { ACCESS } from '../../domain/roles';
import { id, nameKey } from '../../domain/validation';
import type { App } from '../app';
import type { Db, Tx } from '../db/client';
import { countAll, matchesFolded, orderBy, pageTotal, searchPattern, sortShape, totalColumn } from '../db/list';
import { preparedOnce } from '../db/prepared';
import { projects, questionnaires, questionnaireVersions, userMoves, users } from '../db/schema';
import { refuseTakenName } from '../db/uniqueName';
import { badRequest, conflict, listQuery, notFound } from '../http';
import { audit } from '../services/audit';
import { onceInTransaction, requestKeyHeaders } from '../services/requestKeys';

const read = { roles: ACCESS.questionnaires.read };
const write = { roles: ACCESS.questionnaires.write };
const tags = ['questionnaires'];
/** A 300-question questionnaire with guides is about 1 MB of JSON. */
const bodyLimit = 8 * 1024 * 1024;
/** Too many questions is said before the schema judges each of them (see tooManyQuestions). */
const preValidation = async (req: { body: unknown }) => {
  if (tooManyQuestions(req.body)) throw badRequest(TOO_MANY_QUESTIONS, { _: TOO_MANY_QUESTIONS });
};

export const QUESTIONNAIRE_ERRORS = {
  notFound: 'El cuestionario no existe.',
  versionNotFound: 'La versión solicitada no existe.',
  inUse: 'El cuestionario está asignado a un proyecto: no se puede quitar su única versión.',
  duplicate: 'Ya existe un cuestionario con ese nombre.',
  previousNameTaken: (name: string) => `No se puede quitar la última versión: la anterior se llama «${name}» y ese nombre ya lo usa otro cuestionario.`,
} as const;

/** Names compared as the uniqueness rule compares them (as read): capitals, outer spaces and inner runs of spaces aside. */
const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);

/** Two questionnaires of one name are two look-alike choices in every project form (removed ones aside). */
const refuseTakenQuestionnaireName = (tx: Tx, name: string, exceptId?: number, message: string = QUESTIONNAIRE_ERRORS.duplicate) =>
  refuseTakenName(tx, { table: questionnaires, id: questionnaires.id, name: questionnaires.name }, name, {
    lockKey: 'questionnaires',
    message,
    field: 'name',
    scope: active,
    exceptId,
  });

const listQuestionnairesQuery = listQuery.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(5),
  /** The questionnaires a picker holds (the project form's), to name them. */
  ids: pickerIds.optional(),
});
const oneQuery = z.object({ version: z.coerce.number().int().positive('Versión inválida').max(1_000_000, 'Versión inválida').optional() });
const params = z.object({ id });
const removeQuery = z.object({ expectedLastVersion: z.coerce.number().int().positive().max(2147483647).optional() }).strict();

const userName = (column: typeof users.names) => sql<string | null>`nullif(trim(${column} || ' ' || ${users.lastName}), '')`;
const userRef = (userId: number | null, name: string | null) => (userId === null ? null : { id: userId, name: name ?? '' });

const active = isNull(questionnaires.removedAt);

export default async function questionnaireRoutes(app: App) {
  app.get('/questionnariesV2', { config: read, schema: { tags, summary: 'Lista paginada de cuestionarios vigentes con su última versión, con búsqueda', description: 'Sin `sort`, los más recientes primero. `q` busca en el nombre sin distinguir mayúsculas ni acentos; `ids` (hasta 100, separados por comas) nombra cuestionarios ya elegidos.', querystring: listQuestionnairesQuery, answer: questionnaireListAnswer } }, async (req) => {
    const q = req.query as z.infer<typeof listQuestionnairesQuery>;
    // The page and its count, each built once per shape (search or not, the sort, the order).
    const where = () =>
      and(active, q.q ? matchesFolded(questionnaires.searchName, sql.placeholder('pattern')) : undefined, q.ids ? sql`${questionnaires.id} = any(${sql.placeholder('ids')}::int[])` : undefined);
    const sortable = {
      id: questionnaires.id,
      name: sql`lower(${questionnaires.name})`,
      createdAt: questionnaires.createdAt,
      lastVersion: questionnaires.lastVersion,
      questionnaire_version_type: questionnaires.type,
      updatedBy: sql`lower(${userName(users.names)})`,
    };
    const order = q.sort ? q.order : 'DESC';
    const page = preparedOnce(app.db, `questionnaires:${Boolean(q.q)}:${Boolean(q.ids)}:${sortShape(q.sort)}:${order}`, () =>
      app.db
        .select({
          id: questionnaires.id,
          name: questionnaires.name,
          type: questionnaires.type,
          createdAt: questionnaires.createdAt,
          lastVersion: questionnaires.lastVersion,
          updatedById: questionnaires.updatedBy,
          updatedByName: userName(users.names),
          questionCount: questionnaireVersions.questionCount,
          total: totalColumn(questionnaires, where()),
        })
        .from(questionnaires)
        .leftJoin(users, eq(users.id, questionnaires.updatedBy))
        .leftJoin(questionnaireVersions, and(eq(questionnaireVersions.questionnaireId, questionnaires.id), eq(questionnaireVersions.version, questionnaires.lastVersion)))
        .where(where())
        // Newest first unless a column is asked for.
        .orderBy(...orderBy(sortable, q.sort, order, 'createdAt'))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(''),
    );
    const counting = preparedOnce(app.db, `questionnaires:${Boolean(q.q)}:${Boolean(q.ids)}:count`, () => app.db.select({ count: countAll }).from(questionnaires).where(where()).prepare(''));
    const pattern = q.q ? searchPattern(q.q) : undefined;
    // One statement: the count rides on the page's rows; a page past the last one counts apart.
    const rows = await page.execute({ pattern, ids: q.ids, limit: q.limit, offset: q.offset });
    const count = await pageTotal(rows, q.offset, async () => (await counting.execute({ pattern, ids: q.ids }))[0].count);
    return {
      rows: rows.map(
        (r): QuestionnaireRow => ({
          id: r.id,
          name: r.name,
          questionnaire_version_type: r.type as QuestionnaireRow['questionnaire_version_type'],
          createdAt: r.createdAt.toISOString(),
          updatedBy: userRef(r.updatedById, r.updatedByName),
          lastVersion: r.lastVersion,
          questionCount: r.questionCount ?? 0,
        }),
      ),
      count,
    };
  });

  app.get('/questionnariesV2/get/:id', { config: read, schema: { tags, summary: 'Una versión de un cuestionario (la última si no se indica) y la lista de versiones', params, querystring: oneQuery, answer: questionnaireVersionAnswer } }, async (req) => {
    const { id: questionnaireId } = req.params as z.infer<typeof params>;
    const { version } = req.query as z.infer<typeof oneQuery>;
    return loadVersion(app.db, questionnaireId, version);
  });

  app.post('/questionnariesV2', { config: write, bodyLimit, preValidation, schema: { tags, summary: 'Crea un cuestionario con su versión 1, validando dimensiones y ponderaciones', body: questionnaireBody, headers: requestKeyHeaders, answer: questionnaireVersionAnswer } }, async (req, reply) => {
    const content = checked(req.body as QuestionnaireContent);
    refuse(repeatedNames(content));
    // Keyed (`Idempotency-Key`): a retry after a lost answer gets the questionnaire its first try created,
    // not 'Ya existe un cuestionario con ese nombre.' for its own.
    const created = await onceInTransaction(app.db, req, async (tx) => {
      await refuseTakenQuestionnaireName(tx, content.name);
      const [row] = await tx
        .insert(questionnaires)
        .values({ name: content.name, type: content.questionnaire_version_type, lastVersion: 1, createdBy: req.session.id, updatedBy: req.session.id })
        .returning({ id: questionnaires.id });
      await insertVersion(tx, row.id, 1, content, req.session.id);
      await audit(tx, { userId: req.session.id, entity: 'questionnaire', entityId: row.id, action: 'create', detail: { version: 1 } });
      return loadVersion(tx, row.id);
    });
    return reply.status(201).send(created);
  });

  app.put('/questionnariesV2/update/:id', { config: write, bodyLimit, preValidation, schema: { tags, summary: 'Guarda una versión nueva de un cuestionario', description: 'Las dimensiones y subdimensiones existentes conservan nombre y tipo (400 si cambian). Con `expectedLastVersion` distinta de la última versión actual responde 409. Con `Idempotency-Key`, el reintento con los mismos datos (una respuesta perdida) devuelve la versión que guardó el primero, sin guardar otra.', params, body: questionnaireBody, headers: requestKeyHeaders, answer: questionnaireVersionAnswer } }, async (req) => {
    const { id: questionnaireId } = req.params as z.infer<typeof params>;
    const { expectedLastVersion } = req.body as { expectedLastVersion?: number };
    const content = checked(req.body as QuestionnaireContent);
    // Keyed: a retry after a lost answer gets the version its first try saved, not the 409 of a save
    // 'from another tab' (its own).
    return onceInTransaction(app.db, req, async (tx) => {
      const { lastVersion } = await lockActive(tx, questionnaireId);
      // The editor says which last version it opened: a save or removal since then would be lost silently.
      if (expectedLastVersion !== undefined && expectedLastVersion !== lastVersion) throw conflict(QUESTIONNAIRE_CONFLICT);
      // Compared with the version it replaces, read under the row's lock: a concurrent update waits.
      const last = await storedContent(tx, questionnaireId, lastVersion);
      refuse(lockedChanges(last, content));
      // Two dimensions (or sub-dimensions) of one name the last version already had stay: their names are locked.
      refuse(repeatedNames(content, lockedNodeIds(last)));
      // Renamed, the new name must be free (a name shared before this rule stays usable by both).
      if (!sameName(content.name, last.name)) await refuseTakenQuestionnaireName(tx, content.name, questionnaireId);
      // A save that changes nothing adds no copy of the last version (an older version saved again does:
      // that is how one is brought back).
      if (sameQuestionnaire({ name: last.name, questionnaire_version_type: last.type as QuestionnaireContent['questionnaire_version_type'], dimensions: last.dimensions }, content)) throw conflict(questionnaireUnchanged(lastVersion));
      // Numbers are never reused: a removed version keeps its number for the moves that answered it.
      const [{ max }] = await tx
        .select({ max: sql<number>`coalesce(max(${questionnaireVersions.version}), 0)::int` })
        .from(questionnaireVersions)
        .where(eq(questionnaireVersions.questionnaireId, questionnaireId));
      const version = max + 1;
      await insertVersion(tx, questionnaireId, version, content, req.session.id);
      await tx
        .update(questionnaires)
        .set({ name: content.name, type: content.questionnaire_version_type, lastVersion: version, updatedBy: req.session.id, updatedAt: sql`now()` })
        .where(eq(questionnaires.id, questionnaireId));
      await audit(tx, { userId: req.session.id, entity: 'questionnaire', entityId: questionnaireId, action: 'add-version', detail: { version } });
      return loadVersion(tx, questionnaireId);
    });
  });

  app.get('/questionnariesV2/usage/:id', { config: read, schema: { tags, summary: 'Lo que tocaría quitar la última versión: la versión a la que vuelve y cuántas moves usan la última', description: 'Las moves que usan la versión quitada la conservan; las nuevas usan la anterior. `previousVersion` null: es la única, y quitarla da de baja el cuestionario.', params, answer: versionUsageAnswer } }, async (req) => {
    const { id: questionnaireId } = req.params as z.infer<typeof params>;
    return versionUsage(app.db, questionnaireId);
  });

  app.delete('/questionnariesV2/delete/:id', { config: write, schema: { tags, summary: 'Quita la última versión de un cuestionario; sin versiones, el cuestionario se da de baja', description: 'El cuestionario vuelve a la versión anterior. Quitar la única versión de uno que usa algún proyecto responde 409. Con `expectedLastVersion` (la última versión que el usuario vio) distinta de la actual responde 409 sin quitar nada.', params, querystring: removeQuery, answer: versionRemovedAnswer } }, async (req) => {
    const { id: questionnaireId } = req.params as z.infer<typeof params>;
    const { expectedLastVersion } = req.query as z.infer<typeof removeQuery>;
    return app.db.transaction(async (tx) => {
      const row = await lockActive(tx, questionnaireId);
      if (expectedLastVersion !== undefined && expectedLastVersion !== row.lastVersion) throw conflict(QUESTIONNAIRE_REMOVE_CONFLICT);
      const versions = await tx
        .select({ version: questionnaireVersions.version, name: questionnaireVersions.name, type: questionnaireVersions.type })
        .from(questionnaireVersions)
        .where(and(eq(questionnaireVersions.questionnaireId, questionnaireId), isNull(questionnaireVersions.removedAt)))
        .orderBy(questionnaireVersions.version);
      const removed = row.lastVersion;
      const remaining = versions.filter((v) => v.version !== removed);
      if (remaining.length === 0 && (await questionnaireInUseByProjects(tx, questionnaireId))) throw conflict(QUESTIONNAIRE_ERRORS.inUse);
      await tx
        .update(questionnaireVersions)
        .set({ removedAt: sql`now()` })
        .where(and(eq(questionnaireVersions.questionnaireId, questionnaireId), eq(questionnaireVersions.version, removed)));
      const previous = remaining.at(-1);
      const lastVersion = previous?.version ?? null;
      // Back to the previous version's name: refused if another questionnaire took that name meanwhile.
      const current = versions.find((v) => v.version === removed);
      if (previous && current && !sameName(previous.name, current.name))
        await refuseTakenQuestionnaireName(tx, previous.name, questionnaireId, QUESTIONNAIRE_ERRORS.previousNameTaken(previous.name));
      // The questionnaire goes back to the name and type the previous version was saved with.
      await tx
        .update(questionnaires)
        .set(
          previous === undefined
            ? { removedAt: sql`now()`, updatedAt: sql`now()` }
            : { name: previous.name, type: previous.type, lastVersion: previous.version, updatedBy: req.session.id, updatedAt: sql`now()` },
        )
        .where(eq(questionnaires.id, questionnaireId));
      await audit(tx, { userId: req.session.id, entity: 'questionnaire', entityId: questionnaireId, action: 'remove-version', detail: { version: removed } });
      return { id: questionnaireId, removedVersion: removed, lastVersion };
    });
  });
}

/** A 400 of the problems found, if any: the first one is the message. */
function refuse(problems: Problem[]): void {
  if (problems.length) throw badRequest(problemLine(problems[0]), problemErrors(problems));
}

/** The rules of domain/questionnaire-weights.ts on what will be stored; the first broken one is the message. */
function checked(body: QuestionnaireContent): QuestionnaireContent {
  const content = finalizeQuestionnaire(body);
  refuse(questionnaireProblems(content));
  return content;
}

async function insertVersion(tx: Tx, questionnaireId: number, version: number, content: QuestionnaireContent, userId: number) {
  await tx.insert(questionnaireVersions).values({
    questionnaireId,
    version,
    name: content.name,
    type: content.questionnaire_version_type,
    content: { dimensions: content.dimensions },
    questionCount: countQuestions(content),
    createdBy: userId,
  });
}

/** The tree a version stored. */
async function storedContent(db: Db | Tx, questionnaireId: number, version: number) {
  const [stored] = await db
    .select({ content: questionnaireVersions.content, name: questionnaireVersions.name, type: questionnaireVersions.type })
    .from(questionnaireVersions)
    .where(and(eq(questionnaireVersions.questionnaireId, questionnaireId), eq(questionnaireVersions.version, version)));
  return { ...(stored.content as { dimensions: Dimension[] }), name: stored.name, type: stored.type };
}

/** The questionnaire's row, locked until the transaction ends: versions are added one at a time. */
async function lockActive(tx: Tx, questionnaireId: number) {
  const [row] = await tx
    .select({ id: questionnaires.id, lastVersion: questionnaires.lastVersion })
    .from(questionnaires)
    .where(and(eq(questionnaires.id, questionnaireId), active))
    .for('update');
  if (!row) throw notFound(QUESTIONNAIRE_ERRORS.notFound);
  return row;
}

/** The last version, the one before it still standing, and how many moves hold the last one (an index read: user_moves_questionnaire_version_idx). */
async function versionUsage(db: Db, questionnaireId: number): Promise<VersionUsage> {
  const [head] = await db
    .select({ lastVersion: questionnaires.lastVersion, versionId: questionnaireVersions.id })
    .from(questionnaires)
    .innerJoin(questionnaireVersions, and(eq(questionnaireVersions.questionnaireId, questionnaires.id), eq(questionnaireVersions.version, questionnaires.lastVersion)))
    .where(and(eq(questionnaires.id, questionnaireId), active));
  if (!head) throw notFound(QUESTIONNAIRE_ERRORS.notFound);
  const [[previous], [held]] = await Promise.all([
    db
      .select({ version: sql<number | null>`max(${questionnaireVersions.version})` })
      .from(questionnaireVersions)
      .where(and(eq(questionnaireVersions.questionnaireId, questionnaireId), isNull(questionnaireVersions.removedAt), sql`${questionnaireVersions.version} < ${head.lastVersion}`)),
    db.select({ moves: countAll }).from(userMoves).where(eq(userMoves.questionnaireVersionId, head.versionId)),
  ]);
  return { id: questionnaireId, lastVersion: head.lastVersion, previousVersion: previous?.version ?? null, moves: held.moves };
}

/** Whether a project answers this questionnaire: then it cannot lose its only version. */
export async function questionnaireInUseByProjects(db: Db | Tx, questionnaireId: number): Promise<boolean> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.questionnaireId, questionnaireId)).limit(1);
  return Boolean(row);
}

/** One version (the latest when none is asked), with the name and type it was saved with, and the list of versions, as the editor opens it. */
export async function loadVersion(db: Db, questionnaireId: number, version?: number): Promise<QuestionnaireVersion> {
  const [head] = await db
    .select({
      id: questionnaires.id,
      lastVersion: questionnaires.lastVersion,
      createdAt: questionnaires.createdAt,
      updatedById: questionnaires.updatedBy,
      updatedByName: userName(users.names),
    })
    .from(questionnaires)
    .leftJoin(users, eq(users.id, questionnaires.updatedBy))
    .where(and(eq(questionnaires.id, questionnaireId), active));
  if (!head) throw notFound(QUESTIONNAIRE_ERRORS.notFound);
  const versions = await db
    .select({
      version: questionnaireVersions.version,
      name: questionnaireVersions.name,
      type: questionnaireVersions.type,
      createdAt: questionnaireVersions.createdAt,
      createdById: questionnaireVersions.createdBy,
      createdByName: userName(users.names),
    })
    .from(questionnaireVersions)
    .leftJoin(users, eq(users.id, questionnaireVersions.createdBy))
    .where(and(eq(questionnaireVersions.questionnaireId, questionnaireId), isNull(questionnaireVersions.removedAt)))
    .orderBy(questionnaireVersions.version);
  const wanted = version ?? head.lastVersion;
  const chosen = versions.find((v) => v.version === wanted);
  if (!chosen) throw notFound(QUESTIONNAIRE_ERRORS.versionNotFound);
  const content = await storedContent(db, questionnaireId, wanted);
  return {
    id: head.id,
    name: chosen.name,
    questionnaire_version_type: chosen.type as QuestionnaireVersion['questionnaire_version_type'],
    version: chosen.version,
    lastVersion: head.lastVersion,
    createdAt: head.createdAt.toISOString(),
    versionCreatedAt: chosen.createdAt.toISOString(),
    updatedBy: userRef(head.updatedById, head.updatedByName),
    versions: versions.map((v) => ({ version: v.version, createdAt: v.createdAt.toISOString(), createdBy: userRef(v.createdById, v.createdByName) })),
    dimensions: content.dimensions,
  };
}
