import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  projectReportDates,
  REPORT_DEFAULT_SORT,
  REPORT_SORT_CHOICES,
  reportSortOfChoice,
  CERTIFICATE_COUNTRY,
  certificateFileName,
  certificateLevel,
  certificateLines,
  formatScore,
  hasCertificate,
  performanceQuery,
  REPORT_EXCEL_FILE,
  reportFilterReady,
  reportHint,
  reportFilterSchema,
  resultBand,
  visitDimensions,
} from '../../domain/reports';
import { isWebLink } from '../../domain/validation';
import { replyText } from '../../domain/move-replies';
import type { Dimension, Question } from '../../domain/questionnaires';
import { dimensionResults, everyMonth, formatPercent, longPeriod, periodTitle, statisticBand, visitsCaption } from '../../domain/statistics';

describe('the report\'s colour bands (spec 3 §9)', () => {
  it('is dark green over 90, green over 70, yellow over 40, red otherwise and grey for N/A', () => {
    expect(resultBand(100)).toBe('darkGreen');
    expect(resultBand(90.01)).toBe('darkGreen');
    expect(resultBand(90)).toBe('green');
    expect(resultBand(70.5)).toBe('green');
    expect(resultBand(70)).toBe('yellow');
    expect(resultBand(40.01)).toBe('yellow');
    expect(resultBand(40)).toBe('red');
    expect(resultBand(0)).toBe('red');
    expect(resultBand(-1)).toBe('grey');
    expect(resultBand(null)).toBe('grey');
  });

  it('never leaves a result from 0 to 100 without a band, and the bands grow with the result', () => {
    const order = ['red', 'yellow', 'green', 'darkGreen'];
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(order.indexOf(resultBand(lo))).toBeLessThanOrEqual(order.indexOf(resultBand(hi)));
      }),
    );
  });

  it('writes the result with two decimals and a comma, N/A for -1', () => {
    expect(formatScore(87.5)).toBe('87,50 %');
    expect(formatScore(87.456)).toBe('87,46 %');
    expect(formatScore(0)).toBe('0,00 %');
    expect(formatScore(-1)).toBe('N/A');
  });
});

describe('the dashboard\'s bands (spec 3 §9)', () => {
  it('is red below 65, orange from 65 to below 75, green from 75', () => {
    expect(statisticBand(64.99)).toBe('red');
    expect(statisticBand(65)).toBe('orange');
    expect(statisticBand(74.99)).toBe('orange');
    expect(statisticBand(75)).toBe('green');
    expect(statisticBand(100)).toBe('green');
  });

  it('writes each result with one decimal, never rounded up into the band above its colour', () => {
    expect(formatPercent(82.46)).toBe('82,5 %');
    expect(formatPercent(100)).toBe('100,0 %');
    // Orange, below 75: not '75,0 %' beside 'De 65 a menos de 75'.
    expect(formatPercent(74.99)).toBe('74,9 %');
    expect(formatPercent(74.95)).toBe('74,9 %');
    expect(formatPercent(64.96)).toBe('64,9 %');
    expect(formatPercent(74.94)).toBe('74,9 %');
    expect(formatPercent(75)).toBe('75,0 %');
    // Every result the server sends (two decimals): the number written lies in the band of its colour.
    for (let hundredths = 0; hundredths <= 10_000; hundredths++) {
      const value = hundredths / 100;
      const written = Number(formatPercent(value).replace(' %', '').replace(',', '.'));
      expect(statisticBand(written), `${value} → ${formatPercent(value)}`).toBe(statisticBand(value));
    }
  });
});

describe("the dashboard's periods", () => {
  it('fills the months without visits between the first period and the last, across a year, as gaps', () => {
    const periods = [
      { period: '2025-11', result: 80 },
      { period: '2026-02', result: 90 },
      { period: '2025-12', result: 70 },
    ];
    expect(everyMonth(periods).map(({ period, item }) => [period, item?.result ?? null])).toEqual([
      ['2025-11', 80],
      ['2025-12', 70],
      ['2026-01', null],
      ['2026-02', 90],
    ]);
    expect(everyMonth([])).toEqual([]);
    expect(everyMonth([{ period: '2026-03' }])).toEqual([{ period: '2026-03', item: { period: '2026-03' } }]);
  });

  it("capitalises only the month where a period begins a cell: 'Noviembre de 2026'", () => {
    expect(periodTitle('2026-11')).toBe('Noviembre de 2026');
    expect(longPeriod('2026-11')).toBe('noviembre de 2026');
  });
});

describe('the merit certificate', () => {
  it('exists from 80 up', () => {
    expect(hasCertificate(79.99)).toBe(false);
    expect(hasCertificate(80)).toBe(true);
    expect(hasCertificate(-1)).toBe(false);
    expect(hasCertificate(null)).toBe(false);
  });

  it('is gold at 100, silver from 90 and bronze below', () => {
    expect(certificateLevel(100)).toBe('gold');
    expect(certificateLevel(99.99)).toBe('silver');
    expect(certificateLevel(90)).toBe('silver');
    expect(certificateLevel(89.99)).toBe('bronze');
    expect(certificateLevel(80)).toBe('bronze');
  });

  it('says the level, point of sale, client, project, date, score and the fixed country', () => {
    const { level, lines } = certificateLines({ result: 95.5, locationName: 'Café del Plata Palermo', clientName: 'Café del Plata', projectName: 'Programa', visitDate: '03/11/2026' });
    expect(level).toBe('silver');
    expect(lines).toEqual([
      'Certificado de desempeño',
      'Nivel Plata',
      'Se otorga al punto de venta',
      'Café del Plata Palermo',
      'del cliente Café del Plata',
      'por el resultado obtenido en el proyecto Programa',
      'Puntaje: 95,50 %',
      'Fecha de la visita: 03/11/2026',
      'Argentina',
    ]);
    expect(CERTIFICATE_COUNTRY).toBe('Argentina');
  });

  it('names the files as the spec does', () => {
    expect(certificateFileName('M-0000042')).toBe('desempeño_M-0000042.pdf');
    expect(REPORT_EXCEL_FILE).toBe('reporte_desempeño.xlsx');
  });
});

describe('the report\'s filters', () => {
  const filled = { projectId: 3, locationId: null, fromDate: '01/10/2026', toDate: '31/10/2026' };

  it('enables "Ver resultados" with project and dates, and for a franchise user with its point of sale too', () => {
    expect(reportFilterReady(filled, false)).toBe(true);
    expect(reportFilterReady({ ...filled, projectId: null }, false)).toBe(false);
    expect(reportFilterReady({ ...filled, toDate: ' ' }, false)).toBe(false);
    expect(reportFilterReady(filled, true)).toBe(false);
    expect(reportFilterReady({ ...filled, locationId: 7 }, true)).toBe(true);
  });

  it('says under the filters what is left to choose before "Ver resultados"', () => {
    const see = "presione 'Ver resultados' para ver sus visitas aprobadas y los certificados.";
    expect(reportHint({ ...filled, projectId: null }, false)).toBe(`Elija un proyecto; luego ${see}`);
    expect(reportHint({ ...filled, projectId: null }, true)).toBe(`Elija un proyecto y uno de sus puntos de venta; luego ${see}`);
    expect(reportHint({ ...filled, projectId: null, toDate: '' }, true)).toBe(`Elija un proyecto, uno de sus puntos de venta y las fechas de visita; luego ${see}`);
    expect(reportHint({ ...filled, fromDate: ' ' }, false)).toBe(`Elija las fechas de visita; luego ${see}`);
    expect(reportHint(filled, false)).toBe("Presione 'Ver resultados' para ver sus visitas aprobadas y los certificados.");
  });

  it('gives the spec\'s messages', () => {
    const franchise = reportFilterSchema(true).safeParse({ ...filled, fromDate: '31/02/2026' });
    expect(franchise.success).toBe(false);
    const messages = Object.fromEntries(franchise.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({ locationId: 'Requerido', fromDate: 'Debe ingresar fecha válida.' });
    // Left empty, a date is missing ('Requerido'), not badly written.
    const empty = reportFilterSchema(false).safeParse({ ...filled, fromDate: '  ' });
    expect(empty.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['fromDate', 'Requerido']]);
    const reversed = reportFilterSchema(false).safeParse({ ...filled, fromDate: '01/11/2026' });
    expect(reversed.error!.issues[0]).toMatchObject({ path: ['toDate'], message: 'La fecha de fin no puede ser anterior a la fecha de inicio.' });
  });

  it('lets the API take ISO or DD/MM/YYYY dates and caps the page', () => {
    expect(performanceQuery.parse({ projectId: '3', fromDate: '2026-10-01', toDate: '31/10/2026' })).toMatchObject({ projectId: 3, fromDate: '2026-10-01', toDate: '2026-10-31', offset: 0, limit: 10 });
    expect(performanceQuery.safeParse({ projectId: '3', fromDate: '2026-10-01', toDate: '2026-10-31', limit: '5000' }).success).toBe(false);
  });
});

const close = (id: string, weighting: number, extra: Partial<Question> = {}): Question => ({
  _id: id,
  name: id,
  weighting,
  type: 'close',
  answers: [
    { _id: `${id}-si`, answer: 'Sí', guide: '', weighting: 100, hasCommentary: false, isRequired: false, number: 1 },
    { _id: `${id}-no`, answer: 'No', guide: '', weighting: 0, hasCommentary: false, isRequired: false, number: 2 },
    { _id: `${id}-na`, answer: 'N/A', guide: '', weighting: -1, hasCommentary: false, isRequired: false, number: 3 },
  ],
  visibleToUser: true,
  visibleToGetter: true,
  allowPhotoEvidence: false,
  photoEvidenceRequired: false,
  guide: '',
  answerRequired: true,
  ...extra,
});

describe('dimension results', () => {
  const dimension = (id: string, weighting: number, questions: Question[], type: Dimension['type'] = 'NORMAL'): Dimension => ({
    _id: id,
    name: `Dimensión ${id}`,
    weighting,
    type,
    subDimensions: [{ _id: `${id}-s`, name: 's', weighting: 100, type: type === 'PENALTY' ? 'PENALTY_ACCUMULATIVE' : 'NORMAL', questions }],
  });

  it('scores each dimension as the move\'s result does, -1 when nothing in it was judged, penalties aside', () => {
    const dimensions = [dimension('a', 60, [close('a1', 75), close('a2', 25)]), dimension('b', 40, [close('b1', 100)]), dimension('p', 0, [], 'PENALTY')];
    const replies = { a1: { replyData: 'a1-si' }, a2: { replyData: 'a2-no' }, b1: { replyData: 'b1-na' } };
    expect(dimensionResults({ dimensions }, replies)).toEqual([
      { id: 'a', name: 'Dimensión a', result: 75 },
      { id: 'b', name: 'Dimensión b', result: -1 },
    ]);
  });
});

describe('the visits under a dashboard figure', () => {
  it('says how many, and how many of them had no result (left out of the mean)', () => {
    expect(visitsCaption({ moves: 1 })).toBe('1 visita');
    expect(visitsCaption({ moves: 8, unscored: 0 })).toBe('8 visitas');
    expect(visitsCaption({ moves: 8, unscored: 1 })).toBe('8 visitas, 1 sin resultado');
    expect(visitsCaption({ moves: 1, unscored: 1 })).toBe('1 visita, 1 sin resultado');
    expect(visitsCaption({ moves: 71, unscored: 1 }, ' aprobadas con la versión 3')).toBe('71 visitas aprobadas con la versión 3, 1 sin resultado');
    // The dashboard's 'Resultado general' of a plan with one approved visit: the adjective agrees.
    expect(visitsCaption({ moves: 1, unscored: 0 }, '', true)).toBe('1 visita aprobada');
    expect(visitsCaption({ moves: 71, unscored: 1 }, ' con la versión 3', true)).toBe('71 visitas aprobadas con la versión 3, 1 sin resultado');
  });
});

describe("the phone's 'Ordenar por'", () => {
  it('offers every sortable column both ways, in words, and reads each choice back to its order', () => {
    expect(REPORT_SORT_CHOICES.map((c) => c.label)).toEqual([
      'Código, ascendente',
      'Código, descendente',
      'Punto de venta, ascendente',
      'Punto de venta, descendente',
      'Fecha de visita, ascendente',
      'Fecha de visita, descendente',
      'Resultado, ascendente',
      'Resultado, descendente',
    ]);
    for (const choice of REPORT_SORT_CHOICES) {
      const sort = reportSortOfChoice(choice.value);
      expect(`${sort.field}:${sort.order}`).toBe(choice.value);
    }
  });

  it('falls back to the newest visit first for anything else', () => {
    for (const value of ['', 'result', 'result:asc', 'certificate:ASC', 'code:DESC:x']) expect(reportSortOfChoice(value)).toEqual(REPORT_DEFAULT_SORT);
  });
});

describe("the report's dates for a project", () => {
  it('are the project’s run so far: its start to today, past its end too (a late visit is one the dashboard counts); none before it starts', () => {
    const today = '2026-11-29';
    expect(projectReportDates({ startDate: '2026-03-01', endDate: '2026-08-31' }, today)).toEqual({ from: '2026-03-01', to: today });
    expect(projectReportDates({ startDate: '2026-01-01', endDate: '2026-12-31' }, today)).toEqual({ from: '2026-01-01', to: today });
    expect(projectReportDates({ startDate: '2026-11-29T00:00:00.000Z', endDate: '2027-01-31T00:00:00.000Z' }, today)).toEqual({ from: today, to: today });
    expect(projectReportDates({ startDate: '2027-01-01', endDate: '2027-06-30' }, today)).toBeNull();
  });
});

describe("the exports' dates", () => {
  it('are spreadsheet days: 0 on 30/12/1899, as Excel counts them after February 1900; the time a fraction', async () => {
    const { excelDate } = await import('../../src/ui/xls/excelDate');
    expect(excelDate('30/12/1899')).toBe(0);
    expect(excelDate('01/03/1900')).toBe(61);
    expect(excelDate('01/01/2026')).toBe(46023);
    expect(excelDate('01/01/2026 18:00')).toBe(46023.75);
    expect(excelDate('01/01/2026 00:30')).toBeCloseTo(46023 + 1 / 48, 10);
    expect(excelDate('Sin Datos')).toBe('Sin Datos');
    expect(excelDate('-')).toBe('-');
  });
});

describe("a visit's answers as the client reads them", () => {
  const reply = (replyData: string | number | string[] | null, replyObservation: string | null = null) => ({ replyData, replyObservation, weighting: null, evidences: [], hasToEdit: false });
  const sub = (id: string, questions: Question[]) => ({ _id: id, name: `Sub ${id}`, weighting: 100, type: 'NORMAL' as const, questions });
  const dimensions: Dimension[] = [
    { _id: 'a', name: 'Atención', weighting: 60, type: 'NORMAL', subDimensions: [sub('a1', [close('q1', 50), close('q2', 50, { visibleToUser: false })]), sub('a2', [close('q3', 0, { visibleToUser: false })])] },
    { _id: 'b', name: 'Oculta', weighting: 40, type: 'NORMAL', subDimensions: [sub('b1', [close('q4', 100, { visibleToUser: false })])] },
    { _id: 'p', name: 'Penalidades', weighting: 0, type: 'PENALTY', subDimensions: [sub('p1', [close('q5', 10)])] },
    { _id: 'c', name: 'Cierre', weighting: 0, type: 'NORMAL', subDimensions: [sub('c1', [{ ...close('q6', 0), type: 'text', answers: [] }, close('q7', 0)])] },
  ];

  it('keeps only the questions shown to the client, numbered as in the whole questionnaire, and drops emptied parts', () => {
    const shown = visitDimensions(dimensions, { q1: reply('q1-no', '  Tardó en saludar. '), q2: reply('q2-si'), q5: reply('q5-si', '   '), q6: reply('Todo en orden') }, [
      { id: 'a', result: 40 },
      { id: 'c', result: 100 },
    ]);
    expect(shown).toEqual([
      { name: 'Atención', result: 40, subDimensions: [{ name: 'Sub a1', questions: [{ number: '1.1.1', name: 'q1', reply: 'No', commentary: 'Tardó en saludar.' }] }] },
      { name: 'Penalidades', result: null, subDimensions: [{ name: 'Sub p1', questions: [{ number: '3.1.1', name: 'q5', reply: 'Sí', commentary: null }] }] },
      {
        name: 'Cierre',
        result: 100,
        subDimensions: [
          {
            name: 'Sub c1',
            questions: [
              { number: '4.1.1', name: 'q6', reply: 'Todo en orden', commentary: null },
              { number: '4.1.2', name: 'q7', reply: '', commentary: null },
            ],
          },
        ],
      },
    ]);
  });

  it('reads a dimension without a stored result as N/A', () => {
    expect(visitDimensions(dimensions, {}, null).map((d) => d.result)).toEqual([-1, null, -1]);
  });

  it('writes each kind of reply as a line of text', () => {
    const multiple = { ...close('m', 0), type: 'accumulative' as const };
    expect(replyText(multiple, reply(['m-si', 'm-na']))).toBe('Sí, N/A');
    expect(replyText({ ...close('f', 0), type: 'photographs' }, reply(['store:a', 'store:b']))).toBe('2 foto(s)');
    expect(replyText({ ...close('n', 0), type: 'amount' }, reply(0))).toBe('0');
    expect(replyText({ ...close('t', 0), type: 'text' }, reply(null))).toBe('');
    expect(replyText(close('x', 0), undefined)).toBe('');
  });

  it('writes an amount as every figure of the console, with a decimal comma and the thousands dotted', () => {
    const amount = { ...close('n', 0), type: 'amount' as const };
    expect(replyText(amount, reply(12.5))).toBe('12,5');
    expect(replyText(amount, reply(1250))).toBe('1.250');
    expect(replyText(amount, reply(1250.75))).toBe('1.250,75');
    // A text answer is the text written, digits included.
    expect(replyText({ ...close('t', 0), type: 'text' }, reply('1250.75'))).toBe('1250.75');
  });

  it('opens only http(s) links', () => {
    expect(isWebLink('https://videos.campo.test/v.mp4')).toBe(true);
    expect(isWebLink('http://x.test/a')).toBe(true);
    for (const link of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,hi', '//evil.test/x', 'https://a b', '', null, undefined]) expect(isWebLink(link), String(link)).toBe(false);
  });
});
