/**
 * The client side's performance report (spec 3 "Performance report", §5, §9): the result colour
 * bands, the merit certificate and its level, the file names, the page sizes, the filter form and
 * the query the server validates with the same rules.
 */
import { z } from 'zod';
import { day, idName, moment, recordId } from './answers';
import { type MoveReplies, numberedQuestions, replyText } from './move-replies';
import type { Dimension } from './questionnaires';
import { NO_LOCATIONS_TEXT } from './scopeText';
import { dateValue, displayDate, id, limitParam, MSG, offsetParam, orderParam, todayIso } from './validation';

export const REPORT_TEXT = {
  title: 'Reporte de desempeño',
  seeResults: 'Ver resultados',
  project: 'Proyecto',
  location: 'Punto de venta',
  /** Under 'Punto de venta' for a franchise user who has not chosen one: why 'Ver resultados' is off. */
  pickLocation: 'Elija uno de sus puntos de venta para ver los resultados.',
  /** A client with no project to report on: why the project list is empty. */
  noProjects: 'Todavía no hay proyectos para reportar: aparecerán aquí cuando el primero empiece.',
  /** A franchise user or zone manager who is in charge of no point of sale yet: no project will show until one is given. */
  noLocations: NO_LOCATIONS_TEXT,
  /** Under 'Proyecto' for one that has not started: its results cannot exist yet. */
  notStarted: (start: string) => `El proyecto empieza el ${start}: todavía no tiene visitas.`,
  from: 'Desde',
  to: 'Hasta',
  code: 'Código',
  visitDate: 'Fecha de visita',
  result: 'Resultado',
  certificate: 'Certificado',
  excel: 'Exportar Excel',
  /** On a phone the results are cards, not columns: this select orders them. */
  sortBy: 'Ordenar por',
  ascending: 'ascendente',
  descending: 'descendente',
  back: 'Volver al panel',
  empty: 'No hay resultados para la búsqueda',
  endBeforeStart: 'La fecha de fin no puede ser anterior a la fecha de inicio.',
  pickClient: 'Seleccione un cliente.',
  projectNotFound: 'El proyecto no existe o no pertenece al cliente.',
  locationForbidden: 'No tiene permisos para ver este punto de venta.',
  clientForbidden: 'No tiene permisos para ver los datos de otro cliente.',
  /** The address (a link, a bookmark) names a project or point of sale that is not among the user's. */
  unknownProject: 'El proyecto solicitado no existe o no pertenece a su cliente. Elija uno de la lista.',
  unknownLocation: 'El punto de venta solicitado no existe o no es uno de los suyos. Elija uno de la lista.',
  /** The address's dates are days, but the end is before the start: they give way to the defaults. */
  reversedDates: 'Las fechas solicitadas están invertidas (la de fin es anterior a la de inicio). Elija otras.',
  /** A row's code opens its answers. */
  seeAnswers: (code: string) => `Ver respuestas de la visita ${code}`,
  answersTitle: (code: string) => `Respuestas de la visita ${code}`,
  questionnaire: 'Cuestionario',
  commentary: 'Comentario',
  unanswered: 'Sin respuesta',
  /** A penalty dimension has no result of its own: its points come off the general result. */
  penalty: 'Penalidad: descuenta puntos del resultado general.',
  noVisibleAnswers: 'El cuestionario de esta visita no tiene preguntas para mostrar al cliente.',
  /** The edited video, for a user with the 'Descargar video mystery' permission. */
  video: 'Ver video de la visita',
  downloadVideo: 'Descargar video',
  visitNotFound: 'La visita no existe o no pertenece al cliente.',
  /** `afterKey` that is not a value of the column sorted by (a date for the visit date, a number for the result). */
  badCursor: 'El valor desde el que se pide la página no corresponde al orden elegido.',
  close: 'Cerrar',
} as const;

/** Users and performance tables page 5/10/25/50/100; the report starts at 10 (spec 3 §9). */
export const REPORT_PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const REPORT_DEFAULT_PAGE_SIZE = 10;
/** Rows per call when the Excel gathers every page of the filter. */
export const REPORT_EXPORT_PAGE = 1000;

/** A move's result of -1 (or none) is "not applicable". */
export const NOT_APPLICABLE_RESULT = -1;

export type ResultBand = 'darkGreen' | 'green' | 'yellow' | 'red' | 'grey';

/** Spec 3 §9: over 90 dark green, over 70 green, over 40 yellow, else red; -1 (N/A) grey. */
export function resultBand(result: number | null | undefined): ResultBand {
  if (result === null || result === undefined || result < 0) return 'grey';
  if (result > 90) return 'darkGreen';
  if (result > 70) return 'green';
  if (result > 40) return 'yellow';
  return 'red';
}

export const RESULT_BAND_STYLE: Record<ResultBand, { background: string; color: string; label: string }> = {
  darkGreen: { background: '#1b5e20', color: '#ffffff', label: 'Más de 90' },
  green: { background: '#66bb6a', color: '#0b2e0d', label: 'Más de 70' },
  yellow: { background: '#fdd835', color: '#3e3400', label: 'Más de 40' },
  red: { background: '#d32f2f', color: '#ffffff', label: '40 o menos' },
  grey: { background: '#9e9e9e', color: '#1f1f1f', label: 'No aplica' },
};

/** A result as every screen and file writes it (spec 2: two decimals and a percent sign): '87,50 %'; 'N/A' for -1. */
export function formatScore(result: number | null | undefined): string {
  if (result === null || result === undefined || result < 0) return 'N/A';
  return `${result.toFixed(2).replace('.', ',')} %`;
}

/** The merit certificate exists from 80 up (spec 3 §9). */
export const CERTIFICATE_MIN_RESULT = 80;
export const hasCertificate = (result: number | null | undefined): result is number => typeof result === 'number' && result >= CERTIFICATE_MIN_RESULT;

export type CertificateLevel = 'gold' | 'silver' | 'bronze';
export const CERTIFICATE_LEVEL_LABEL: Record<CertificateLevel, string> = { gold: 'Oro', silver: 'Plata', bronze: 'Bronce' };
export const CERTIFICATE_LEVEL_COLOR: Record<CertificateLevel, [number, number, number]> = {
  gold: [212, 175, 55],
  silver: [168, 169, 173],
  bronze: [176, 115, 60],
};

/** Spec 3 §4: 100 gold; 90 or more silver; otherwise bronze. */
export function certificateLevel(result: number): CertificateLevel {
  if (result >= 100) return 'gold';
  if (result >= 90) return 'silver';
  return 'bronze';
}

/** The country the certificate prints is fixed (spec 3 §9). */
export const CERTIFICATE_COUNTRY = 'Argentina';
export const certificateFileName = (code: string) => `desempeño_${code}.pdf`;
export const REPORT_EXCEL_FILE = 'reporte_desempeño.xlsx';

/** What the certificate says, line by line: the PDF writes these and nothing else. */
export function certificateLines(row: { result: number; locationName: string; clientName: string; projectName: string; visitDate: string }): {
  level: CertificateLevel;
  lines: string[];
} {
  const level = certificateLevel(row.result);
  return {
    level,
    lines: [
      'Certificado de desempeño',
      `Nivel ${CERTIFICATE_LEVEL_LABEL[level]}`,
      'Se otorga al punto de venta',
      row.locationName,
      `del cliente ${row.clientName}`,
      `por el resultado obtenido en el proyecto ${row.projectName}`,
      `Puntaje: ${formatScore(row.result)}`,
      `Fecha de la visita: ${row.visitDate}`,
      CERTIFICATE_COUNTRY,
    ],
  };
}

/**
 * The visit dates a project's report starts with once chosen: from the project's start to today; null for
 * a project that has not started (nothing to show yet, the dates stay as they were). Not to its end: a
 * visit done after the project's end (a late one) is among the approved visits the dashboard counts, and
 * the report it links to showed one fewer (16 on the dashboard, 15 in the report of its dates).
 */
export function projectReportDates(project: { startDate: string; endDate: string }, today: string = todayIso()): { from: string; to: string } | null {
  const start = project.startDate.slice(0, 10);
  if (start > today) return null;
  return { from: start, to: today };
}

/** The screen's filters: project, from and to; the point of sale too for a franchise user (spec 3 §5). */
export function reportFilterSchema(locationRequired: boolean) {
  return z
    .object({
      projectId: z.union([z.number(), z.string()]).nullable().refine((v) => v !== null && v !== '', MSG.required),
      locationId: z
        .union([z.number(), z.string()])
        .nullable()
        .refine((v) => !locationRequired || (v !== null && v !== ''), MSG.required),
      fromDate: displayDate,
      toDate: displayDate,
    })
    .superRefine((v, ctx) => {
      if (v.fromDate && v.toDate && v.toDate < v.fromDate) ctx.addIssue({ code: 'custom', path: ['toDate'], message: REPORT_TEXT.endBeforeStart });
    });
}
export type ReportFilterInput = z.input<ReturnType<typeof reportFilterSchema>>;
/** The same filters checked: the dates in ISO. */
export type ReportFilterOutput = z.output<ReturnType<typeof reportFilterSchema>>;

/** Whether 'Ver resultados' may be pressed: the required fields hold a value. */
export const reportFilterReady = (v: { projectId: unknown; locationId: unknown; fromDate: string; toDate: string }, locationRequired: boolean) =>
  Boolean(v.projectId) && Boolean(v.fromDate.trim()) && Boolean(v.toDate.trim()) && (!locationRequired || Boolean(v.locationId));

/**
 * Under the filters before 'Ver resultados' (or after a filter changed): what is left to choose, so the
 * empty space below the form says how to fill it.
 */
export function reportHint(v: { projectId: unknown; locationId: unknown; fromDate: string; toDate: string }, locationRequired: boolean): string {
  const missing = [
    !v.projectId && 'un proyecto',
    locationRequired && !v.locationId && 'uno de sus puntos de venta',
    (!v.fromDate.trim() || !v.toDate.trim()) && 'las fechas de visita',
  ].filter((m): m is string => Boolean(m));
  const see = "presione 'Ver resultados' para ver sus visitas aprobadas y los certificados.";
  if (!missing.length) return `P${see.slice(1)}`;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} y ${missing[missing.length - 1]}`;
  return `Elija ${list}; luego ${see}`;
}

/**
 * The headers the results sort by (spec 3 §2, generic table: default ascending, toggles): code, point of
 * sale, visit date and result (the certificate follows the result; project, campaign and client are the
 * filter's one project). A tie goes by the move's id, in the same direction. Unasked: newest visit first.
 */
export const REPORT_SORTS = ['code', 'location', 'visitDate', 'result'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export interface ReportSortOrder {
  field: ReportSort;
  order: 'ASC' | 'DESC';
}
export const REPORT_DEFAULT_SORT: ReportSortOrder = { field: 'visitDate', order: 'DESC' };

/**
 * A row's value in the column the report is sorted by, as `afterKey` sends it for the next page: the
 * code, the point of sale's name, the visit's instant, the result (-1 for N/A).
 */
export function reportSortKey(row: PerformanceItem, sort: ReportSort): string {
  if (sort === 'code') return row.code;
  if (sort === 'location') return row.projectLocation.locations.fullName;
  if (sort === 'visitDate') return row.visitDate ?? '';
  return String(row.questionnaireResult);
}

/** The label of each sortable column, as its header reads. */
export const REPORT_SORT_LABEL: Record<ReportSort, string> = {
  code: REPORT_TEXT.code,
  location: REPORT_TEXT.location,
  visitDate: REPORT_TEXT.visitDate,
  result: REPORT_TEXT.result,
};

/** The phone's 'Ordenar por' choices: each column both ways ('Fecha de visita, descendente'), keyed 'field:ORDER'. */
export const REPORT_SORT_CHOICES: { value: string; label: string }[] = REPORT_SORTS.flatMap((field) =>
  (['ASC', 'DESC'] as const).map((order) => ({
    value: `${field}:${order}`,
    label: `${REPORT_SORT_LABEL[field]}, ${order === 'ASC' ? REPORT_TEXT.ascending : REPORT_TEXT.descending}`,
  })),
);

/** The choice 'field:ORDER' back to its order; anything else is the default. */
export function reportSortOfChoice(value: string): ReportSortOrder {
  const parts = value.split(':');
  const [field, order] = parts;
  return parts.length === 2 && (REPORT_SORTS as readonly string[]).includes(field) && (order === 'ASC' || order === 'DESC')
    ? { field: field as ReportSort, order }
    : REPORT_DEFAULT_SORT;
}

/** GET /reports/performance (spec 3 §7: clientId, projectId, clientLocationId, fromDate, toDate, offset, limit; and sort, order). */
export const performanceQuery = z
  .object({
    clientId: id.optional(),
    projectId: id,
    /** The point of sale: our location id. */
    clientLocationId: id.optional(),
    fromDate: dateValue,
    toDate: dateValue,
    offset: offsetParam,
    limit: limitParam(REPORT_DEFAULT_PAGE_SIZE, REPORT_EXPORT_PAGE),
    /**
     * Keyset paging: the page after this move (the last row of the page before) in the asked order, whose
     * sort value was `afterKey` (`reportSortKey`). Rows approved or disapproved meanwhile do not shift it.
     */
    after: id.optional(),
    afterKey: z.string().max(300).optional(),
    /** One of REPORT_SORTS; the server answers another with a 400. */
    sort: z.string().max(40).optional(),
    order: orderParam.default(REPORT_DEFAULT_SORT.order),
  })
  .superRefine((q, ctx) => {
    if (q.toDate < q.fromDate) ctx.addIssue({ code: 'custom', path: ['toDate'], message: REPORT_TEXT.endBeforeStart });
    if ((q.after === undefined) !== (q.afterKey === undefined)) ctx.addIssue({ code: 'custom', path: [q.after === undefined ? 'after' : 'afterKey'], message: MSG.required });
  });
export type PerformanceQuery = z.output<typeof performanceQuery>;

/** GET /reports/options: the selectors' choices. */
export const reportOptionsQuery = z.object({ clientId: id.optional(), projectId: id.optional() });

/** GET /reports/performance/:id: the administrator names the client. */
export const visitQuery = z.object({ clientId: id.optional() });

/** A row of GET /reports/performance (spec 3 §3 "Performance report item"). */
export interface PerformanceItem {
  id: number;
  code: string;
  /** -1 = N/A. */
  questionnaireResult: number;
  startAuditDate: string | null;
  completedAuditDate: string | null;
  /** The visit's date: when the Getter completed it. */
  visitDate: string | null;
  projectLocation: {
    id: number;
    projects: { id: number; name: string; client: { id: number; name: string }; campaigns: { id: number; name: string; client: { id: number; name: string } } | null };
    locations: { id: number; code: string; clientLocationId: string | null; fullName: string };
  };
}

export interface PerformanceAnswer {
  result: PerformanceItem[];
  total: number;
}

export interface ReportOptions {
  client: { id: number; name: string };
  /** The user picks a point of sale before seeing results (franchise users). */
  locationRequired: boolean;
  /** The user is in charge of a point of sale of its client (always for a client user and the administrator). */
  hasLocations: boolean;
  projects: { id: number; name: string; startDate: string; endDate: string }[];
  locations: { id: number; code: string; clientLocationId: string | null; fullName: string }[];
}

/** A question of a visit as the client reads it: its number in the questionnaire, the reply as text, the comment. */
const visitQuestion = z.object({
  /** '1.2.3': dimension, sub-dimension and question, as the questionnaire numbers them. */
  number: z.string(),
  name: z.string(),
  reply: z.string(),
  commentary: z.string().nullable(),
});
export type VisitQuestion = z.infer<typeof visitQuestion>;

const visitDimension = z.object({
  name: z.string(),
  /** The dimension's result (-1 = N/A); null for a penalty dimension, whose points come off the general result. */
  result: z.number().nullable(),
  subDimensions: z.array(z.object({ name: z.string(), questions: z.array(visitQuestion) })),
});
export type VisitDimension = z.infer<typeof visitDimension>;

/** GET /reports/performance/:id: an approved visit's answers, as far as the questionnaire shows them to the client. */
export const visitDetailAnswer = z.object({
  id: recordId,
  code: z.string(),
  /** -1 = N/A. */
  questionnaireResult: z.number(),
  visitDate: moment.nullable(),
  projectName: z.string(),
  location: z.object({ fullName: z.string(), clientLocationId: z.string().nullable() }),
  /** The questionnaire's name and version the visit answered. */
  questionnaire: z.object({ name: z.string(), version: z.number().int() }).nullable(),
  dimensions: z.array(visitDimension),
  /** The edited video, only for a user with the 'Descargar video mystery' permission (and staff). */
  userMoveVideoLink: z.string().nullable(),
});
export type VisitDetail = z.infer<typeof visitDetailAnswer>;

/**
 * The visit's answers the client may read: only the questions the questionnaire marks visible to the
 * client (`visibleToUser`), under their dimension and sub-dimension; a part left with none goes. The
 * numbers are those of the whole questionnaire, so a hidden question leaves its gap. A dimension's result
 * is the one stored at approval (`dimensionResults`, by dimension id).
 */
export function visitDimensions(dimensions: readonly Dimension[], replies: Readonly<MoveReplies>, results: readonly { id: string; result: number }[] | null): VisitDimension[] {
  const numberOf = new Map(numberedQuestions(dimensions).map((n) => [n.question, n.numbers.join('.')]));
  const resultOf = new Map((results ?? []).map((r) => [r.id, r.result]));
  return dimensions
    .map((d) => ({
      name: d.name,
      result: d.type === 'PENALTY' ? null : (resultOf.get(d._id) ?? NOT_APPLICABLE_RESULT),
      subDimensions: d.subDimensions
        .map((s) => ({
          name: s.name,
          questions: s.questions
            .filter((q) => q.visibleToUser)
            .map((q) => {
              const reply = replies[q._id];
              return { number: numberOf.get(q)!, name: q.name, reply: replyText(q, reply), commentary: reply?.replyObservation?.trim() || null };
            }),
        }))
        .filter((s) => s.questions.length > 0),
    }))
    .filter((d) => d.subDimensions.length > 0);
}

const reportLocation = z.object({ id: recordId, code: z.string(), clientLocationId: z.string().nullable(), fullName: z.string() });

/** `GET /reports/options` (`ReportOptions`). */
export const reportOptionsAnswer = z.object({
  client: idName,
  locationRequired: z.boolean(),
  hasLocations: z.boolean(),
  projects: z.array(idName.extend({ startDate: day, endDate: day })),
  locations: z.array(reportLocation),
});

/** `GET /reports/performance` (`PerformanceAnswer`): a page of visits and the total. */
export const performanceReportAnswer = z.object({
  result: z.array(
    z.object({
      id: recordId,
      code: z.string(),
      questionnaireResult: z.number(),
      startAuditDate: moment.nullable(),
      completedAuditDate: moment.nullable(),
      visitDate: moment.nullable(),
      projectLocation: z.object({
        id: recordId,
        projects: idName.extend({ client: idName, campaigns: idName.extend({ client: idName }).nullable() }),
        locations: reportLocation,
      }),
    }),
  ),
  total: z.number().int().min(0),
});
