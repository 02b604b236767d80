/**
 * The client side's performance report (spec 3 "Performance report", §7): its selectors and its
 * rows. Client-side roles read their own client's (a franchise user only its points of sale, a zone
 * manager only its zone's); the administrator any client's, naming it. See docs/decisions.md, "Lado cliente".
 */
import { z } from 'zod';
import { performanceQuery, performanceReportAnswer, reportOptionsAnswer, reportOptionsQuery, visitDetailAnswer, visitQuery } from '../../domain/reports';
import { id } from '../../domain/validation';
import { ACCESS } from '../../domain/roles';
import type { App } from '../app';
import { performanceReport, reportOptions, visitDetail } from '../services/reports/performance';
import { clientScope } from '../services/reports/scope';

const read = { roles: ACCESS.reports.read };
const tags = ['reports'];

export default async function reportRoutes(app: App) {
  app.get('/reports/options', { config: read, schema: { tags, summary: 'Opciones del reporte de desempeño: proyectos y puntos de venta visibles del cliente', description: 'Responde 404 si el cliente pedido no existe.', querystring: reportOptionsQuery, answer: reportOptionsAnswer } }, async (req) => {
    const q = req.query as z.output<typeof reportOptionsQuery>;
    return reportOptions(app.db, clientScope(req.session, q.clientId), q.projectId);
  });

  app.get('/reports/performance', { config: read, schema: { tags, summary: 'Reporte de desempeño: moves aprobadas de un proyecto entre fechas, paginadas', description: 'Responde 404 si el cliente no existe o el proyecto no es suyo.', querystring: performanceQuery, answer: performanceReportAnswer } }, async (req) => {
    const q = req.query as z.output<typeof performanceQuery>;
    return performanceReport(app.db, clientScope(req.session, q.clientId), q);
  });

  app.get(
    '/reports/performance/:id',
    { config: read, schema: { tags, summary: 'Una visita del reporte de desempeño: sus respuestas visibles para el cliente y, con el permiso, su video', params: z.object({ id }), querystring: visitQuery, answer: visitDetailAnswer } },
    async (req) => {
      const q = req.query as z.output<typeof visitQuery>;
      return visitDetail(app.db, clientScope(req.session, q.clientId), req.session, (req.params as { id: number }).id);
    },
  );
}
