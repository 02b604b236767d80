/** Moves, read side (spec 2 §7): the list, one move, the filters' choices and the answered questionnaire. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { answeredCountsAnswer, type AnsweredQuestionnaire, answeredQuestionnaireAnswer, moveDetailAnswer, moveListAnswer } from '../../domain/move-api';
import { codeToId, moveListQuery, type MoveListQuery } from '../../domain/move-forms';
import { MOVE_TEXT } from '../../domain/moves';
import { PROJECT_CHOICES_CAP, pickerIds, pickerLimit, pickerTerm } from '../../domain/pickers';
import { ACCESS } from '../../domain/roles';
import { id, todayIso } from '../../domain/validation';
import type { App } from '../app';
import { inIds, matchesFolded, searchPattern } from '../db/list';
import { preparedOnce } from '../db/prepared';
import { cities, locations, moveReplies, projectLocations, projects, userMoves } from '../db/schema';
import { notFound } from '../http';
import { fileStoreFor } from '../services/files';
import { readMove } from '../services/moves/act';
import { listMoves, moveDetail } from '../services/moves/queries';
import { answeredOut, readReply, versionContent } from '../services/moves/replies';
import { choices } from '../../domain/answers';

const read = { roles: ACCESS['user-moves'].read };
const tags = ['user-moves'];

const byId = z.object({ id });
const byCode = z.object({ code: z.string().trim().min(1, 'Indique el código').max(40) });
const byMove = z.object({ userMoveId: id });
const projectsQuery = z.object({
  clientId: id.optional(),
  /** Part of the name, blind to case and accents (the project picker searches as the user types). */
  q: pickerTerm.optional(),
  limit: pickerLimit(PROJECT_CHOICES_CAP),
  /** The projects a picker already holds, to name them whether or not a search brings them. */
  ids: pickerIds.optional(),
  /** Only projects still running (their end date not past): the assignment's picker hands out work. */
  current: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
});
const amountsBody = z.object({ userMovesIds: z.array(id).max(1000) });

export default async function moveRoutes(app: App) {
  const files = fileStoreFor(app.config);

  // The page comes as JSON text (PostgreSQL writes its rows): sent as it is.
  app.get('/user-moves/get/all', { config: read, schema: { tags, summary: 'Lista paginada de moves con filtros (cliente, proyecto, estado, fechas…) y orden', description: 'Se pagina por `offset` o por clave: `after`/`before` con el id de una move piden la página que la sigue o la precede en el orden pedido (no los dos a la vez). `clientLocationName` busca en el nombre del punto de venta, su ID operativo y el código que le da el cliente (\'CAF-001\'), sin mayúsculas ni acentos. El total es exacto hasta un tope y estimado por encima.', querystring: moveListQuery, answer: moveListAnswer } }, async (req, reply) =>
    reply.type('application/json; charset=utf-8').send(await listMoves(app.db, req.query as MoveListQuery)),
  );

  app.get('/user-moves/get', { config: read, schema: { tags, summary: 'Detalle de una move por su id', description: 'Responde 404 si la move no existe.', querystring: byId, answer: moveDetailAnswer } }, async (req) => moveDetail(app.db, files, { id: (req.query as { id: number }).id }));

  /** By code ('M-0000123'); a number alone is read as the code's number. */
  app.get('/user-moves/get/code', { config: read, schema: { tags, summary: 'Detalle de una move por su código (M-0000123 o solo el número)', description: 'Un código que no es de ninguna move responde 404.', querystring: byCode, answer: moveDetailAnswer } }, async (req) => {
    const { code } = req.query as z.infer<typeof byCode>;
    const moveId = codeToId(code);
    if (moveId === null) throw notFound(MOVE_TEXT.notFound);
    return moveDetail(app.db, files, { id: moveId });
  });

  /** The cities of the points of sale taking part in projects: the list's city filter. */
  app.get('/user-moves/get/cities', { config: read, schema: { tags, summary: 'Ciudades con puntos de venta en algún proyecto: opciones del filtro de moves', answer: choices } }, async () =>
    // City by city, the first of its points of sale in a project is enough (locations_city_idx, then
    // project_locations_location_idx): a DISTINCT over the join read all 100,000 points of sale (~0.7 s).
    app.db
      .select({ id: cities.id, name: cities.name })
      .from(cities)
      .where(
        sql`exists (select 1 from ${locations} where ${locations.cityId} = ${cities.id}
          and exists (select 1 from ${projectLocations} where ${projectLocations.locationId} = ${locations.id}))`,
      )
      .orderBy(asc(cities.name), asc(cities.id)),
  );

  /**
   * Projects as choices `{ id, name }` by name (of one client when given): the project picker of the
   * moves list, the assignment and the report. `q` searches the folded name with its trigram index,
   * `limit` pages the picker's matches, `ids` names the projects it holds.
   */
  app.get('/user-moves/get/projects', { config: read, schema: { tags, summary: 'Proyectos (id y nombre) por nombre, de un cliente si se indica: opciones de los filtros', description: `\`q\` busca en el nombre sin distinguir mayúsculas ni acentos; \`limit\` (hasta ${PROJECT_CHOICES_CAP}, que es lo que responde sin él) acota la respuesta; \`ids\` (hasta 100, separados por comas) nombra proyectos ya elegidos.`, querystring: projectsQuery, answer: choices } }, async (req) => {
    const { clientId, q, limit, ids, current } = req.query as z.output<typeof projectsQuery>;
    // Built once per shape (which filters it has), the values bound to its placeholders.
    const statement = preparedOnce(app.db, `project-choices:${clientId !== undefined}:${Boolean(q)}:${Boolean(ids)}:${current}`, () =>
      app.db
        .select({ id: projects.id, name: projects.name })
        .from(projects)
        .where(
          and(
            clientId !== undefined ? eq(projects.clientId, sql.placeholder('clientId') as unknown as number) : undefined,
            q ? matchesFolded(projects.searchName, sql.placeholder('pattern')) : undefined,
            ids ? sql`${projects.id} = any(${sql.placeholder('ids')}::int[])` : undefined,
            // As the assignment refuses them: ended when the end date is past (server/services/moves/act.ts).
            current ? sql`${projects.endDate} >= ${sql.placeholder('today')}::date` : undefined,
          ),
        )
        .orderBy(asc(projects.name), asc(projects.id))
        .limit(sql.placeholder('limit'))
        .prepare(''),
    );
    return statement.execute({ clientId, pattern: q && searchPattern(q), ids, limit, today: todayIso() });
  });

  /** The Getter's answered questionnaire, with the version it answers (empty replies while nobody answered). */
  app.get('/questionnaires-replyeds/get', { config: read, schema: { tags, summary: 'Cuestionario respondido por el Getter en una move, con la versión que responde', description: 'Responde 404 si la move no existe.', querystring: byMove, answer: answeredQuestionnaireAnswer } }, async (req): Promise<AnsweredQuestionnaire> => {
    const { userMoveId } = req.query as z.infer<typeof byMove>;
    const move = await readMove(app.db, userMoveId);
    const version = await versionContent(app.db, move.questionnaireVersionId);
    const row = await readReply(app.db, userMoveId, false);
    if (row) return answeredOut(row, version, files);
    return {
      id: null,
      userMoveId,
      questionnaire: { id: version.questionnaireId, name: version.name, version: version.version, versionId: version.id, dimensions: version.dimensions },
      replies: {},
      questionnaireResult: null,
      reason: null,
      questionnarieReviewReason: null,
      editByAgent: false,
      updatedAt: move.updatedAt.toISOString(),
    };
  });

  /** The agent's edited version, flagged editByAgent; 204 when no agent edited the move. */
  app.get('/questionnaireRepliedByAgent', { config: read, schema: { tags, summary: 'Cuestionario de una move editado por un agente; 204 si nadie lo editó', description: 'Responde 204 sin cuerpo si nadie lo editó, y 404 si la move no existe.', querystring: byMove, answer: answeredQuestionnaireAnswer } }, async (req, reply) => {
    const { userMoveId } = req.query as z.infer<typeof byMove>;
    const move = await readMove(app.db, userMoveId);
    const row = await readReply(app.db, userMoveId, true);
    if (!row) return reply.status(204).send();
    return answeredOut(row, await versionContent(app.db, move.questionnaireVersionId), files);
  });

  /**
   * How many questions each move has answered (the agent's edit when there is one). The moves list's
   * export asks it for each page of 1,000 moves: the ids go as one array parameter (`inIds`).
   */
  app.post('/questionnaires-replyeds/amount-answers', { config: read, schema: { tags, summary: 'Cantidad de preguntas respondidas en cada move pedida (hasta 1.000 ids)', description: 'Cuenta la edición del agente cuando la hay; las moves que no existen no aparecen en la respuesta.', body: amountsBody, answer: answeredCountsAnswer } }, async (req) => {
    const { userMovesIds } = req.body as z.infer<typeof amountsBody>;
    if (!userMovesIds.length) return [];
    const answered = sql<number>`(select count(*)::int from jsonb_each(${moveReplies.replies}) e
      where coalesce(jsonb_typeof(e.value->'replyData'), 'null') <> 'null' and e.value->'replyData' not in ('""'::jsonb, '[]'::jsonb))`;
    const rows = await app.db
      .selectDistinctOn([moveReplies.userMoveId], { userMoveId: moveReplies.userMoveId, amount: answered })
      .from(moveReplies)
      .where(inIds(moveReplies.userMoveId, userMovesIds))
      .orderBy(moveReplies.userMoveId, sql`${moveReplies.byAgent} desc`);
    const found = new Map(rows.map((r) => [r.userMoveId, r.amount]));
    const existing = await app.db.select({ id: userMoves.id }).from(userMoves).where(inIds(userMoves.id, userMovesIds));
    return existing.map((m) => ({ userMoveId: m.id, amount: found.get(m.id) ?? 0 }));
  });
}
