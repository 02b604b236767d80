/**
 * The dashboard's calls (spec 3 §7 "Dashboard"): the plans with their statistics, and one plan's
 * survey and work. Same audience and scope as the reports (services/reports/scope.ts).
 */
import { z } from 'zod';
import { statisticsAnswer, surveyAndWorkAnswer } from '../../domain/statistics';
import { ACCESS } from '../../domain/roles';
import { id } from '../../domain/validation';
import type { App } from '../app';
import { clientScope } from '../services/reports/scope';
import { statistics, surveyAndWork } from '../services/reports/statistics';

const read = { roles: ACCESS.reports.read };
const tags = ['dashboard'];
const clientQuery = z.object({ clientId: id.optional() });

export default async function statisticsRoutes(app: App) {
  app.get('/core-estadisticas/estadisticas/getEstadisticas', { config: read, schema: { tags, summary: 'Proyectos del cliente con el resultado medio de sus moves aprobadas por período', description: 'Responde 404 si el cliente pedido no existe.', querystring: clientQuery, answer: statisticsAnswer } }, async (req) => {
    const q = req.query as z.output<typeof clientQuery>;
    return statistics(app.db, clientScope(req.session, q.clientId));
  });

  app.get(
    '/core-works/works/getSurveyAndWork/:id',
    { config: read, schema: { tags, summary: 'Un proyecto del cliente: su cuestionario y el avance de sus moves', params: z.object({ id }), querystring: clientQuery, answer: surveyAndWorkAnswer } },
    async (req) => {
      const q = req.query as z.output<typeof clientQuery>;
      return surveyAndWork(app.db, clientScope(req.session, q.clientId), (req.params as { id: number }).id);
    },
  );
}
