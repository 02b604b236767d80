/**
 * The client side's performance report (spec 3 "Performance report", §7): its selectors and its
 * rows. Client-side roles read their own client's (a franchise user only its points of sale, a zone
 * manager only its zone's); the administrator any client's, naming it. See docs/decisions.md, "Lado cliente".
 */
import { z } from 'zod';
import { performanceQuery, reportOptionsQuery } from '../../domain/reports';
import { ACCESS } from '../../domain/roles';
import type { App } from '../app';
import { performanceReport, reportOptions } from '../services/reports/performance';
import { clientScope } from '../services/reports/scope';

const read = { roles: ACCESS.reports.read };
const tags = ['reports'];

export default async function reportRoutes(app: App) {
  app.get('/reports/options', { config: read, schema: { tags, summary: 'Opciones del reporte de desempeño: proyectos y puntos de venta visibles del cliente', querystring: reportOptionsQuery } }, async (req) => {
    const q = req.query as z.output<typeof reportOptionsQuery>;
    return reportOptions(app.db, clientScope(req.session, q.clientId), q.projectId);
  });

  app.get('/reports/performance', { config: read, schema: { tags, summary: 'Reporte de desempeño: moves aprobadas de un proyecto entre fechas, paginadas', querystring: performanceQuery } }, async (req) => {
    const q = req.query as z.output<typeof performanceQuery>;
    return performanceReport(app.db, clientScope(req.session, q.clientId), q);
  });
}
