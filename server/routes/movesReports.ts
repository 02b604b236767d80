/** Moves, reports (spec 2 §7): the stock (assignment screen and full export), the performance report, a move's assets. */
import { z } from 'zod';
import { performanceAnswer, stockAnswer } from '../../domain/move-api';
import { reportQuery, stockQuery } from '../../domain/move-forms';
import { ACCESS } from '../../domain/roles';
import { id } from '../../domain/validation';
import type { App } from '../app';
import { formLevelValidator } from '../http';
import { fileStoreFor } from '../services/files';
import { checkFilterRefs } from '../services/moves/filterRefs';
import { assetsOf, performanceReport } from '../services/moves/report';
import { stockCount, stockReportPage, stockScreenPage } from '../services/moves/stock';
import { zip } from '../services/zip';

const read = { roles: ACCESS['user-moves'].read };
const tags = ['user-moves'];
const assetsQuery = z.object({ type: z.enum(['image', 'audio', 'video'], { error: 'Tipo de archivo inválido' }).default('image') });

export default async function moveReportRoutes(app: App) {
  const files = fileStoreFor(app.config);

  /**
   * The stock: `statuses` (stock states joined by comma) with offset paging for the assignment
   * screen; `full=true` adds the report's columns and pages by keyset (`after` = the last `next`).
   * The count comes with the first page only. A page of the full export also gives `ahead`, the `next` of
   * the page after it, so that the export can ask for two pages at a time.
   */
  app.get('/user-moves/stock-moves-report', { config: read, schema: { tags, summary: 'Stock de moves y visitas publicadas por estado, para asignar o exportar', description: '`assignable=true` deja fuera las filas de proyectos finalizados y de puntos de venta inactivos (que no se pueden asignar). Sin `full` pagina por `offset`; con `full=true` agrega las columnas del reporte y pagina por clave (`after` = el `next` anterior; `ahead` da el siguiente). El total viene solo con la primera página. Sin `statuses`, todos los estados; `statuses` vacío es un 400. Un `clientId` o `projectId` que no existe responde 404. `sort` (una columna de la pantalla: estado_actual, id_move, id_pedido, proyecto, cliente, punto_de_venta, ciudad, auditor, agente_asignado, fecha_limite) y `order` ordenan la lista paginada por `offset`; sin `sort`, el orden del stock (visitas y luego moves, por id).', querystring: stockQuery, answer: stockAnswer }, validatorCompiler: formLevelValidator(['statuses']) }, async (req, reply) => {
    const q = req.query as z.infer<typeof stockQuery>;
    const filter = { statuses: q.statuses ?? [], clientId: q.clientId, projectId: q.projectId, full: q.full, assignable: q.assignable };
    // The client and the project are checked only when the page is empty: a row of the page is of that
    // client's project (its joins hold both filters), so a page with rows has found them, and saves the
    // check's statement. A client or a project that does not exist, or a project of another client, leaves
    // every page empty, and still answers 404 or 400.
    const refs = () => checkFilterRefs(app.db, { clientIds: q.clientId === undefined ? [] : [q.clientId], projectId: q.projectId });
    const page = { limit: q.limit, offset: q.offset, after: q.after, sort: q.sort && { field: q.sort, order: q.order } };
    // `countEstimated` when the count is the planner's estimate (more than 1,000 in a branch).
    const estimated = (n: { estimated: boolean } | null) => (n?.estimated ? { countEstimated: true as const } : {});
    if (!q.full) {
      const { rows, next, count: n } = await stockScreenPage(app.db, filter, page);
      if (!rows.length) await refs();
      return { rows, count: n?.count ?? null, next, ...estimated(n) };
    }
    // The export's rows arrive as JSON text from the database: sent as they are.
    const count = q.after ? Promise.resolve(null) : stockCount(app.db, filter);
    const [{ rows, next, ahead }, n] = await Promise.all([stockReportPage(app.db, filter, page, app.config.publicUrl), count]);
    if (rows === '[]') await refs();
    return reply
      .type('application/json; charset=utf-8')
      .send(`{"rows":${rows},"count":${JSON.stringify(n?.count ?? null)},"next":${JSON.stringify(next)},"ahead":${JSON.stringify(ahead)}${n?.estimated ? ',"countEstimated":true' : ''}}`);
  });

  /** The performance report: approved moves of the chosen clients (and project, and visit dates). */
  app.get('/user-moves/report', { config: read, schema: { tags, summary: 'Reporte de desempeño: moves aprobadas de los clientes elegidos, paginadas', description: 'Filtra por proyecto y fechas de visita. Pagina por `offset` con el total, o por clave con `after` (id de la última move) y total nulo. Un cliente o proyecto que no existe responde 404.', querystring: reportQuery, answer: performanceAnswer }, validatorCompiler: formLevelValidator(['clientId']) }, async (req) => {
    const q = req.query as z.infer<typeof reportQuery>;
    await checkFilterRefs(app.db, { clientIds: q.clientId, projectId: q.projectId });
    return performanceReport(app.db, q);
  });

  /** A zip of the move's files of one type (`image`: the answers' photos named by photoFileName, and image attachments). */
  app.get('/user-moves/:id/assets', { config: read, schema: { tags, summary: 'ZIP con los archivos de una move de un tipo: imágenes, audios o videos', params: z.object({ id }), querystring: assetsQuery, download: ['application/zip'] } }, async (req, reply) => {
    const { id: moveId } = req.params as { id: number };
    const { type } = req.query as z.infer<typeof assetsQuery>;
    const { entries } = await assetsOf(app.db, files, moveId, type);
    return reply.type('application/zip').header('content-disposition', `attachment; filename="${type}.zip"`).send(zip(entries));
  });
}
