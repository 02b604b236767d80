/**
 * The sub-routes spec 3 lists under /reports without saying what they show (docs/decisions.md,
 * "Lado cliente"): each opens the performance report with a note saying where that lives, or
 * the dashboard view that answers it.
 */
export type ReportSection = { note: string } | { redirect: string };

export const REPORT_SECTIONS: Record<string, ReportSection> = {
  add: { note: 'Los reportes no se cargan a mano: se arman con las visitas aprobadas. Elija el proyecto y las fechas para ver el suyo.' },
  edit: { note: 'Los resultados vienen de las visitas aprobadas y no se modifican aquí. Si encuentra un error, escríbanos desde Atención al cliente.' },
  history: { note: 'Historial de visitas: elija el proyecto y un rango de fechas amplio para ver todas las visitas aprobadas.' },
  exportData: { note: 'Para exportar, elija los filtros, presione «Ver resultados» y luego «Exportar Excel».' },
  amount: { note: 'La cantidad de visitas del filtro aparece al pie de la tabla de resultados.' },
  shopperPerformance: { note: 'El desempeño de cada visita está en la columna Resultado; con 80 o más puede descargar su certificado.' },
  timeline: { redirect: '/clientPeriods' },
  clientSurveyTable: { redirect: '/clientPeriods' },
  clientSurveyResults: { redirect: '/dashboard' },
  powerBI: { redirect: '/dashboard' },
};
