/**
 * Projects through the API: creating one writes its locations, visit ranges and published visits
 * in one transaction; the form's rules; editing (a past project only extends its end date, with a
 * reason); adding and removing locations; the client's locations; roles.
 */
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AUTH_TEXT } from '../../domain/auth';
import { PROJECT_TEXT, type ProjectRecord } from '../../domain/projects';
import { RANGE_TEXT } from '../../domain/projectVisits';
import { ROLE, type RoleId } from '../../domain/roles';
import { STALE_EDIT } from '../../domain/staleEdits';
import { addDaysIso as addDays, formatDisplayDate, isoInDays as inDays, MSG, todayIso } from '../../domain/validation';
import {
  campaigns,
  clients,
  guidelines,
  locations,
  moveConfigurations,
  projectLocations,
  projects,
  projectUpdateLogs,
  projectVisitRanges,
  questionnaires,
  userMoves,
  users,
  visits,
} from '../../server/db/schema';
import { NO_BODY } from '../../server/http';
import { createTestApp, projectBody, type TestApp } from './helpers';
import { visitGoneMessage } from './moves-helpers';

let t: TestApp;
let admin: string;
let cafe: { id: number; running: { id: number; endDate: string }; coming: { id: number; startDate: string }; locations: number[]; inactive: number };
let otherClient: { id: number; campaignId: number; location: number };
let refs: { priced: number; unpriced: number; questionnaire: number; guideline: number };


beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@campo.test')).token;
  const [client] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Café del Plata'));
  const own = await t.db.select().from(campaigns).where(eq(campaigns.clientId, client.id));
  const named = (name: string) => own.find((c) => c.name === name)!;
  const locs = await t.db.select({ id: locations.id, status: locations.status }).from(locations).where(eq(locations.clientId, client.id)).orderBy(locations.id);
  cafe = {
    id: client.id,
    running: named('Mystery shopping Café del Plata - en curso'),
    coming: named('Auditoría Café del Plata - próxima temporada'),
    locations: locs.filter((l) => l.status).map((l) => l.id),
    inactive: locs.find((l) => !l.status)!.id,
  };
  const [bank] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Banco Federal del Sur'));
  const [bankCampaign] = await t.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.clientId, bank.id));
  const [bankLocation] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.clientId, bank.id));
  otherClient = { id: bank.id, campaignId: bankCampaign.id, location: bankLocation.id };
  const moves = await t.db.select({ id: moveConfigurations.id, name: moveConfigurations.name }).from(moveConfigurations);
  const [questionnaire] = await t.db.select({ id: questionnaires.id }).from(questionnaires).where(eq(questionnaires.name, 'Visita a cafetería'));
  const [guideline] = await t.db.select({ id: guidelines.id }).from(guidelines).where(and(eq(guidelines.name, 'Cliente incógnito en cafetería'), eq(guidelines.version, 2)));
  refs = {
    priced: moves.find((m) => m.name === 'Visita estándar')!.id,
    unpriced: moves.find((m) => m.name === 'Llamado telefónico')!.id,
    questionnaire: questionnaire.id,
    guideline: guideline.id,
  };
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.app.inject({ method, url, headers: t.authHeader(token), ...(payload === undefined ? {} : { payload: payload as never }) });

const tokenFor = (role: RoleId) => t.tokenAs(role);

const newProject = (overrides: Record<string, unknown> = {}) =>
  projectBody(
    'Verano en cafeterías',
    { clientId: cafe.id, campaignId: cafe.running.id, moveConfigurationId: refs.priced, questionnaireId: refs.questionnaire, guidelineId: refs.guideline },
    cafe.locations.slice(0, 3),
    {
      price: '4500,5',
      audioAttachment: true,
      rangeDate: [
        { from: todayIso(), to: inDays(14), visits: 2 },
        { from: inDays(15), to: inDays(30), visits: 1 },
      ],
      ...overrides,
    },
  );

async function create(overrides: Record<string, unknown> = {}): Promise<{ id: number }> {
  const res = await call('POST', '/api/projects', newProject(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function load(id: number): Promise<ProjectRecord> {
  const res = await call('GET', `/api/projects/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The PUT body of a stored project: what the edit form sends back unchanged. */
const editBody = (p: ProjectRecord, overrides: Record<string, unknown> = {}) => ({
  id: p.id,
  name: p.name,
  clientId: p.clientId,
  campaignId: p.campaignId,
  moveConfigurationId: p.moveConfigurationId,
  questionnaireId: p.questionnaireId,
  guidelineId: p.guidelineId,
  startDate: p.startDate,
  endDate: p.endDate,
  price: p.price ?? '100',
  mandatoryProduct: p.mandatoryProduct,
  alternativeProduct: p.alternativeProduct,
  audioAttachment: p.audioAttachment,
  campoRemote: p.campoRemote,
  autoApprovalRequired: p.autoApprovalRequired,
  rangeDate: p.rangeDate,
  ...overrides,
});

const visitsOf = (projectId: number) =>
  t.db
    .select({ state: visits.state, dueFrom: visits.dueFrom, dueTo: visits.dueTo, projectLocationId: visits.projectLocationId })
    .from(visits)
    .innerJoin(projectLocations, eq(projectLocations.id, visits.projectLocationId))
    .where(eq(projectLocations.projectId, projectId));

async function counts() {
  const [[p], [pl], [r], [v]] = await Promise.all([
    t.db.select({ n: count() }).from(projects),
    t.db.select({ n: count() }).from(projectLocations),
    t.db.select({ n: count() }).from(projectVisitRanges),
    t.db.select({ n: count() }).from(visits),
  ]);
  return { projects: p.n, locations: pl.n, ranges: r.n, visits: v.n };
}

describe('creating a project', () => {
  it('says a body of no data is none, as every route does (its form-level validator said Requerido)', async () => {
    for (const [method, url] of [['POST', '/api/projects'], ['PUT', '/api/projects'], ['PUT', '/api/projects/locations']] as const) {
      const res = await t.app.inject({ method, url, headers: { ...t.authHeader(admin), 'content-type': 'application/json' }, payload: 'null' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: NO_BODY, errors: { _: NO_BODY } });
    }
  });

  it('sent again with its request key after a lost answer, answers the project it created and creates no other', async () => {
    const body = newProject({ name: 'Proyecto reenviado' });
    const send = () => t.app.inject({ method: 'POST', url: '/api/projects', headers: { ...t.authHeader(admin), 'idempotency-key': 'project-sent-twice-01' }, payload: body });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const named = await t.db.select({ id: projects.id }).from(projects).where(eq(projects.name, 'Proyecto reenviado'));
    expect(named).toHaveLength(1);
    const planned = await t.db.select({ n: count() }).from(visits).innerJoin(projectLocations, eq(projectLocations.id, visits.projectLocationId)).where(eq(projectLocations.projectId, first.json().id));
    // 3 locations × (2 + 1) visits, once.
    expect(planned[0].n).toBe(9);
  });

  it('writes the project, its locations, their visit ranges and the published visits', async () => {
    const { id } = await create();
    const project = await load(id);
    expect(project).toMatchObject({
      name: 'Verano en cafeterías',
      price: '4500.50',
      alternativeProduct: null,
      status: 'EN_CURSO',
      locationsCount: 3,
      visits: { total: 9, available: 9, taken: 0 },
      rangeDate: [
        { from: todayIso(), to: inDays(14), visits: 2 },
        { from: inDays(15), to: inDays(30), visits: 1 },
      ],
      client: { id: cafe.id, name: 'Café del Plata' },
      campaign: { id: cafe.running.id },
    });
    expect(project.locations.map((l) => l.locationId).sort()).toEqual(cafe.locations.slice(0, 3).sort());
    expect(project.locations[0]).toMatchObject({ visits: 3, availableVisits: 3, active: true });
    expect(project.locations[0].ranges).toEqual([
      { id: expect.any(Number), from: todayIso(), to: inDays(14), visits: 2 },
      { id: expect.any(Number), from: inDays(15), to: inDays(30), visits: 1 },
    ]);
    const rows = await visitsOf(id);
    expect(rows).toHaveLength(9);
    expect(new Set(rows.map((v) => v.state))).toEqual(new Set(['PUBLICADA']));
    expect(rows.filter((v) => v.dueFrom === todayIso() && v.dueTo === inDays(14))).toHaveLength(6);
  });

  it('writes nothing when any part fails (an inactive location, after the project row was inserted)', async () => {
    const before = await counts();
    const res = await call('POST', '/api/projects', newProject({ locations: [...cafe.locations.slice(0, 2), cafe.inactive] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ locations: 'Alguna de las locaciones no existe, está inactiva o no pertenece al cliente del proyecto.' });
    const other = await call('POST', '/api/projects', newProject({ locations: [cafe.locations[0], otherClient.location] }));
    expect(other.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('requires every field, with the spec messages', async () => {
    const res = await call('POST', '/api/projects', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: MSG.required,
      clientId: PROJECT_TEXT.selectClient,
      campaignId: MSG.required,
      moveConfigurationId: MSG.required,
      questionnaireId: MSG.required,
      guidelineId: MSG.required,
      startDate: MSG.required,
      endDate: MSG.required,
      mandatoryProduct: MSG.required,
      locations: PROJECT_TEXT.noLocations,
      rangeDate: PROJECT_TEXT.noRanges,
    });
  });

  it('answers the form-level rules with their own message', async () => {
    const noLocations = await call('POST', '/api/projects', newProject({ locations: [] }));
    expect([noLocations.statusCode, noLocations.json().message]).toEqual([400, 'Debes ingresar las locaciones para este proyecto.']);
    const noRanges = await call('POST', '/api/projects', newProject({ rangeDate: [] }));
    expect(noRanges.json().message).toBe('Debes ingresar rangos de fechas de visitas antes de crear un proyecto.');
    const reversed = await call('POST', '/api/projects', newProject({ startDate: inDays(10), endDate: inDays(5), rangeDate: [{ from: inDays(5), to: inDays(6), visits: 1 }] }));
    expect(reversed.json()).toMatchObject({ message: 'La fecha de finalización del proyecto no puede ser posterior a la fecha de inicio' });
    const outside = await call('POST', '/api/projects', newProject({ rangeDate: [{ from: todayIso(), to: inDays(40), visits: 1 }] }));
    expect(outside.json().message).toBe(RANGE_TEXT.outside);
    // A count in digits only: '0x10' was 16 visits published, '1e2' 100.
    const before = await counts();
    for (const visits of ['0x10', '1e2']) {
      const res = await call('POST', '/api/projects', newProject({ rangeDate: [{ from: todayIso(), to: inDays(14), visits }] }));
      expect(res.statusCode, visits).toBe(400);
      expect(JSON.stringify(res.json()), visits).toContain(MSG.number);
    }
    expect(await counts()).toEqual(before);
  });

  it('bounds the dates by today and by the campaign', async () => {
    const past = await call('POST', '/api/projects', newProject({ startDate: inDays(-1), rangeDate: [{ from: inDays(-1), to: inDays(3), visits: 1 }] }));
    expect(past.json().errors).toEqual({ startDate: PROJECT_TEXT.startBeforeToday });
    const afterCampaign = await call('POST', '/api/projects', newProject({ endDate: inDays(1000) }));
    expect(afterCampaign.json().errors).toEqual({ endDate: `La fecha de finalización no puede ser posterior al fin de la campaña (${formatDisplayDate(cafe.running.endDate)}).` });
    const start = addDays(cafe.coming.startDate, -1);
    const beforeCampaign = await call('POST', '/api/projects', newProject({ campaignId: cafe.coming.id, startDate: start, endDate: cafe.coming.startDate, rangeDate: [{ from: start, to: start, visits: 1 }] }));
    expect(beforeCampaign.json().errors).toEqual({ startDate: `La fecha de inicio no puede ser anterior al inicio de la campaña (${formatDisplayDate(cafe.coming.startDate)}).` });
  });

  it('requires a price above zero when the move configuration is priced, and ignores it otherwise', async () => {
    const cases: [unknown, string][] = [
      ['', MSG.required],
      ['0', MSG.positive],
      ['-5', MSG.positive],
      ['abc', MSG.number],
      ['12,345', MSG.amount],
    ];
    for (const [price, message] of cases) expect((await call('POST', '/api/projects', newProject({ price }))).json().errors, String(price)).toEqual({ price: message });
    // No list is a price: [1, 2] once passed as '1,2' (1.20) and broke the insert (500), [1500] was kept as 1500.
    const before = await counts();
    for (const price of [[1, 2], [1500], { amount: 1 }, true]) {
      const res = await call('POST', '/api/projects', newProject({ price }));
      expect(res.statusCode, JSON.stringify(price)).toBe(400);
      expect(res.json().errors, JSON.stringify(price)).toEqual({ price: MSG.number });
    }
    expect(await counts()).toEqual(before);
    const { id } = await create({ moveConfigurationId: refs.unpriced, price: '', name: 'Sin precio' });
    expect((await load(id)).price).toBeNull();

    // Renamed without making a price up (one would start paying its approvals); one written must still be a price.
    const unpriced = await load(id);
    for (const price of ['', null]) {
      const renamed = await call('PUT', '/api/projects', editBody(unpriced, { name: 'Sin precio, renombrado', price }));
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(await load(id)).toMatchObject({ name: 'Sin precio, renombrado', price: null });
    }
    expect((await call('PUT', '/api/projects', editBody(await load(id), { price: '0' }))).json().errors).toEqual({ price: MSG.positive });
    // Moved to a priced configuration, it needs one.
    expect((await call('PUT', '/api/projects', editBody(await load(id), { moveConfigurationId: refs.priced, price: '' }))).json().errors).toEqual({ price: MSG.required });
  });

  it("refuses the same visit range twice with the console's message, and writes nothing", async () => {
    const before = await counts();
    const range = { from: todayIso(), to: inDays(14), visits: 2 };
    const twice = await call('POST', '/api/projects', newProject({ rangeDate: [range, { ...range }] }));
    expect([twice.statusCode, twice.json().message]).toEqual([400, RANGE_TEXT.repeated]);
    expect(twice.json().errors).toEqual({ rangeDate: 'Ese rango de visitas ya fue añadido.' });
    // Typed (DD/MM/YYYY) once and ISO once, it is still the same range.
    const typed = { from: formatDisplayDate(range.from), to: formatDisplayDate(range.to), visits: 2 };
    expect((await call('POST', '/api/projects', newProject({ rangeDate: [range, typed] }))).json().message).toBe(RANGE_TEXT.repeated);
    expect(await counts()).toEqual(before);

    // Adding a new range twice in EDIT is refused the same way, and the visits stay as they were.
    const { id } = await create({ name: 'Sin rangos repetidos' });
    const project = await load(id);
    const extra = { from: inDays(20), to: inDays(25), visits: 3 };
    const edit = await call('PUT', '/api/projects', editBody(project, { rangeDate: [...project.rangeDate, extra, extra] }));
    expect([edit.statusCode, edit.json().message]).toEqual([400, RANGE_TEXT.repeated]);
    expect((await load(id)).visits.total).toBe(9);

    // The same dates with another number of visits are another range, as in the console.
    const { id: other } = await create({ name: 'Mismas fechas', rangeDate: [range, { ...range, visits: 1 }] });
    expect((await load(other)).visits.total).toBe(3 * 3);
  });

  it('refuses references that do not belong to the client', async () => {
    const res = await call('POST', '/api/projects', newProject({ campaignId: otherClient.campaignId }));
    expect(res.json().errors).toEqual({ campaignId: 'La campaña no existe o no es de este cliente.' });
  });
});

describe('the list', () => {
  it('pages, filters by name and sorts in SQL; future leaves out the ended projects', async () => {
    await create({ name: 'Lista Alfa' });
    await create({ name: 'Lista Beta' });
    const res = await call('GET', '/api/projects?name=lista&sort=name&order=DESC&limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, rows: [{ name: 'Lista Beta', locationsCount: 3, availableVisits: 9, status: 'EN_CURSO', client: { name: 'Café del Plata' } }] });
    expect((await call('GET', '/api/projects?name=lista&sort=name&order=DESC&limit=1&offset=1')).json().rows[0].name).toBe('Lista Alfa');
    // A page past the last one still says how many there are; a name nobody has, none.
    expect((await call('GET', '/api/projects?name=lista&limit=1&offset=5')).json()).toEqual({ rows: [], count: 2 });
    expect((await call('GET', '/api/projects?name=zzz-nadie')).json()).toEqual({ rows: [], count: 0 });
    // Sorted by client or campaign name (looked up by key, not joined), as by its own columns.
    const byClient = (await call('GET', '/api/projects?sort=client&order=ASC&limit=1000')).json().rows.map((p: { client: { name: string } | null }) => p.client?.name ?? '');
    expect(byClient).toEqual([...byClient].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await call('GET', '/api/projects?sort=secret')).statusCode).toBe(400);
    const all = (await call('GET', '/api/projects?limit=1000')).json();
    const future = (await call('GET', '/api/projects?future=true&limit=1000')).json();
    expect(all.rows.some((p: { status: string }) => p.status === 'FINALIZADO')).toBe(true);
    expect(future.rows.every((p: { status: string }) => p.status !== 'FINALIZADO')).toBe(true);
    expect(future.count).toBe(all.rows.filter((p: { status: string }) => p.status !== 'FINALIZADO').length);
  });
});

describe('editing', () => {
  it('changes the fields, adds a range with its visits and removes one with none taken', async () => {
    const { id } = await create({ name: 'Para editar' });
    const project = await load(id);
    const rangeDate = [project.rangeDate[0], { from: inDays(20), to: inDays(25), visits: 3 }];
    const res = await call('PUT', '/api/projects', editBody(project, { name: 'Editado', price: '5000', rangeDate }));
    expect(res.statusCode, res.body).toBe(200);
    const edited = await load(id);
    expect(edited).toMatchObject({ name: 'Editado', price: '5000.00', rangeDate, visits: { total: 3 * 2 + 3 * 3 } });
    expect((await visitsOf(id)).filter((v) => v.dueFrom === inDays(15))).toHaveLength(0);
  });

  it('keeps a range whose visits were taken, and the client and Campo remoto as they were', async () => {
    const { id } = await create({ name: 'Con visita tomada' });
    const project = await load(id);
    const [visit] = await visitsOf(id);
    expect(project.rangeDate.map((r) => r.taken)).toEqual([false, false]);
    await t.db.update(visits).set({ state: 'TOMADA' }).where(and(eq(visits.projectLocationId, visit.projectLocationId), eq(visits.dueFrom, todayIso())));
    // The answer says which range has a visit taken: the form keeps its delete button off.
    expect((await load(id)).rangeDate.map((r) => r.taken)).toEqual([true, false]);
    const res = await call('PUT', '/api/projects', editBody(project, { rangeDate: [project.rangeDate[1]] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`No se puede quitar el rango del ${formatDisplayDate(todayIso())} al ${formatDisplayDate(inDays(14))}: tiene visitas ya tomadas.`);
    expect((await call('PUT', '/api/projects', editBody(project, { campoRemote: true }))).json().errors).toEqual({ campoRemote: PROJECT_TEXT.remoteFixed });
    expect((await call('PUT', '/api/projects', editBody(project, { clientId: otherClient.id, campaignId: otherClient.campaignId }))).json().errors).toMatchObject({ clientId: PROJECT_TEXT.clientFixed });
    // The client alone: still the client's own message, not its campaign's.
    expect((await call('PUT', '/api/projects', editBody(project, { clientId: otherClient.id }))).json().errors).toEqual({ clientId: PROJECT_TEXT.clientFixed });
    expect((await call('PUT', '/api/projects', editBody(project, { price: '' }))).json().errors).toEqual({ price: MSG.required });
  });
});

describe('a project with moves', () => {
  it('keeps its move configuration and questionnaire, which change while it has none; its other fields still change', async () => {
    const { id } = await create({ name: 'Cuestionario fijo' });
    const project = await load(id);
    expect(project.withMoves).toBe(false);
    const [other] = await t.db.select({ id: questionnaires.id }).from(questionnaires).where(ne(questionnaires.id, refs.questionnaire)).limit(1);
    const changed = await call('PUT', '/api/projects', editBody(project, { questionnaireId: other.id }));
    expect(changed.statusCode, changed.body).toBe(200);
    const getters = (await call('GET', `/api/users?rolId=${ROLE.GETTER}`)).json() as { id: number }[];
    const assigned = await call('POST', '/api/user-moves/massive-locations', [{ projectLocationId: project.locations[0].id, userId: getters[0].id }]);
    expect(assigned.statusCode, assigned.body).toBe(201);
    const held = await load(id);
    expect(held).toMatchObject({ withMoves: true, questionnaireId: other.id });
    const res = await call('PUT', '/api/projects', editBody(held, { questionnaireId: refs.questionnaire, moveConfigurationId: refs.unpriced }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ questionnaireId: PROJECT_TEXT.fixedWithMoves, moveConfigurationId: PROJECT_TEXT.fixedWithMoves });
    expect(await load(id)).toMatchObject({ questionnaireId: other.id, moveConfigurationId: project.moveConfigurationId });
    const renamed = await call('PUT', '/api/projects', editBody(held, { name: 'Cuestionario fijo, renombrado' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

describe('an edit that does not send the flags', () => {
  it('keeps the audio attachment, the automatic approval and Campo remoto as stored', async () => {
    const { id } = await create({ name: 'Remoto con audio', audioAttachment: true, autoApprovalRequired: true, campoRemote: true });
    const project = await load(id);
    const { audioAttachment: _audio, autoApprovalRequired: _auto, campoRemote: _remote, ...body } = editBody(project, { name: 'Remoto con audio (renombrado)' });
    const res = await call('PUT', '/api/projects', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await load(id)).toMatchObject({ name: 'Remoto con audio (renombrado)', audioAttachment: true, autoApprovalRequired: true, campoRemote: true });
    // Sent, they still change (Campo remoto aside, fixed since creation).
    expect((await call('PUT', '/api/projects', { ...body, audioAttachment: false, autoApprovalRequired: false })).statusCode).toBe(200);
    expect(await load(id)).toMatchObject({ audioAttachment: false, autoApprovalRequired: false, campoRemote: true });
  });

  it('keeps the alternative product when it is not sent, and clears it when sent empty', async () => {
    const { id } = await create({ name: 'Con producto alternativo', alternativeProduct: 'Yerba 500 g' });
    const project = await load(id);
    expect(project.alternativeProduct).toBe('Yerba 500 g');
    const { alternativeProduct: _alternative, ...body } = editBody(project, { name: 'Con producto alternativo (renombrado)' });
    expect((await call('PUT', '/api/projects', body)).statusCode).toBe(200);
    expect(await load(id)).toMatchObject({ name: 'Con producto alternativo (renombrado)', alternativeProduct: 'Yerba 500 g' });
    expect((await call('PUT', '/api/projects', { ...body, alternativeProduct: '' })).statusCode).toBe(200);
    expect((await load(id)).alternativeProduct).toBeNull();
  });

  it('extends a past project without them', async () => {
    const [row] = await t.db.select({ id: projects.id }).from(projects).where(eq(projects.name, 'Góndolas - operativo especial'));
    const past = await load(row.id);
    expect(past.status).toBe('FINALIZADO');
    const { audioAttachment: _audio, autoApprovalRequired: _auto, campoRemote: _remote, ...body } = editBody(past, { endDate: inDays(5), price: past.price, updateReason: 'Se reprogramaron visitas' });
    const res = await call('PUT', '/api/projects', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await load(row.id)).toMatchObject({ endDate: inDays(5), audioAttachment: past.audioAttachment, autoApprovalRequired: past.autoApprovalRequired });
  });
});

describe('a running project that started before today', () => {
  it('keeps its past ranges, but takes no new one that ends before today: its visits could not be done', async () => {
    const [row] = await t.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(sql`${projects.startDate} < ${inDays(-1)}`, sql`${projects.endDate} > ${inDays(5)}`, sql`${projects.price} is not null`))
      .limit(1);
    expect(row, 'a running project of the seed, started days ago').toBeDefined();
    const project = await load(row.id);
    const before = (await visitsOf(row.id)).length;
    const late = { from: project.startDate, to: inDays(-1), visits: 1 };
    const res = await call('PUT', '/api/projects', editBody(project, { rangeDate: [...project.rangeDate, late] }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ rangeDate: RANGE_TEXT.past });
    expect((await visitsOf(row.id)).length).toBe(before);
    // A range it already had that has passed (set here behind the API) does not stop an unchanged save.
    const pls = await t.db.select({ id: projectLocations.id }).from(projectLocations).where(eq(projectLocations.projectId, row.id));
    await t.db.insert(projectVisitRanges).values(pls.map((pl) => ({ projectLocationId: pl.id, from: project.startDate, to: inDays(-1), visits: 1 })));
    const withPast = await load(row.id);
    expect(withPast.rangeDate.some((r) => r.to < todayIso())).toBe(true);
    const saved = await call('PUT', '/api/projects', editBody(withPast));
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('a past project whose ranges started the same day', () => {
  it('extended, ends them the same day: they become one range with the visits of both, none lost', async () => {
    const { id } = await create({
      name: 'Dos rangos del mismo día',
      rangeDate: [
        { from: todayIso(), to: inDays(14), visits: 2 },
        { from: todayIso(), to: inDays(20), visits: 2 },
      ],
    });
    // Forty days back, behind the API: a project that ended ten days ago.
    const back = (column: string) => sql.raw(`${column} = ${column} - 40`);
    await t.db.execute(sql`update projects set ${back('start_date')}, ${back('end_date')} where id = ${id}`);
    const ofProject = sql`project_location_id in (select id from project_locations where project_id = ${id})`;
    await t.db.execute(sql`update project_visit_ranges set ${back('from_date')}, ${back('to_date')} where ${ofProject}`);
    await t.db.execute(sql`update visits set ${back('due_from')}, ${back('due_to')} where ${ofProject}`);
    const past = await load(id);
    expect(past.status).toBe('FINALIZADO');
    expect(past.rangeDate).toHaveLength(2);
    const before = await visitsOf(id);
    expect(before).toHaveLength(4 * 3);

    const res = await call('PUT', '/api/projects', editBody(past, { endDate: inDays(10), updateReason: 'Faltaron visitas.' }));
    expect(res.statusCode, res.body).toBe(200);
    const extended = await load(id);
    expect(extended.rangeDate.map(({ from, to, visits: n }) => ({ from, to, visits: n }))).toEqual([{ from: inDays(-40), to: inDays(10), visits: 4 }]);
    const after = await t.db
      .select({ range: visits.visitRangeId })
      .from(visits)
      .innerJoin(projectLocations, eq(projectLocations.id, visits.projectLocationId))
      .where(eq(projectLocations.projectId, id));
    expect(after).toHaveLength(4 * 3);
    const ranges = await t.db.select({ id: projectVisitRanges.id, visits: projectVisitRanges.visits }).from(projectVisitRanges).innerJoin(projectLocations, eq(projectLocations.id, projectVisitRanges.projectLocationId)).where(eq(projectLocations.projectId, id));
    expect(ranges).toHaveLength(3);
    // Every visit hangs from its location's one range, which counts them all.
    for (const range of ranges) expect(after.filter((v) => v.range === range.id)).toHaveLength(range.visits);
  });
});

describe('a past project', () => {
  let past: ProjectRecord;
  beforeAll(async () => {
    const [row] = await t.db.select({ id: projects.id }).from(projects).where(eq(projects.name, 'Relevamiento de locales - operativo especial'));
    past = await load(row.id);
    expect(past.status).toBe('FINALIZADO');
  });

  it('is locked except its end date', async () => {
    const res = await call('PUT', '/api/projects', editBody(past, { name: 'Otro nombre', mandatoryProduct: 'Otro' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: PROJECT_TEXT.pastLocked, mandatoryProduct: PROJECT_TEXT.pastLocked });
    const locationsRes = await call('PUT', '/api/projects/locations', { id: past.id, locations: cafe.locations });
    expect(locationsRes.json().message).toBe(PROJECT_TEXT.pastLocked);
  });

  it('needs a reason to extend its end date', async () => {
    const res = await call('PUT', '/api/projects', editBody(past, { endDate: inDays(10), updateReason: '  ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { updateReason: 'Debe completar el motivo de la edición para continuar.' } });
    const beyond = await call('PUT', '/api/projects', editBody(past, { endDate: inDays(1000), updateReason: 'Más tiempo' }));
    expect(beyond.json().errors).toEqual({ endDate: PROJECT_TEXT.endAfterCampaign(cafe.running.endDate) });
  });

  it('extends with a reason: its ranges and pending visits end on the new date, and the extension is logged', async () => {
    const taken = await visitsOf(past.id).then((rows) => rows.filter((v) => v.state === 'TOMADA'));
    const res = await call('PUT', '/api/projects', editBody(past, { endDate: inDays(10), updateReason: 'Faltaron visitas por lluvias.' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ endDate: inDays(10), status: 'EN_CURSO' });
    const extended = await load(past.id);
    expect(extended.updateReason).toBe('Faltaron visitas por lluvias.');
    expect(extended.rangeDate.every((r) => r.to === inDays(10))).toBe(true);
    const after = await visitsOf(past.id);
    expect(after.filter((v) => v.state !== 'TOMADA').every((v) => v.dueTo === inDays(10))).toBe(true);
    expect(after.filter((v) => v.state === 'TOMADA').map((v) => v.dueTo).sort()).toEqual(taken.map((v) => v.dueTo).sort());
    const logs = await t.db.select().from(projectUpdateLogs).where(eq(projectUpdateLogs.projectId, past.id));
    expect(logs).toHaveLength(1);
    const last = await call('GET', `/api/projects/expired-project-update-reason?projectId=${past.id}`);
    expect(last.json()).toMatchObject({
      projectId: past.id,
      user: { names: 'Ana', lastName: 'Administradora' },
      oldExpirationDate: past.endDate,
      newExpirationDate: inDays(10),
      updateReason: 'Faltaron visitas por lluvias.',
    });
  });

  it('extends one without a price (its move configuration has none), whose price stays empty', async () => {
    const endedWithoutPrice = async (name: string) => {
      const [row] = await t.db.select({ id: projects.id }).from(projects).where(eq(projects.name, name));
      const project = await load(row.id);
      expect([project.status, project.price]).toEqual(['FINALIZADO', null]);
      return project;
    };
    const bank = await endedWithoutPrice('Atención en sucursales - operativo especial');
    // Its price is locked like the rest: giving it one now is a change, not an extension.
    const priced = await call('PUT', '/api/projects', editBody(bank, { price: '100', endDate: inDays(10), updateReason: 'Más llamados.' }));
    expect([priced.statusCode, priced.json().errors]).toEqual([400, { price: PROJECT_TEXT.pastLocked }]);
    // The console sends the empty price as typed; an API client may send it as GET gave it (null).
    for (const [project, price] of [
      [bank, ''],
      [await endedWithoutPrice('Salón de ventas - operativo especial'), null],
    ] as const) {
      const res = await call('PUT', '/api/projects', editBody(project, { price, endDate: inDays(10), updateReason: 'Faltaron llamados.' }));
      expect(res.statusCode, res.body).toBe(200);
      const extended = await load(project.id);
      expect(extended).toMatchObject({ endDate: inDays(10), status: 'EN_CURSO', price: null, updateReason: 'Faltaron llamados.' });
      expect(extended.rangeDate.every((r) => r.to === inDays(10))).toBe(true);
    }
  });

  it('answers null as the last reason of a project never extended, 404 for no project', async () => {
    const { id } = await create({ name: 'Nunca extendido' });
    expect((await call('GET', `/api/projects/expired-project-update-reason?projectId=${id}`)).json()).toBeNull();
    expect((await call('GET', '/api/projects/expired-project-update-reason?projectId=999999')).statusCode).toBe(404);
  });
});

describe("adding and removing a project's locations", () => {
  it('adds locations with the project ranges and visits, removes others with theirs', async () => {
    const { id } = await create({ name: 'Locaciones' });
    const [a, b, c, d] = cafe.locations;
    const res = await call('PUT', '/api/projects/locations', { id, locations: [a, b, d] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: 1, removed: 1, locationsCount: 3, visits: 3 });
    const project = await load(id);
    expect(project.locations.map((l) => l.locationId).sort()).toEqual([a, b, d].sort());
    expect(project.visits.total).toBe(9);
    const gone = await t.db.select({ n: count() }).from(projectLocations).where(and(eq(projectLocations.projectId, id), eq(projectLocations.locationId, c)));
    expect(gone[0].n).toBe(0);
    expect((await call('PUT', '/api/projects/locations', { id, locations: [] })).json().message).toBe(PROJECT_TEXT.atLeastOneLocation);

    // The same list again is no change and no new version (it would turn away another form open on it).
    const before = (await load(id)).updatedAt;
    const same = await call('PUT', '/api/projects/locations', { id, locations: [d, a, b], updatedAt: before });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ added: 0, removed: 0, locationsCount: 3, updatedAt: before });
    expect((await load(id)).updatedAt).toBe(before);
  });

  it("is a new version of the project; from the version loaded before someone else's change it is a 409 and changes nothing", async () => {
    const { id } = await create({ name: 'Locaciones a la vez' });
    const [a, b, c, d] = cafe.locations;
    const loaded = (await load(id)).updatedAt;
    const first = await call('PUT', '/api/projects/locations', { id, locations: [a, b, c, d], updatedAt: loaded });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ added: 1, removed: 0, locationsCount: 4 });
    const now = (await load(id)).updatedAt;
    expect(now).not.toBe(loaded);
    expect(first.json().updatedAt).toBe(now);

    // A second screen opened before the first save sends the list it saw: it would remove d unknowingly.
    const second = await call('PUT', '/api/projects/locations', { id, locations: [a, b, c], updatedAt: loaded });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(STALE_EDIT.projects);
    expect((await load(id)).locations.map((l) => l.locationId).sort()).toEqual([a, b, c, d].sort());

    // The project form opened before the change is refused too: its counts of visits were of the old locations.
    const project = await load(id);
    expect((await call('PUT', '/api/projects/locations', { id, locations: [a, b, c], updatedAt: now })).statusCode).toBe(200);
    const form = await call('PUT', '/api/projects', { ...editBody(project), updatedAt: project.updatedAt });
    expect(form.statusCode).toBe(409);
  });

  it('gives a location added to a running project only the ranges still to come; the assignment takes a visit not yet due first', async () => {
    const { id } = await create({ name: 'En curso con un rango vencido' });
    const [a, b, c, d] = cafe.locations;
    // The project started 20 days ago and its first range (2 visits) ended yesterday; two of the first location's are still published.
    const plIds = (await t.db.select({ id: projectLocations.id }).from(projectLocations).where(eq(projectLocations.projectId, id))).map((r) => r.id);
    await t.db.update(projects).set({ startDate: inDays(-20) }).where(eq(projects.id, id));
    await t.db
      .update(projectVisitRanges)
      .set({ from: inDays(-20), to: inDays(-1) })
      .where(and(inArray(projectVisitRanges.projectLocationId, plIds), eq(projectVisitRanges.from, todayIso())));
    await t.db.update(visits).set({ dueFrom: inDays(-20), dueTo: inDays(-1) }).where(and(inArray(visits.projectLocationId, plIds), eq(visits.dueFrom, todayIso())));

    const res = await call('PUT', '/api/projects/locations', { id, locations: [a, b, c, d] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: 1, visits: 1 });
    const added = (await load(id)).locations.find((l) => l.locationId === d)!;
    const dues = await t.db.select({ dueTo: visits.dueTo }).from(visits).where(eq(visits.projectLocationId, added.id));
    expect(dues).toEqual([{ dueTo: inDays(30) }]);

    const getters = (await call('GET', `/api/users?rolId=${ROLE.GETTER}`)).json() as { id: number }[];
    const first = (await load(id)).locations.find((l) => l.locationId === a)!;
    const assigned = await call('POST', '/api/user-moves/massive-locations', [{ projectLocationId: first.id, userId: getters[0].id }]);
    expect(assigned.statusCode, assigned.body).toBe(201);
    const [taken] = await t.db.select({ dueTo: visits.dueTo }).from(visits).where(eq(visits.id, assigned.json().created[0].visitId));
    expect(taken.dueTo).toBe(inDays(30));
  });

  it('refuses to remove a location with a move, naming it', async () => {
    const { id } = await create({ name: 'Con moves' });
    const project = await load(id);
    const getters = (await call('GET', `/api/users?rolId=${ROLE.GETTER}`)).json() as { id: number }[];
    const target = project.locations[0];
    const assigned = await call('POST', '/api/user-moves/massive-locations', [{ projectLocationId: target.id, userId: getters[0].id }]);
    expect(assigned.statusCode, assigned.body).toBe(201);
    // The project says which it keeps: the form locks its box.
    expect((await load(id)).locations.map((l) => l.taken)).toEqual(project.locations.map((l) => l.id === target.id));
    expect(project.locations.some((l) => l.taken)).toBe(false);
    expect((await load(id)).locations[0]).toMatchObject({ visits: 3, availableVisits: 2 });
    const res = await call('PUT', '/api/projects/locations', { id, locations: project.locations.slice(1).map((l) => l.locationId) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`No se pueden quitar locaciones con moves ya tomadas: ${target.clientLocationId} (${target.fullName}).`);
    expect((await load(id)).locationsCount).toBe(3);
  });
});

describe('who holds the moves of each location', () => {
  it('lists the Getters of its moves in course, with how many each; none on a location without', async () => {
    const { id } = await create({ name: 'Quién tiene cada locación' });
    const project = await load(id);
    const getters = (await call('GET', `/api/users?rolId=${ROLE.GETTER}`)).json() as { id: number }[];
    const [target, other] = project.locations;
    for (const userId of [getters[0].id, getters[0].id, getters[1].id]) {
      const assigned = await call('POST', '/api/user-moves/massive-locations', [{ projectLocationId: target.id, userId }]);
      expect(assigned.statusCode, assigned.body).toBe(201);
    }
    const reloaded = await load(id);
    const held = reloaded.locations.find((l) => l.id === target.id)!.getters;
    expect(held.map((g) => [g.id, g.moves]).sort()).toEqual([[getters[0].id, 2], [getters[1].id, 1]].sort());
    for (const g of held) expect(g.name.trim().length).toBeGreaterThan(2);
    expect(reloaded.locations.find((l) => l.id === other.id)!.getters).toEqual([]);
  });
});

describe("a client's locations", () => {
  it('filters by name, code or street, by code alone and by status, and tells which are in the project', async () => {
    const { id } = await create({ name: 'Filtros', locations: cafe.locations.slice(0, 2) });
    const base = `/api/projects/locations-by-client/${cafe.id}`;
    const all = (await call('GET', `${base}?limit=100`)).json();
    expect(all.count).toBe(cafe.locations.length + 1);
    expect((await call('GET', `${base}?withStatus=true&limit=100`)).json().count).toBe(cafe.locations.length);
    expect((await call('GET', `${base}?clientLocationId=caf-00`)).json().count).toBe(cafe.locations.length + 1);
    expect((await call('GET', `${base}?clientLocationId=palermo`)).json().count).toBe(0);
    expect((await call('GET', `${base}?q=palermo`)).json().rows).toMatchObject([{ fullName: 'Café del Plata Palermo' }]);
    expect((await call('GET', `${base}?q=santa fe`)).json().rows).toMatchObject([{ street: 'Av. Santa Fe 3253' }]);
    const marked = (await call('GET', `${base}?proyectId=${id}&availableFrom=${todayIso()}&availableTo=${inDays(30)}&limit=100`)).json();
    const inProject = marked.rows.filter((r: { inProject: boolean }) => r.inProject).map((r: { id: number }) => r.id);
    expect(inProject.sort()).toEqual(cafe.locations.slice(0, 2).sort());
    expect(marked.rows.every((r: { otherProjects: number }) => r.otherProjects >= 0)).toBe(true);
    // Both dates or none, in order: they used to be dropped or to count nothing without a word.
    const only = await call('GET', `${base}?availableFrom=${todayIso()}`);
    expect(only.statusCode).toBe(400);
    expect(only.json().errors).toEqual({ availableTo: 'Indique las dos fechas (availableFrom y availableTo) o ninguna.' });
    const backwards = await call('GET', `${base}?availableFrom=${inDays(30)}&availableTo=${todayIso()}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ availableTo: 'La fecha availableTo no puede ser anterior a availableFrom.' });
    expect((await call('GET', `${base}/ids?withStatus=true`)).json().ids.sort()).toEqual([...cafe.locations].sort());
    // A page past the last one still says how many there are; rows carry no more than their fields.
    expect((await call('GET', `${base}?offset=500&limit=10`)).json()).toEqual({ rows: [], count: cafe.locations.length + 1 });
    expect(Object.keys(all.rows[0]).sort()).toEqual(['city', 'clientLocationId', 'country', 'fullName', 'id', 'inProject', 'otherProjects', 'state', 'status', 'street']);
    // The same query for another client answers that client's (the statement is kept by its shape, not its values).
    const [another] = await t.db.select({ id: locations.clientId }).from(locations).where(ne(locations.clientId, cafe.id)).limit(1);
    const others = (await call('GET', `/api/projects/locations-by-client/${another.id}?limit=100`)).json();
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(locations).where(eq(locations.clientId, another.id));
    expect(others.count).toBe(n);
    expect(others.rows.some((r: { id: number }) => cafe.locations.includes(r.id))).toBe(false);
    // 'Seleccionar todas' too: its statement is kept by the filter's shape, the client and the words are each request's.
    const idsOf = async (path: string) => ((await call('GET', path)).json().ids as number[]).sort();
    expect(await idsOf(`/api/projects/locations-by-client/${another.id}/ids`)).toEqual(others.rows.map((r: { id: number }) => r.id).sort());
    expect(await idsOf(`${base}/ids`)).toEqual(all.rows.map((r: { id: number }) => r.id).sort());
    expect(await idsOf(`${base}/ids?q=palermo`)).toEqual((await call('GET', `${base}?q=palermo`)).json().rows.map((r: { id: number }) => r.id));
    expect(await idsOf(`${base}/ids?q=santa fe`)).toEqual((await call('GET', `${base}?q=santa fe`)).json().rows.map((r: { id: number }) => r.id));
    expect(await idsOf(`${base}/ids?clientLocationId=palermo`)).toEqual([]);

    // One of the project's own, deactivated since, is still listed for it (to be taken out), flagged.
    await t.db.update(locations).set({ status: false }).where(eq(locations.id, cafe.locations[0]));
    try {
      const own = (await call('GET', `${base}?withStatus=true&proyectId=${id}&limit=100`)).json();
      expect(own.count).toBe(cafe.locations.length);
      expect(own.rows.find((r: { id: number }) => r.id === cafe.locations[0])).toMatchObject({ status: false, inProject: true });
      expect((await call('GET', `${base}?withStatus=true&limit=100`)).json().count).toBe(cafe.locations.length - 1);
      expect(await idsOf(`${base}/ids?withStatus=true&proyectId=${id}`)).toContain(cafe.locations[0]);
      expect(await idsOf(`${base}/ids?withStatus=true`)).not.toContain(cafe.locations[0]);
      expect(await idsOf(`${base}/ids?withStatus=false`)).toContain(cafe.locations[0]);
      const dropped = await call('PUT', '/api/projects/locations', { id, locations: [cafe.locations[1]] });
      expect(dropped.json()).toMatchObject({ removed: 1, locationsCount: 1 });
    } finally {
      await t.db.update(locations).set({ status: true }).where(eq(locations.id, cafe.locations[0]));
    }
  });
});

describe('references kept by projects', () => {
  it('keeps the only version of a questionnaire a project uses', async () => {
    const { id } = await create({ name: 'Cuestionario en uso' });
    const project = await load(id);
    // Versions go one by one while others remain; the project keeps the last one.
    let res = await call('DELETE', `/api/questionnariesV2/delete/${project.questionnaireId}`);
    for (let i = 0; i < 10 && res.statusCode === 200; i += 1) res = await call('DELETE', `/api/questionnariesV2/delete/${project.questionnaireId}`);
    expect([res.statusCode, res.json().message]).toEqual([409, 'El cuestionario está asignado a un proyecto: no se puede quitar su única versión.']);
    const [row] = await t.db.select({ removedAt: questionnaires.removedAt }).from(questionnaires).where(eq(questionnaires.id, project.questionnaireId));
    expect(row.removedAt).toBeNull();
  });
});

describe('roles (ACCESS.projects: read staff, write editors)', () => {
  it('lets staff read, editors write, and nobody else in', async () => {
    const agent = await tokenFor(ROLE.AGENT);
    expect((await call('GET', '/api/projects', undefined, agent)).statusCode).toBe(200);
    const denied = await call('POST', '/api/projects', newProject(), agent);
    expect([denied.statusCode, denied.json().message]).toEqual([403, AUTH_TEXT.forbidden]);
    expect((await call('PUT', '/api/projects/locations', { id: 1, locations: [1] }, agent)).statusCode).toBe(403);
    expect((await call('GET', '/api/projects', undefined, await tokenFor(ROLE.CLIENT))).statusCode).toBe(403);
    const operations = (await t.login('operaciones@campo.test')).token;
    expect((await call('POST', '/api/projects', newProject({ name: 'Por operaciones' }), operations)).statusCode).toBe(201);
    const [row] = await t.db.select({ createdBy: projects.createdBy }).from(projects).where(eq(projects.name, 'Por operaciones'));
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'operaciones@campo.test'));
    expect(row.createdBy).toBe(user.id);
  });
});

describe('at the same time as a Getter is given a visit (real concurrency on PostgreSQL)', () => {
  const ROUNDS = 8;

  it.runIf(inject('postgresServer') !== null)("removing the visit's range either refuses (taken) or wins (no visit to give): never a move left without its visit", async () => {
    const [getter] = (await call('GET', `/api/users?rolId=${ROLE.GETTER}`)).json() as { id: number }[];
    for (let round = 0; round < ROUNDS; round++) {
      const { id } = await create({ name: `Rango en disputa ${round}`, locations: cafe.locations.slice(0, 1), rangeDate: [{ from: todayIso(), to: inDays(10), visits: 1 }] });
      const project = await load(id);
      const extra = { from: inDays(20), to: inDays(30), visits: 1 };
      expect((await call('PUT', '/api/projects', editBody(project, { rangeDate: [...project.rangeDate, extra] }))).statusCode).toBe(200);
      const [pl] = (await load(id)).locations;
      const [visit] = await t.db.select({ id: visits.id }).from(visits).where(and(eq(visits.projectLocationId, pl.id), eq(visits.dueFrom, extra.from)));
      const [removal, assignment] = await Promise.all([
        call('PUT', '/api/projects', editBody(project, { rangeDate: project.rangeDate })),
        call('POST', '/api/user-moves/massive-locations', [{ projectLocationId: pl.id, visitId: visit.id, userId: getter.id }]),
      ]);
      expect([removal.statusCode, assignment.statusCode].sort(), `${removal.body} · ${assignment.body}`).toEqual(removal.statusCode === 200 ? [200, 409] : [201, 400]);
      // Refused for the reason that holds, not a deadlock said as a 409.
      // The visit the stock screen named went with its range: said naming it.
      if (assignment.statusCode === 409) expect(assignment.json().message).toBe(await visitGoneMessage(t, pl.id));
      const orphans = await t.db.select({ id: userMoves.id }).from(userMoves).where(and(eq(userMoves.projectLocationId, pl.id), sql`${userMoves.visitId} is null`));
      expect(orphans, `round ${round}`).toEqual([]);
    }
  });

  it.runIf(inject('postgresServer') !== null)('removing the location either refuses (a move) or wins (nothing to give): never a 500', async () => {
    const [getter] = (await call('GET', `/api/users?rolId=${ROLE.GETTER}`)).json() as { id: number }[];
    for (let round = 0; round < ROUNDS; round++) {
      const { id } = await create({ name: `Locación en disputa ${round}`, locations: cafe.locations.slice(0, 2), rangeDate: [{ from: todayIso(), to: inDays(10), visits: 1 }] });
      const project = await load(id);
      const leaving = project.locations.find((l) => l.locationId === cafe.locations[1])!;
      const [removal, assignment] = await Promise.all([
        call('PUT', '/api/projects/locations', { id, locations: [cafe.locations[0]] }),
        call('POST', '/api/user-moves/massive-locations', [{ projectLocationId: leaving.id, userId: getter.id }]),
      ]);
      const said = `round ${round}: ${removal.statusCode} ${removal.body} · ${assignment.statusCode} ${assignment.body}`;
      const moves = await t.db.select({ id: userMoves.id }).from(userMoves).where(eq(userMoves.projectLocationId, leaving.id));
      const kept = (await load(id)).locations.some((l) => l.id === leaving.id);
      // Either the move was made and the location stayed (its removal refused), or the location went and no move was made.
      if (kept) expect([moves.length, removal.statusCode, assignment.statusCode], said).toEqual([1, 400, 201]);
      else {
        expect([moves.length, removal.statusCode], said).toEqual([0, 200]);
        // The location went before the assignment could lock it: it belongs to no project any more.
        expect([assignment.statusCode, assignment.json().message], said).toEqual([400, 'Alguna de las locaciones no pertenece a un proyecto.']);
      }
    }
  });
});
