/** Project rules: the price, the dates against today and the campaign, the visit ranges, the past-project lock, the calendar. */
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  parsePrice,
  MAX_PROJECT_LOCATIONS,
  PROJECT_TEXT,
  projectAddFormSchema,
  projectEditFormSchema,
  projectCreateBody,
  projectIssues,
  projectLocationsBody,
  type ProjectSnapshot,
  projectState,
  projectUpdateBody,
} from '../../domain/projects';
import { checkRangeDraft, distinctRanges, RANGE_TEXT, visitCalendar } from '../../domain/projectVisits';
import { fieldErrors, isoInDays, MSG } from '../../domain/validation';
import { WEB_USER_TEXT } from '../../domain/webUsers';
import { projectIdOf } from '../../src/resources/projects/values';

const TODAY = '2026-05-10';
const campaign = { startDate: '2026-05-01', endDate: '2026-08-31' };

const snapshot: ProjectSnapshot = {
  name: 'Invierno',
  clientId: 1,
  campaignId: 2,
  moveConfigurationId: 3,
  questionnaireId: 4,
  guidelineId: 5,
  startDate: '2026-05-01',
  endDate: '2026-05-08',
  price: '4500.00',
  mandatoryProduct: 'Café',
  alternativeProduct: null,
  audioAttachment: true,
  campoRemote: false,
  autoApprovalRequired: false,
  rangeDate: [{ from: '2026-05-01', to: '2026-05-08', visits: 2 }],
};

describe('the price', () => {
  it('takes a comma or a dot and keeps exact decimals', () => {
    expect(parsePrice('1500')).toEqual({ price: '1500.00' });
    expect(parsePrice('1500,5')).toEqual({ price: '1500.50' });
    expect(parsePrice(' 0012.34 ')).toEqual({ price: '12.34' });
    expect(parsePrice(99.9)).toEqual({ price: '99.90' });
    expect(parsePrice('9999999999,99')).toEqual({ price: '9999999999.99' });
  });

  it('gives the spec messages', () => {
    expect(parsePrice('')).toEqual({ error: MSG.required });
    expect(parsePrice(null)).toEqual({ error: MSG.required });
    expect(parsePrice('doce')).toEqual({ error: MSG.number });
    expect(parsePrice('0')).toEqual({ error: 'Debe ser mayor a 0' });
    expect(parsePrice('0,00')).toEqual({ error: MSG.positive });
    expect(parsePrice('-3')).toEqual({ error: MSG.positive });
    expect(parsePrice('1,234')).toEqual({ error: MSG.amount });
    expect(parsePrice('12345678901')).toEqual({ error: MSG.amount });
  });

  it('applies only when the move configuration is priced (in ADD)', () => {
    const value = { startDate: '2026-05-10', endDate: '2026-05-20', price: '' };
    expect(projectIssues(value, { mode: 'ADD', campaign, priced: true, today: TODAY })).toEqual([{ path: 'price', message: MSG.required }]);
    expect(projectIssues(value, { mode: 'ADD', campaign, priced: false, today: TODAY })).toEqual([]);
  });
});

describe('the dates', () => {
  const issues = (startDate: string, endDate: string, original?: ProjectSnapshot) =>
    projectIssues({ ...(original ?? {}), startDate, endDate, rangeDate: [], price: '1' }, { mode: original ? 'EDIT' : 'ADD', campaign, priced: true, original, today: TODAY });

  it('refuses a start before today or before the campaign, an end after the campaign', () => {
    expect(issues('2026-05-09', '2026-05-20')).toEqual([{ path: 'startDate', message: PROJECT_TEXT.startBeforeToday }]);
    expect(issues('2026-05-10', '2026-09-01')).toEqual([{ path: 'endDate', message: 'La fecha de finalización no puede ser posterior al fin de la campaña (31/08/2026).' }]);
    const early = projectIssues({ startDate: '2026-05-10', endDate: '2026-05-20' }, { mode: 'ADD', campaign: { startDate: '2026-05-15', endDate: '2026-06-30' }, priced: false, today: TODAY });
    expect(early).toEqual([{ path: 'startDate', message: 'La fecha de inicio no puede ser anterior al inicio de la campaña (15/05/2026).' }]);
  });

  it('says a date out of its bounds before the other date is written', () => {
    const alone = (value: { startDate?: string; endDate?: string }) => projectIssues(value, { mode: 'ADD', campaign, priced: false, today: TODAY });
    expect(alone({ startDate: '2026-05-09' })).toEqual([{ path: 'startDate', message: PROJECT_TEXT.startBeforeToday }]);
    expect(alone({ startDate: '2026-05-09', endDate: '' })).toEqual([{ path: 'startDate', message: PROJECT_TEXT.startBeforeToday }]);
    expect(alone({ endDate: '2026-09-01' })).toEqual([{ path: 'endDate', message: 'La fecha de finalización no puede ser posterior al fin de la campaña (31/08/2026).' }]);
    expect(alone({ startDate: '2026-05-10' })).toEqual([]);
  });

  it("gives the spec's message, as worded, for an end before the start", () => {
    expect(issues('2026-05-20', '2026-05-12')).toEqual([{ path: 'dates', message: 'La fecha de finalización del proyecto no puede ser posterior a la fecha de inicio' }]);
  });

  it('lets a running project keep its past start in EDIT', () => {
    const running = { ...snapshot, endDate: '2026-06-30', rangeDate: [] };
    expect(issues('2026-05-01', '2026-06-30', running)).toEqual([]);
    expect(issues('2026-05-02', '2026-06-30', running)).toEqual([{ path: 'startDate', message: PROJECT_TEXT.startBeforeToday }]);
  });

  it('reads typed dates (DD/MM/YYYY) as well as ISO ones', () => {
    expect(issues('10/05/2026', '20/05/2026')).toEqual([]);
  });
});

describe('visit ranges', () => {
  const project = { startDate: '10/05/2026', endDate: '2026-06-30' };

  it('asks for every field before adding a range', () => {
    expect(checkRangeDraft({ from: '', to: '20/05/2026', visits: '2' }, project, [], TODAY)).toEqual({ error: 'Rellene todos los campos antes de añadir rango de visitas' });
    expect(checkRangeDraft({ from: '10/05/2026', to: '20/05/2026', visits: ' ' }, project, [], TODAY)).toEqual({ error: RANGE_TEXT.incomplete });
  });

  it('checks the dates, the count, the project bounds and repeats', () => {
    expect(checkRangeDraft({ from: '10/05/2026', to: '20/05/2026', visits: '2' }, project, [], TODAY)).toEqual({ range: { from: '2026-05-10', to: '2026-05-20', visits: 2 } });
    expect(checkRangeDraft({ from: '31/02/2026', to: '20/05/2026', visits: '2' }, project, [], TODAY)).toEqual({ error: MSG.dateValid });
    expect(checkRangeDraft({ from: '10/05/2026', to: '20/05/2026', visits: 'dos' }, project, [], TODAY)).toEqual({ error: MSG.number });
    // Digits only: '1e2' and '0x10' were read as 100 and 16 visits.
    for (const visits of ['1e2', '0x10', '1.0', '2,5', 'Infinity']) expect(checkRangeDraft({ from: '10/05/2026', to: '20/05/2026', visits }, project, [], TODAY)).toEqual({ error: MSG.number });
    expect(checkRangeDraft({ from: '10/05/2026', to: '20/05/2026', visits: ' 12 ' }, project, [], TODAY)).toEqual({ range: { from: '2026-05-10', to: '2026-05-20', visits: 12 } });
    expect(checkRangeDraft({ from: '10/05/2026', to: '20/05/2026', visits: '-1' }, project, [], TODAY)).toEqual({ error: MSG.positive });
    expect(checkRangeDraft({ from: '10/05/2026', to: '20/05/2026', visits: '0' }, project, [], TODAY)).toEqual({ error: MSG.positive });
    expect(checkRangeDraft({ from: '20/05/2026', to: '10/05/2026', visits: '1' }, project, [], TODAY)).toEqual({ error: RANGE_TEXT.order });
    expect(checkRangeDraft({ from: '01/05/2026', to: '20/05/2026', visits: '1' }, project, [], TODAY)).toEqual({ error: RANGE_TEXT.outside });
    expect(checkRangeDraft({ from: '10/05/2026', to: '20/05/2026', visits: '2' }, project, [{ from: '2026-05-10', to: '2026-05-20', visits: 2 }], TODAY)).toEqual({ error: RANGE_TEXT.repeated });
    expect(checkRangeDraft({ from: '10/05/2026', to: '20/05/2026', visits: '2' }, { startDate: '', endDate: '' }, [], TODAY)).toEqual({ error: RANGE_TEXT.noProjectDates });
  });

  it('refuses a range added now that ends before today, and lets a running project keep its past ones', () => {
    const running = { startDate: '2026-05-01', endDate: '2026-06-30' };
    expect(checkRangeDraft({ from: '01/05/2026', to: '09/05/2026', visits: '1' }, running, [], TODAY)).toEqual({ error: RANGE_TEXT.past });
    expect(checkRangeDraft({ from: '01/05/2026', to: '10/05/2026', visits: '1' }, running, [], TODAY)).toEqual({ range: { from: '2026-05-01', to: '2026-05-10', visits: 1 } });
    expect(RANGE_TEXT.past).toBe('El rango de visitas no puede terminar antes de hoy.');

    const kept = { from: '2026-05-01', to: '2026-05-05', visits: 2 };
    const original = { ...snapshot, ...running, rangeDate: [kept] };
    const edit = { mode: 'EDIT' as const, campaign, priced: true, original, locationsCount: 2, today: TODAY };
    expect(projectIssues({ ...original }, edit)).toEqual([]);
    expect(projectIssues({ ...original, rangeDate: [kept, { from: '2026-05-02', to: '2026-05-09', visits: 1 }] }, edit)).toEqual([{ path: 'rangeDate', message: RANGE_TEXT.past }]);
    // The same dates with another count is another range: a new one.
    expect(projectIssues({ ...original, rangeDate: [{ ...kept, visits: 3 }] }, edit)).toEqual([{ path: 'rangeDate', message: RANGE_TEXT.past }]);
    expect(projectIssues({ ...original, rangeDate: [kept, { from: '2026-05-02', to: '2026-05-10', visits: 1 }] }, edit)).toEqual([]);
  });

  it('keeps the ranges inside the project dates and the visits under the maximum', () => {
    const value = { startDate: '2026-05-10', endDate: '2026-05-31', price: '1', locations: [1, 2], rangeDate: [{ from: '2026-05-10', to: '2026-06-02', visits: 1 }] };
    expect(projectIssues(value, { mode: 'ADD', campaign, priced: true, today: TODAY })).toEqual([{ path: 'rangeDate', message: RANGE_TEXT.outside }]);
    const huge = { ...value, rangeDate: [{ from: '2026-05-10', to: '2026-05-31', visits: 1000 }], locations: Array.from({ length: 201 }, (_, i) => i + 1) };
    expect(projectIssues(huge, { mode: 'ADD', campaign, priced: true, today: TODAY })).toEqual([{ path: 'rangeDate', message: PROJECT_TEXT.tooManyVisits }]);
  });

  it('collapses the ranges repeated by every location', () => {
    const r = { from: '2026-05-10', to: '2026-05-20', visits: 2 };
    expect(distinctRanges([r, { ...r }, { from: '2026-05-01', to: '2026-05-02', visits: 1 }])).toEqual([{ from: '2026-05-01', to: '2026-05-02', visits: 1 }, r]);
  });
});

describe('the calendar of visits', () => {
  it('spreads a range over its months by days, adding up exactly, times the locations', () => {
    // 10 days in May (22–31) and 20 in June (1–20): 3 visits (the 27/05, 06/06 and 16/06) go 1 and 2.
    expect(visitCalendar([{ from: '2026-05-22', to: '2026-06-20', visits: 3 }], 4)).toEqual([
      { month: 5, year: 2026, numberOfVisits: 4 },
      { month: 6, year: 2026, numberOfVisits: 8 },
    ]);
  });

  it('adds ranges of the same month and crosses years', () => {
    const calendar = visitCalendar(
      [
        { from: '2026-12-01', to: '2026-12-15', visits: 2 },
        { from: '2026-12-16', to: '2027-01-15', visits: 2 },
      ],
      1,
    );
    expect(calendar).toEqual([
      { month: 12, year: 2026, numberOfVisits: 3 },
      { month: 1, year: 2027, numberOfVisits: 1 },
    ]);
    const total = visitCalendar([{ from: '2026-01-01', to: '2026-12-31', visits: 7 }], 3).reduce((s, e) => s + e.numberOfVisits, 0);
    expect(total).toBe(21);
  });

  it('places few visits evenly over a long range, not in its first months', () => {
    // 396 days, 2 visits: the middles of its halves, 10/04/2026 and 25/10/2026.
    expect(visitCalendar([{ from: '2026-01-01', to: '2027-01-31', visits: 2 }], 1)).toEqual([
      { month: 4, year: 2026, numberOfVisits: 1 },
      { month: 10, year: 2026, numberOfVisits: 1 },
    ]);
    // 12 visits over a leap year's February and March (29 + 31 days): 6 and 6, as their days say.
    expect(visitCalendar([{ from: '2028-02-01', to: '2028-03-31', visits: 12 }], 1)).toEqual([
      { month: 2, year: 2028, numberOfVisits: 6 },
      { month: 3, year: 2028, numberOfVisits: 6 },
    ]);
    // As many visits as days: one each day, every month its days.
    const daily = visitCalendar([{ from: '2026-01-01', to: '2026-12-31', visits: 365 }], 2);
    expect(daily.map((e) => e.numberOfVisits)).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31].map((d) => d * 2));
  });

  it('leaves out invalid ranges', () => {
    expect(visitCalendar([{ from: '2026-05-20', to: '2026-05-10', visits: 2 }], 1)).toEqual([]);
  });
});

describe('a past project', () => {
  const past = { ...snapshot };
  const ctx = { mode: 'EDIT' as const, campaign, priced: true, original: past, today: TODAY };

  it('is locked except its end date', () => {
    expect(projectIssues({ ...past, name: 'Otro', price: '4500' }, ctx)).toEqual([{ path: 'name', message: PROJECT_TEXT.pastLocked }]);
    expect(changedFields(past, { ...past, price: '4500,00', alternativeProduct: '', startDate: '01/05/2026' })).toEqual([]);
  });

  it('extends later, with a reason, within the campaign', () => {
    expect(projectIssues({ ...past, endDate: '2026-06-30', updateReason: 'Lluvias' }, ctx)).toEqual([]);
    expect(projectIssues({ ...past, endDate: '2026-06-30', updateReason: ' ' }, ctx)).toEqual([{ path: 'updateReason', message: 'Debe completar el motivo de la edición para continuar.' }]);
    expect(projectIssues({ ...past, endDate: '2026-05-09', updateReason: 'x' }, ctx)).toEqual([{ path: 'endDate', message: PROJECT_TEXT.endBeforeToday }]);
    expect(projectIssues({ ...past, endDate: '2026-09-30', updateReason: 'x' }, ctx)[0].path).toBe('endDate');
  });

  it('extends without a price when it has none (a configuration without price), and keeps the one it has', () => {
    const unpriced = { ...past, price: null };
    const noPrice = { ...ctx, original: unpriced };
    const extension = { endDate: '2026-06-30', updateReason: 'Lluvias' };
    expect(projectIssues({ ...unpriced, ...extension, price: '' }, noPrice)).toEqual([]);
    expect(projectIssues({ ...unpriced, ...extension, price: null }, noPrice)).toEqual([]);
    expect(projectIssues({ ...unpriced, ...extension, price: '100' }, noPrice)).toEqual([{ path: 'price', message: PROJECT_TEXT.pastLocked }]);
    expect(projectIssues({ ...past, ...extension, price: '' }, ctx)).toEqual([{ path: 'price', message: PROJECT_TEXT.pastLocked }]);
  });

  it('never changes its client or Campo remoto', () => {
    const running = { ...snapshot, endDate: '2026-06-30' };
    const edit = { mode: 'EDIT' as const, campaign, priced: true, original: running, today: TODAY };
    expect(projectIssues({ ...running, campoRemote: true }, edit)).toEqual([{ path: 'campoRemote', message: PROJECT_TEXT.remoteFixed }]);
    expect(projectIssues({ ...running, clientId: 9 }, edit)).toEqual([{ path: 'clientId', message: PROJECT_TEXT.clientFixed }]);
  });

  it('keeps its move configuration and questionnaire once it has moves; without, they change', () => {
    const running = { ...snapshot, endDate: '2026-06-30' };
    const edit = { mode: 'EDIT' as const, campaign, priced: true, original: running, today: TODAY };
    const other = { ...running, moveConfigurationId: running.moveConfigurationId + 1, questionnaireId: String(running.questionnaireId + 1) };
    expect(projectIssues(other, edit)).toEqual([]);
    expect(projectIssues(other, { ...edit, withMoves: true })).toEqual([
      { path: 'moveConfigurationId', message: PROJECT_TEXT.fixedWithMoves },
      { path: 'questionnaireId', message: PROJECT_TEXT.fixedWithMoves },
    ]);
    // The same ones (the form's texts of the same ids included) and its other fields: nothing to say.
    expect(projectIssues({ ...running, questionnaireId: String(running.questionnaireId), name: 'Otro nombre' }, { ...edit, withMoves: true })).toEqual([]);
  });

  it('is FINALIZADO by its end date; others are EN_CURSO or PROXIMO', () => {
    expect(projectState(past, TODAY)).toBe('FINALIZADO');
    expect(projectState({ startDate: '2026-05-10', endDate: '2026-05-10' }, TODAY)).toBe('EN_CURSO');
    expect(projectState({ startDate: '2026-05-11', endDate: '2026-06-10' }, TODAY)).toBe('PROXIMO');
  });
});

describe('the form schemas', () => {
  it("ADD: 'Seleccione un cliente' and the form-level messages when empty", () => {
    const result = projectAddFormSchema.safeParse({ name: '', clientId: null, locations: [], rangeDate: [], campaign: null, priced: false });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(errors).toMatchObject({ name: MSG.required, clientId: 'Seleccione un cliente', locations: PROJECT_TEXT.noLocations, rangeDate: PROJECT_TEXT.noRanges });
  });

  it('EDIT: an ended project without a price can be extended from the form', () => {
    const days = isoInDays;
    const typed = (iso: string) => iso.split('-').reverse().join('/');
    const ended = { ...snapshot, startDate: days(-20), endDate: days(-2), price: null, rangeDate: [{ from: days(-20), to: days(-2), visits: 3 }] };
    const values = { ...ended, startDate: typed(ended.startDate), endDate: typed(days(10)), price: '', alternativeProduct: '', campaign: { startDate: days(-30), endDate: days(60) }, priced: true };
    const result = projectEditFormSchema(ended, 4).safeParse(values);
    expect(result.error && fieldErrors(result.error)).toBeUndefined();
  });

  it('refuses the same visit range twice, as the console does when adding one', () => {
    const range = { from: '2026-05-10', to: '2026-05-20', visits: 2 };
    const body = { id: 1, name: 'Invierno', clientId: 1, campaignId: 2, moveConfigurationId: 3, questionnaireId: 4, guidelineId: 5, startDate: '2026-05-10', endDate: '2026-05-31', mandatoryProduct: 'Café' };
    const errorsOf = (schema: typeof projectUpdateBody | typeof projectCreateBody, rangeDate: unknown[]) => {
      const result = schema.safeParse({ ...body, locations: [1], rangeDate });
      return result.success ? {} : fieldErrors(result.error);
    };
    for (const schema of [projectCreateBody, projectUpdateBody]) {
      expect(errorsOf(schema, [range, { ...range }])).toEqual({ rangeDate: RANGE_TEXT.repeated });
      expect(errorsOf(schema, [range, { from: '10/05/2026', to: '20/05/2026', visits: '2' }])).toEqual({ rangeDate: 'Ese rango de visitas ya fue añadido.' });
      // Another number of visits on the same dates is another range (sameRange), as in the console.
      expect(errorsOf(schema, [range, { ...range, visits: 1 }])).toEqual({});
    }
    const form = projectAddFormSchema.safeParse({ ...body, price: '1', locations: [1], rangeDate: [range, range], campaign, priced: true });
    expect(fieldErrors(form.error!).rangeDate).toBe(RANGE_TEXT.repeated);
  });

  it('EDIT: the price always applies', () => {
    const running = { ...snapshot, endDate: '2030-06-30' };
    const values = { ...running, startDate: '01/05/2026', endDate: '30/06/2030', price: '', alternativeProduct: '', campaign: null, priced: true };
    const result = projectEditFormSchema(running, 3).safeParse(values);
    expect(fieldErrors(result.error!)).toEqual({ price: MSG.required });
  });
});

describe('what the project screens say', () => {
  it('counts locations in their number: the calendar, the locations change and the duplicate', () => {
    expect(PROJECT_TEXT.calendarTotal(1)).toBe('Visitas totales (1 locación)');
    expect(PROJECT_TEXT.calendarTotal(0)).toBe('Visitas totales (0 locaciones)');
    expect(PROJECT_TEXT.calendarTotal(1500)).toBe('Visitas totales (1.500 locaciones)');
    expect(PROJECT_TEXT.locationsChange(1, 1)).toBe('Se agregará 1 locación y se quitará 1 locación.');
    expect(PROJECT_TEXT.locationsChange(2, 0)).toBe('Se agregarán 2 locaciones y se quitarán 0 locaciones.');
    expect(PROJECT_TEXT.locationsChangeConfirm(0, 1)).toBe(
      'Se agregarán 0 locaciones y se quitará 1 locación del proyecto. Las locaciones quitadas pierden sus visitas publicadas.',
    );
    expect(PROJECT_TEXT.duplicatedLocations(1)).toMatch(/^Se copiará la locación del proyecto original\. /);
    expect(PROJECT_TEXT.duplicatedLocations(3)).toMatch(/^Se copiarán las 3 locaciones del proyecto original\. /);
  });

  it("reads a project's id from its address only when a project can have it", () => {
    expect(projectIdOf('12')).toBe(12);
    for (const text of ['abc', '0', '-1', '1.5', '1e3', ' 7', '2147483648', '', null, undefined]) expect(projectIdOf(text)).toBeNull();
  });
});

describe('the limits of a project, and the points of sale a user is in charge of', () => {
  it('is said with its thousands dotted, as every count of the console', () => {
    const ids = Array.from({ length: MAX_PROJECT_LOCATIONS + 1 }, (_, i) => i + 1);
    const parsed = projectLocationsBody.safeParse({ id: 1, locations: ids });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe('Un proyecto admite hasta 5.000 locaciones.');
    expect(PROJECT_TEXT.tooManyLocations).toBe('Un proyecto admite hasta 5.000 locaciones.');
    expect(RANGE_TEXT.tooMany).toBe('El máximo es 1.000 visitas por rango.');
    expect(WEB_USER_TEXT.stillInCharge(1500, 'rol')).toContain('a cargo de 1.500 puntos de venta');
  });
});
