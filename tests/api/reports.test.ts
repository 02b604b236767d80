/**
 * The client side's API: the performance report, its selectors, the dashboard's statistics and a
 * plan's survey and work, on a client of its own with hand-made moves whose averages are worked
 * out below; who sees which points of sale; and approval filling each move's dimension results.
 */
import { asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../../domain/auth';
import type { MoveReplies } from '../../domain/move-replies';
import type { Dimension, Question } from '../../domain/questionnaires';
import { type PerformanceAnswer, REPORT_TEXT, type ReportOptions, type ReportSort, type VisitDetail } from '../../domain/reports';
import { ROLE } from '../../domain/roles';
import { dimensionResults, type StatisticsAnswer, type SurveyAndWork } from '../../domain/statistics';
import { DOWNLOAD_VIDEO_ACTION } from '../../domain/webUsers';
import { campaigns, clients, locations, locationZoneManagers, moveReplies, projectLocations, projects, projectVisitRanges, questionnaireVersions, userActions, userMoves, users } from '../../server/db/schema';
import { reportRows } from '../../src/resources/reports/excel';
import { createTestApp, type TestApp } from './helpers';
import { caller, inStatus, movesWhere, reload, withAgent } from './moves-helpers';

let t: TestApp;
let api: ReturnType<typeof caller>;
const ids = {} as {
  client: number;
  otherClientLocation: number;
  l1: number;
  l2: number;
  l3: number;
  l4: number;
  p1: number;
  p2: number;
  v: number;
  v2: number;
  moves: Record<string, number>;
};
const EMAIL = {
  client: 'cliente@estadisticas.campo.test',
  franchiseA: 'franquicia.a@estadisticas.campo.test',
  franchiseB: 'franquicia.b@estadisticas.campo.test',
  zone: 'zona@estadisticas.campo.test',
};
const tokens = {} as Record<keyof typeof EMAIL | 'admin' | 'operations', string>;

const dims = (a: number, b?: number) => [{ id: 'A', name: 'Atención', result: a }, ...(b === undefined ? [] : [{ id: 'B', name: 'Limpieza', result: b }])];

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  const [demoUser] = await t.db.select().from(users).where(eq(users.email, 'cliente@campo.test'));
  const [template] = await t.db.select().from(locations).where(eq(locations.clientId, demoUser.clientId!)).orderBy(asc(locations.id)).limit(1);
  ids.otherClientLocation = template.id;
  const [client] = await t.db
    .insert(clients)
    .values({ name: 'Heladerías Estadística', address: 'Mitre 1', email: 'info@estadistica.test', claimUrl: 'https://forms.test/r', contactUrl: 'https://forms.test/c' })
    .returning();
  ids.client = client.id;
  const people = await t.db
    .insert(users)
    .values([
      { email: EMAIL.client, names: 'Clara', lastName: 'Cliente', rolId: ROLE.CLIENT, clientId: client.id, passwordHash: demoUser.passwordHash },
      { email: EMAIL.franchiseA, names: 'Fabio', lastName: 'Dueño', rolId: ROLE.FRANCHISE, clientId: client.id, passwordHash: demoUser.passwordHash },
      { email: EMAIL.franchiseB, names: 'Flor', lastName: 'Dueña', rolId: ROLE.FRANCHISE, clientId: client.id, passwordHash: demoUser.passwordHash },
      { email: EMAIL.zone, names: 'Zulema', lastName: 'Zona', rolId: ROLE.ZONE_MANAGER, clientId: client.id, passwordHash: demoUser.passwordHash },
    ])
    .returning();
  const person = (email: string) => people.find((p) => p.email === email)!.id;
  const { id: _id, code: _code, createdAt: _c, updatedAt: _u, ...copy } = template;
  const made = await t.db
    .insert(locations)
    .values(
      ['Centro', 'Norte', 'Sur', 'Oeste'].map((name, i) => ({
        ...copy,
        clientId: client.id,
        fullName: `Heladería ${name}`,
        clientLocationId: `HEL-00${i + 1}`,
        ownerId: i < 2 ? person(EMAIL.franchiseA) : i === 2 ? person(EMAIL.franchiseB) : null,
        status: true,
      })),
    )
    .returning({ id: locations.id });
  [ids.l1, ids.l2, ids.l3, ids.l4] = made.map((l) => l.id);
  await t.db.insert(locationZoneManagers).values([ids.l3, ids.l4].map((locationId) => ({ locationId, userId: person(EMAIL.zone) })));

  const [campaign] = await t.db.insert(campaigns).values({ name: 'Temporada helada', clientId: client.id, startDate: '2025-01-01', endDate: '2026-12-31' }).returning();
  const [p1, p2] = await t.db
    .insert(projects)
    .values([
      { name: 'Plan heladerías', clientId: client.id, campaignId: campaign.id, startDate: '2025-01-01', endDate: '2026-12-31' },
      { name: 'Plan especial', clientId: client.id, startDate: '2026-01-01', endDate: '2026-06-30' },
    ])
    .returning();
  ids.p1 = p1.id;
  ids.p2 = p2.id;
  const pls = await t.db
    .insert(projectLocations)
    .values([...[ids.l1, ids.l2, ids.l3, ids.l4].map((locationId) => ({ projectId: p1.id, locationId })), { projectId: p2.id, locationId: ids.l1 }])
    .returning();
  const pl = (projectId: number, locationId: number) => pls.find((r) => r.projectId === projectId && r.locationId === locationId)!.id;
  await t.db.insert(projectVisitRanges).values(pls.filter((r) => r.projectId === p1.id).map((r) => ({ projectLocationId: r.id, from: '2025-01-01', to: '2026-12-31', visits: 3 })));

  const versions = await t.db.select({ id: questionnaireVersions.id }).from(questionnaireVersions).orderBy(asc(questionnaireVersions.id)).limit(2);
  [ids.v, ids.v2] = versions.map((v) => v.id);
  const move = (name: string, projectId: number, locationId: number, completed: string, result: number, dimensionResults: { id: string; name: string; result: number }[], extra: Partial<typeof userMoves.$inferInsert> = {}) => ({
    name,
    row: {
      projectLocationId: pl(projectId, locationId),
      status: 'APROBADA',
      questionnaireVersionId: ids.v,
      questionnaireResult: result.toFixed(2),
      dimensionResults,
      startAuditDate: new Date(Date.parse(completed) - 3_600_000),
      completedAuditDate: new Date(completed),
      finishAnalysisDate: new Date(Date.parse(completed) + 86_400_000),
      ...extra,
    } satisfies typeof userMoves.$inferInsert,
  });
  const planned = [
    move('m1', p1.id, ids.l1, '2025-03-10T15:00:00Z', 80, dims(70, 90)),
    move('m2', p1.id, ids.l2, '2025-03-20T15:00:00Z', 60, dims(50, -1)),
    move('m3', p1.id, ids.l3, '2025-04-05T15:00:00Z', 100, dims(100, 100)),
    move('m4', p1.id, ids.l1, '2026-01-15T15:00:00Z', 90, dims(90, 90)),
    // 23:30 on 31 January in Argentina is already 1 February in UTC: it belongs to January.
    move('m5', p1.id, ids.l4, '2026-02-01T02:30:00Z', 70, dims(60, 80)),
    move('m6', p1.id, ids.l2, '2026-02-10T15:00:00Z', -1, dims(-1, -1)),
    move('m7', p1.id, ids.l3, '2026-02-12T15:00:00Z', 50, dims(50), { questionnaireVersionId: ids.v2 }),
    move('m8', p1.id, ids.l1, '2026-02-13T15:00:00Z', 99, dims(99, 99), { status: 'EN_REVISION', finishAnalysisDate: null }),
    move('m9', p2.id, ids.l1, '2026-02-14T15:00:00Z', 85, dims(80, 90)),
  ];
  const inserted = await t.db
    .insert(userMoves)
    .values(planned.map((p) => p.row))
    .returning({ id: userMoves.id });
  ids.moves = Object.fromEntries(planned.map((p, i) => [p.name, inserted[i].id]));

  for (const key of Object.keys(EMAIL) as (keyof typeof EMAIL)[]) tokens[key] = (await t.login(EMAIL[key])).token;
  tokens.admin = (await t.login('admin@campo.test')).token;
  tokens.operations = (await t.login('operaciones@campo.test')).token;
});
afterAll(() => t?.close());

const WHOLE = 'fromDate=2025-01-01&toDate=2026-12-31';
const report = (token: string, query: string) => api.call('GET', `/reports/performance?${query}`, token);
const codesOf = async (token: string, query: string) => {
  const res = await report(token, query);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as PerformanceAnswer;
  return { total: body.total, ids: body.result.map((r) => r.id), body };
};
const m = (...names: string[]) => names.map((n) => ids.moves[n]);

describe('the performance report', () => {
  it('gives a client user the approved visits of all its project locations, newest visit first', async () => {
    const { total, ids: rows, body } = await codesOf(tokens.client, `projectId=${ids.p1}&${WHOLE}&limit=100`);
    expect(rows).toEqual(m('m7', 'm6', 'm5', 'm4', 'm3', 'm2', 'm1'));
    expect(total).toBe(7);
    const m6 = body.result.find((r) => r.id === ids.moves.m6)!;
    expect(m6.questionnaireResult).toBe(-1);
    expect(body.result[0]).toMatchObject({
      code: expect.stringMatching(/^M-\d{7}$/),
      questionnaireResult: 50,
      visitDate: '2026-02-12T15:00:00.000Z',
      projectLocation: {
        projects: { id: ids.p1, name: 'Plan heladerías', client: { id: ids.client, name: 'Heladerías Estadística' }, campaigns: { name: 'Temporada helada', client: { name: 'Heladerías Estadística' } } },
        locations: { id: ids.l3, fullName: 'Heladería Sur', clientLocationId: 'HEL-003' },
      },
    });
  });

  it('pages on the server and reads the dates as Argentine days', async () => {
    const page = await codesOf(tokens.client, `projectId=${ids.p1}&${WHOLE}&offset=2&limit=2`);
    expect(page).toMatchObject({ total: 7, ids: m('m5', 'm4') });
    // A page past the last one has no row to carry the total: it is counted apart.
    expect(await codesOf(tokens.client, `projectId=${ids.p1}&${WHOLE}&offset=10&limit=2`)).toMatchObject({ total: 7, ids: [] });
    expect(await codesOf(tokens.client, `projectId=${ids.p2}&${WHOLE}&clientLocationId=${ids.l3}&offset=0&limit=2`)).toMatchObject({ total: 0, ids: [] });
    expect((await codesOf(tokens.client, `projectId=${ids.p1}&fromDate=31/01/2026&toDate=31/01/2026`)).ids).toEqual(m('m5'));
    expect((await codesOf(tokens.client, `projectId=${ids.p1}&fromDate=2026-02-01&toDate=2026-02-11`)).ids).toEqual(m('m6'));
  });

  it('filters by point of sale', async () => {
    expect((await codesOf(tokens.client, `projectId=${ids.p1}&clientLocationId=${ids.l1}&${WHOLE}`)).ids).toEqual(m('m4', 'm1'));
    expect((await codesOf(tokens.client, `projectId=${ids.p2}&${WHOLE}`)).ids).toEqual(m('m9'));
  });

  it('makes a franchise user choose one of its own points of sale, and refuses another\'s', async () => {
    const none = await report(tokens.franchiseA, `projectId=${ids.p1}&${WHOLE}`);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ clientLocationId: 'Requerido' });
    // Said as a sentence that tells what to do, not a bare 'Requerido'.
    expect(none.json().message).toBe(REPORT_TEXT.pickLocation);
    expect((await codesOf(tokens.franchiseA, `projectId=${ids.p1}&clientLocationId=${ids.l2}&${WHOLE}`)).ids).toEqual(m('m6', 'm2'));
    for (const other of [ids.l3, ids.l4, ids.otherClientLocation]) {
      const res = await report(tokens.franchiseA, `projectId=${ids.p1}&clientLocationId=${other}&${WHOLE}`);
      expect(res.statusCode, String(other)).toBe(403);
      expect(res.json()).toEqual({ message: REPORT_TEXT.locationForbidden });
    }
    expect((await codesOf(tokens.franchiseB, `projectId=${ids.p1}&clientLocationId=${ids.l3}&${WHOLE}`)).ids).toEqual(m('m7', 'm3'));
    // The checks run together, but a project that is not the client's is told first, whichever answers first.
    const [demo] = await t.db.select({ id: projects.id }).from(projects).where(eq(projects.name, 'Relevamiento de locales - ciclo anterior'));
    for (const location of ['', `&clientLocationId=${ids.l3}`]) expect((await report(tokens.franchiseA, `projectId=${demo.id}${location}&${WHOLE}`)).statusCode, location).toBe(404);
  });

  it('gives a zone manager the points of sale of its zone', async () => {
    expect((await codesOf(tokens.zone, `projectId=${ids.p1}&${WHOLE}`)).ids).toEqual(m('m7', 'm5', 'm3'));
    expect((await report(tokens.zone, `projectId=${ids.p1}&clientLocationId=${ids.l1}&${WHOLE}`)).statusCode).toBe(403);
  });

  it('keeps every client in its own data', async () => {
    const [demo] = await t.db.select({ id: projects.id, clientId: projects.clientId }).from(projects).where(eq(projects.name, 'Relevamiento de locales - ciclo anterior'));
    const foreign = await report(tokens.client, `projectId=${demo.id}&${WHOLE}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(REPORT_TEXT.projectNotFound);
    const otherClient = await report(tokens.client, `clientId=${demo.clientId}&projectId=${ids.p1}&${WHOLE}`);
    expect(otherClient.statusCode).toBe(403);
    expect(otherClient.json().message).toBe(REPORT_TEXT.clientForbidden);
  });

  it('lets the administrator read any client\'s, naming it, and no other staff', async () => {
    const unnamed = await report(tokens.admin, `projectId=${ids.p1}&${WHOLE}`);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors.clientId).toBe(REPORT_TEXT.pickClient);
    expect((await codesOf(tokens.admin, `clientId=${ids.client}&projectId=${ids.p1}&${WHOLE}`)).total).toBe(7);
    for (const token of [tokens.operations, await api.tokenFor(ROLE.INACTIVE), await api.tokenFor(ROLE.GETTER), await api.tokenFor(null)]) {
      const res = await report(token, `clientId=${ids.client}&projectId=${ids.p1}&${WHOLE}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: AUTH_TEXT.forbidden });
    }
  });

  it('validates its filters', async () => {
    const res = await report(tokens.client, `projectId=${ids.p1}&fromDate=2026-02-01&toDate=2026-01-01`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.toDate).toBe(REPORT_TEXT.endBeforeStart);
    // No project: told it is required, not that an id it was never given is invalid.
    const noProject = await report(tokens.client, `fromDate=2026-02-01&toDate=2026-03-01`);
    expect(noProject.statusCode).toBe(400);
    expect(noProject.json().errors.projectId).toBe('Requerido');
    // Its summary names what is missing ('Requerido.' alone did not).
    expect(noProject.json().message).toBe('Falta el filtro «projectId».');
    expect((await report(tokens.client, `projectId=abc&fromDate=2026-02-01&toDate=2026-03-01`)).json().errors.projectId).toBe('Identificador inválido');
  });
});

describe('the report\'s selectors', () => {
  const options = async (token: string, query = '') => {
    const res = await api.call('GET', `/reports/options${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReportOptions;
  };

  it('gives a client user its projects and every project location once', async () => {
    const all = await options(tokens.client);
    expect(all.locationRequired).toBe(false);
    expect(all.client).toEqual({ id: ids.client, name: 'Heladerías Estadística' });
    expect(all.projects.map((p) => p.name).sort()).toEqual(['Plan especial', 'Plan heladerías']);
    expect(all.locations.map((l) => l.id)).toEqual([ids.l1, ids.l2, ids.l4, ids.l3]);
    expect((await options(tokens.client, `?projectId=${ids.p2}`)).locations.map((l) => l.fullName)).toEqual(['Heladería Centro']);
  });

  it('tells a client that does not exist, and a project of another client, apart (404)', async () => {
    const missing = await api.call('GET', '/reports/options?clientId=999999', tokens.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El cliente no existe.');
    const [other] = await t.db.select({ id: projects.id }).from(projects).where(ne(projects.clientId, ids.client)).limit(1);
    for (const projectId of [other.id, 999999]) {
      const res = await api.call('GET', `/reports/options?projectId=${projectId}`, tokens.client);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(REPORT_TEXT.projectNotFound);
    }
    // The administrator names the client: its projects, newest first, with their dates.
    const named = await options(tokens.admin, `?clientId=${ids.client}`);
    expect(named.hasLocations).toBe(true);
    expect(named.projects.map((p) => p.startDate)).toEqual([...named.projects.map((p) => p.startDate)].sort().reverse());
    expect(named.projects.every((p) => /^\d{4}-\d{2}-\d{2}$/.test(p.startDate) && /^\d{4}-\d{2}-\d{2}$/.test(p.endDate))).toBe(true);
  });

  it('gives a franchise user only the points of sale it owns, and says it must pick one', async () => {
    const own = await options(tokens.franchiseA);
    expect(own.locationRequired).toBe(true);
    expect(own.locations.map((l) => l.id)).toEqual([ids.l1, ids.l2]);
    expect((await options(tokens.franchiseB)).projects.map((p) => p.name)).toEqual(['Plan heladerías']);
  });

  it('says whether the user is in charge of any point of sale: a new franchise user or zone manager is of none', async () => {
    for (const token of [tokens.client, tokens.franchiseA, tokens.zone]) expect((await options(token)).hasLocations).toBe(true);
    const [{ passwordHash }] = await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, EMAIL.franchiseA));
    for (const [email, rolId] of [['franquicia.nueva@estadisticas.campo.test', ROLE.FRANCHISE], ['zona.nueva@estadisticas.campo.test', ROLE.ZONE_MANAGER]] as const) {
      await t.db.insert(users).values({ email, names: 'Nadia', lastName: 'Nueva', rolId, clientId: ids.client, passwordHash });
      const token = (await t.login(email)).token;
      const none = await options(token);
      expect(none).toMatchObject({ hasLocations: false, projects: [], locations: [] });
      // The dashboard's statistics say it as well (it shows no plan, and why).
      const res = await api.call('GET', '/core-estadisticas/estadisticas/getEstadisticas', token);
      expect(res.json()).toMatchObject({ plans: [], hasLocations: false });
    }
  });
});

describe('the dashboard\'s statistics', () => {
  const statistics = async (token: string, query = '') => {
    const res = await api.call('GET', `/core-estadisticas/estadisticas/getEstadisticas${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StatisticsAnswer;
  };
  const planOf = (answer: StatisticsAnswer, id: number) => answer.plans.find((p) => p.id === id)!;

  it('tells a client that does not exist (404), and gives the administrator the named client\'s plans, latest end first', async () => {
    const missing = await api.call('GET', '/core-estadisticas/estadisticas/getEstadisticas?clientId=999999', tokens.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El cliente no existe.');
    const named = await statistics(tokens.admin, `?clientId=${ids.client}`);
    expect(named.client).toEqual({ id: ids.client, name: 'Heladerías Estadística' });
    expect(named.plans.map((p) => p.id).sort()).toEqual([ids.p1, ids.p2].sort());
    const ends = named.plans.map((p) => p.endDate);
    expect(ends).toEqual([...ends].sort().reverse());
  });

  it('says of each version whether it has penalty dimensions (they lower the result, and no dimension shows them)', async () => {
    const plan = planOf(await statistics(tokens.client), ids.p1);
    const contents = await t.db.select({ id: questionnaireVersions.id, content: questionnaireVersions.content }).from(questionnaireVersions).where(inArray(questionnaireVersions.id, [ids.v, ids.v2]));
    const hasPenalty = (id: number) => (contents.find((c) => c.id === id)!.content as { dimensions: { type: string }[] }).dimensions.some((d) => d.type === 'PENALTY');
    // The demo's first café versions: one without penalties, one with.
    expect([hasPenalty(ids.v), hasPenalty(ids.v2)].sort()).toEqual([false, true]);
    for (const id of [ids.v, ids.v2]) expect(plan.statistics.find((s) => s.versionId === id)!.penalties, `version ${id}`).toBe(hasPenalty(id));
  });

  it('averages the approved moves of each plan and version overall, by year, by Argentine month and by dimension', async () => {
    const answer = await statistics(tokens.client);
    expect(answer.client).toEqual({ id: ids.client, name: 'Heladerías Estadística' });
    const plan = planOf(answer, ids.p1);
    expect(plan).toMatchObject({ name: 'Plan heladerías', campaign: { name: 'Temporada helada' }, startDate: '2025-01-01', endDate: '2026-12-31' });
    const v = plan.statistics.find((s) => s.versionId === ids.v)!;
    // m1 80, m2 60, m3 100, m4 90, m5 70, and m6 N/A: an approved visit, counted, but no result to
    // average (m8 not approved, m7 another version).
    expect(v).toMatchObject({ moves: 6, unscored: 1, result: 80 });
    expect(v.dimensions).toEqual([
      { id: 'A', name: 'Atención', moves: 5, result: 74 },
      { id: 'B', name: 'Limpieza', moves: 4, result: 90 },
    ]);
    expect(v.annual).toEqual([
      {
        year: 2025,
        moves: 3,
        unscored: 0,
        result: 80,
        periods: [
          { period: '2025-03', moves: 2, unscored: 0, result: 70 },
          { period: '2025-04', moves: 1, unscored: 0, result: 100 },
        ],
        dimensions: [
          { id: 'A', name: 'Atención', moves: 3, result: 73.33 },
          { id: 'B', name: 'Limpieza', moves: 2, result: 95 },
        ],
      },
      {
        year: 2026,
        moves: 3,
        unscored: 1,
        result: 80,
        // A month whose only visit is N/A: one visit, no result, and it says so.
        periods: [
          { period: '2026-01', moves: 2, unscored: 0, result: 80 },
          { period: '2026-02', moves: 1, unscored: 1, result: null },
        ],
        dimensions: [
          { id: 'A', name: 'Atención', moves: 2, result: 75 },
          { id: 'B', name: 'Limpieza', moves: 2, result: 85 },
        ],
      },
    ]);
    expect(plan.statistics.find((s) => s.versionId === ids.v2)).toMatchObject({ moves: 1, result: 50, annual: [{ year: 2026, periods: [{ period: '2026-02', moves: 1, result: 50 }] }] });
    expect(planOf(answer, ids.p2).statistics).toMatchObject([{ versionId: ids.v, moves: 1, result: 85 }]);
  });

  it('counts only a franchise user\'s own points of sale, and a zone manager\'s zone', async () => {
    const own = await statistics(tokens.franchiseA);
    const plan = planOf(own, ids.p1);
    // m1 80, m2 60, m4 90, and m6 N/A.
    expect(plan.statistics).toHaveLength(1);
    expect(plan.statistics[0]).toMatchObject({ moves: 4, result: 76.67, annual: [{ year: 2025, moves: 2, result: 70 }, { year: 2026, moves: 2, result: 90 }] });
    const zone = await statistics(tokens.zone);
    expect(zone.plans.map((p) => p.id)).toEqual([ids.p1]);
    // m3 100 and m5 70 with the first version; m7 50 with the second.
    expect(zone.plans[0].statistics.map((s) => [s.versionId, s.moves, s.result])).toEqual([
      [ids.v, 2, 85],
      [ids.v2, 1, 50],
    ]);
  });

  it('counts an approved move with no result at all (a version without dimensions) as N/A, as the report lists it', async () => {
    const [plan] = await t.db.insert(projects).values({ name: 'Plan sin puntaje', clientId: ids.client, startDate: '2026-01-01', endDate: '2026-06-30' }).returning();
    const [place] = await t.db.insert(projectLocations).values({ projectId: plan.id, locationId: ids.l1 }).returning();
    const when = new Date('2026-03-10T15:00:00Z');
    const [move] = await t.db
      .insert(userMoves)
      .values({ projectLocationId: place.id, status: 'APROBADA', questionnaireVersionId: ids.v, questionnaireResult: null, startAuditDate: when, completedAuditDate: when, finishAnalysisDate: when })
      .returning();
    try {
      const listed = await codesOf(tokens.client, `projectId=${plan.id}&${WHOLE}`);
      expect(listed.body.result.map((r) => [r.id, r.questionnaireResult])).toEqual([[move.id, -1]]);
      const stats = planOf(await statistics(tokens.client), plan.id).statistics;
      expect(stats).toMatchObject([{ versionId: ids.v, moves: 1, unscored: 1, result: null, annual: [{ year: 2026, moves: 1, unscored: 1, result: null, periods: [{ period: '2026-03', moves: 1, unscored: 1, result: null }] }] }]);
    } finally {
      await t.db.delete(userMoves).where(eq(userMoves.id, move.id));
      await t.db.delete(projectLocations).where(eq(projectLocations.id, place.id));
      await t.db.delete(projects).where(eq(projects.id, plan.id));
    }
  });

  it('answers the administrator for the client it names', async () => {
    expect(planOf(await statistics(tokens.admin, `?clientId=${ids.client}`), ids.p1).statistics.find((s) => s.versionId === ids.v)).toMatchObject({ moves: 6, result: 80 });
    expect((await api.call('GET', '/core-estadisticas/estadisticas/getEstadisticas', tokens.operations)).statusCode).toBe(403);
  });

  it('describes a plan\'s survey and work over the user\'s points of sale', async () => {
    const url = `/core-works/works/getSurveyAndWork/${ids.p1}`;
    expect((await api.ok<SurveyAndWork>('GET', url, tokens.client)).counts).toEqual({ locations: 4, plannedVisits: 12, approvedMoves: 7, inProgressMoves: 1 });
    const own = await api.ok<SurveyAndWork>('GET', url, tokens.franchiseA);
    expect(own).toMatchObject({ id: ids.p1, name: 'Plan heladerías', client: { id: ids.client }, campaign: { name: 'Temporada helada' } });
    expect(own.counts).toEqual({ locations: 2, plannedVisits: 6, approvedMoves: 4, inProgressMoves: 1 });
    expect((await api.call('GET', `/core-works/works/getSurveyAndWork/${ids.p2}`, tokens.franchiseB)).statusCode).toBe(404);
  });
});

describe('approving a move', () => {
  it('stores the result of each of its dimensions, as the dashboard reads them', async () => {
    const [move] = await movesWhere(t, inStatus('EN_REVISION'), withAgent, isNull(userMoves.rescueUserId));
    await api.ok('POST', '/user-moves/accept-one', tokens.admin, { id: move.id, userMoveVideoLink: 'https://www.dropbox.com/s/abc/visita.mp4?dl=0', version: move.version });
    const approved = await reload(t, move.id);
    const [version] = await t.db.select().from(questionnaireVersions).where(eq(questionnaireVersions.id, approved.questionnaireVersionId!));
    // The agent's edit when there is one, else the Getter's reply.
    const [reply] = await t.db.select().from(moveReplies).where(eq(moveReplies.userMoveId, move.id)).orderBy(desc(moveReplies.byAgent));
    const expected = dimensionResults(version.content as { dimensions: Dimension[] }, reply.replies as MoveReplies);
    expect(expected.length).toBeGreaterThan(0);
    expect(approved.dimensionResults).toEqual(expected);
  });

  it('has given every approved demo move its dimension results', async () => {
    expect(await movesWhere(t, inStatus('APROBADA'), isNull(userMoves.dimensionResults))).toEqual([]);
  });
});

describe('sorting the performance report', () => {
  // A project of its own, so the other suites' figures stay as they are: visits at the same instant,
  // results and points of sale repeated, inserted in an order that is neither the dates' nor the names'.
  const sorted = {} as Record<'a' | 'b' | 'c' | 'd' | 'e', number>;
  let project: number;
  beforeAll(async () => {
    const [p3] = await t.db.insert(projects).values({ name: 'Plan de orden', clientId: ids.client, startDate: '2026-03-01', endDate: '2026-03-31' }).returning();
    project = p3.id;
    const pls = await t.db
      .insert(projectLocations)
      .values([ids.l1, ids.l2, ids.l4].map((locationId) => ({ projectId: p3.id, locationId })))
      .returning();
    const at = (locationId: number) => pls.find((r) => r.locationId === locationId)!.id;
    const visit = (locationId: number, completed: string, result: string | null) => ({
      projectLocationId: at(locationId),
      status: 'APROBADA',
      questionnaireVersionId: ids.v,
      questionnaireResult: result,
      dimensionResults: [],
      startAuditDate: new Date(Date.parse(completed) - 3_600_000),
      completedAuditDate: new Date(completed),
    });
    const rows = await t.db
      .insert(userMoves)
      .values([
        visit(ids.l2, '2026-03-05T15:00:00Z', '75.00'), // a: Norte
        visit(ids.l1, '2026-03-01T15:00:00Z', '75.00'), // b: Centro
        visit(ids.l4, '2026-03-05T15:00:00Z', '40.00'), // c: Oeste
        visit(ids.l1, '2026-03-05T15:00:00Z', null), // d: Centro, N/A
        visit(ids.l2, '2026-03-01T15:00:00Z', '75.00'), // e: Norte
      ])
      .returning({ id: userMoves.id });
    [sorted.a, sorted.b, sorted.c, sorted.d, sorted.e] = rows.map((r) => r.id);
  });

  const MARCH = 'fromDate=2026-03-01&toDate=2026-03-31';
  const inOrder = async (sortQuery: string, token = tokens.client) => (await codesOf(token, `projectId=${project}&${MARCH}&${sortQuery}`)).ids;
  const s = (...names: (keyof typeof sorted)[]) => names.map((n) => sorted[n]);

  it('sorts by each header, both ways, ties by the move in the same direction', async () => {
    // Unasked: newest visit first; the three visits at the same instant by id, descending.
    expect(await inOrder('')).toEqual(s('d', 'c', 'a', 'e', 'b'));
    expect(await inOrder('sort=visitDate&order=DESC')).toEqual(s('d', 'c', 'a', 'e', 'b'));
    expect(await inOrder('sort=visitDate&order=ASC')).toEqual(s('b', 'e', 'a', 'c', 'd'));
    expect(await inOrder('sort=code&order=ASC')).toEqual(s('a', 'b', 'c', 'd', 'e'));
    expect(await inOrder('sort=code&order=DESC')).toEqual(s('e', 'd', 'c', 'b', 'a'));
    // Heladería Centro, Norte, Oeste.
    expect(await inOrder('sort=location&order=ASC')).toEqual(s('b', 'd', 'a', 'e', 'c'));
    expect(await inOrder('sort=location&order=DESC')).toEqual(s('c', 'e', 'a', 'd', 'b'));
    // N/A (no result) sorts as the -1 the row shows.
    expect(await inOrder('sort=result&order=ASC')).toEqual(s('d', 'c', 'a', 'b', 'e'));
    expect(await inOrder('sort=result&order=DESC')).toEqual(s('e', 'b', 'a', 'c', 'd'));
    // The direction in any case; a sort without one is descending, as without a sort.
    expect(await inOrder('sort=result&order=asc')).toEqual(s('d', 'c', 'a', 'b', 'e'));
    expect(await inOrder('sort=location')).toEqual(s('c', 'e', 'a', 'd', 'b'));
  });

  it('pages a sort with ties without repeating or skipping a row', async () => {
    for (const sortQuery of ['sort=visitDate&order=DESC', 'sort=location&order=ASC', 'sort=result&order=DESC', 'sort=code&order=ASC']) {
      const whole = await inOrder(sortQuery);
      const paged: number[] = [];
      for (let offset = 0; offset < whole.length; offset += 2) paged.push(...(await inOrder(`${sortQuery}&offset=${offset}&limit=2`)));
      expect(paged, sortQuery).toEqual(whole);
      expect(new Set(paged).size).toBe(5);
    }
  });

  /** Every row of the sort, read as the console's Excel reads them (`reportRows`), `between` run after each page. */
  const exported = async (sortQuery: string, between: (page: number) => Promise<void> = async () => undefined) => {
    const params = new URLSearchParams(sortQuery);
    const sort = { field: params.get('sort') as ReportSort, order: params.get('order') as 'ASC' | 'DESC' };
    let pages = 0;
    const rows = await reportRows({ projectId: project, fromDate: '2026-03-01', toDate: '2026-03-31' }, sort, async (filter, at, order) => {
      if (pages > 0) await between(pages);
      pages += 1;
      const query = new URLSearchParams(Object.entries({ ...filter, ...at, sort: order.field, order: order.order }).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
      return (await codesOf(tokens.client, query.toString())).body;
    }, 2);
    return { ids: rows.map((r) => r.id), pages };
  };

  it('pages by keyset after the last row read, in every order, as the whole list', async () => {
    for (const field of ['visitDate', 'location', 'result', 'code'] as const) {
      for (const order of ['ASC', 'DESC'] as const) {
        const sortQuery = `sort=${field}&order=${order}`;
        const { ids: paged, pages } = await exported(sortQuery);
        expect(pages, sortQuery).toBe(3);
        expect(paged, sortQuery).toEqual(await inOrder(sortQuery));
      }
    }
  });

  it('neither repeats nor loses a row when a visit is disapproved or approved between two pages of the export', async () => {
    // A visit approved while the file downloads, newest of all: it sorts before every page already read.
    const a = await reload(t, sorted.a);
    const [late] = await t.db
      .insert(userMoves)
      .values({
        projectLocationId: a.projectLocationId,
        status: 'EN_REVISION',
        questionnaireVersionId: ids.v,
        questionnaireResult: '60.00',
        dimensionResults: [],
        startAuditDate: new Date('2026-03-06T14:00:00Z'),
        completedAuditDate: new Date('2026-03-06T15:00:00Z'),
      })
      .returning({ id: userMoves.id });
    try {
      const { ids: got } = await exported('sort=visitDate&order=DESC', async (page) => {
        // After the first page (d, c), d is disapproved; after the second, the late visit is approved.
        if (page === 1) await t.db.update(userMoves).set({ status: 'DESAPROBADA' }).where(eq(userMoves.id, sorted.d));
        if (page === 2) await t.db.update(userMoves).set({ status: 'APROBADA' }).where(eq(userMoves.id, late.id));
      });
      // By offset the second page started one row too far (a was lost) and the third one row too soon (b twice).
      expect(got).toEqual(s('d', 'c', 'a', 'e', 'b'));
    } finally {
      await t.db.update(userMoves).set({ status: 'APROBADA' }).where(eq(userMoves.id, sorted.d));
      await t.db.delete(userMoves).where(eq(userMoves.id, late.id));
    }
  });

  it('refuses a keyset page without the cursor\'s key, or with a key that is not of the sorted column', async () => {
    const base = `projectId=${project}&${MARCH}`;
    const noKey = await report(tokens.client, `${base}&sort=code&order=ASC&after=${sorted.a}`);
    expect(noKey.statusCode).toBe(400);
    expect(Object.keys(noKey.json().errors)).toEqual(['afterKey']);
    // Dates JavaScript reads (rolling the day over) but PostgreSQL refuses: a 400 too, not a 500 of the cast.
    const notDays = ['2026-02-30T00:00:00Z', '2026-04-31T10:00:00.000Z', '0000-01-01T00:00:00Z', '2026-03-10T1:2Z', '2026-03-10T10:00:00+25:00'].map((key) => ['visitDate', key] as const);
    for (const [sort, key] of [['visitDate', 'ayer'], ['result', 'noventa'], ['result', '1e9'], ...notDays] as const) {
      const res = await report(tokens.client, `${base}&sort=${sort}&order=ASC&after=${sorted.a}&afterKey=${encodeURIComponent(key)}`);
      expect(res.statusCode, `${sort} ${key}`).toBe(400);
      expect(res.json(), `${sort} ${key}`).toEqual({ message: REPORT_TEXT.badCursor, errors: { afterKey: REPORT_TEXT.badCursor } });
    }
  });

  it('keeps each user to its own points of sale whatever the order', async () => {
    // Franchise A owns Centro and Norte; the zone manager, Sur and Oeste.
    expect(await inOrder(`clientLocationId=${ids.l2}&sort=result&order=ASC`, tokens.franchiseA)).toEqual(s('a', 'e'));
    expect(await inOrder(`clientLocationId=${ids.l1}&sort=location&order=DESC`, tokens.franchiseA)).toEqual(s('d', 'b'));
    expect(await inOrder('sort=location&order=ASC', tokens.zone)).toEqual(s('c'));
    const foreign = await report(tokens.franchiseA, `projectId=${project}&${MARCH}&clientLocationId=${ids.l4}&sort=code&order=ASC`);
    expect(foreign.statusCode).toBe(403);
  });

  it('refuses a column it does not sort by, or a direction it does not know, with a 400 in Spanish', async () => {
    for (const field of ['nope', 'id', 'project', 'certificate', '__proto__', 'constructor', 'code;drop table users']) {
      const res = await report(tokens.client, `projectId=${project}&${MARCH}&sort=${encodeURIComponent(field)}&order=ASC`);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toEqual({ message: `No se puede ordenar por "${field}".` });
    }
    const sideways = await report(tokens.client, `projectId=${project}&${MARCH}&sort=code&order=sideways`);
    expect(sideways.statusCode).toBe(400);
    expect(Object.keys(sideways.json().errors)).toEqual(['order']);
    const long = await report(tokens.client, `projectId=${project}&${MARCH}&sort=${'x'.repeat(41)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toHaveProperty('sort');
  });
});

describe('a visit of the performance report, opened', () => {
  // A project of its own with one approved visit on the bank questionnaire, which hides two questions
  // from the client; the Getter answered, the quality agent then changed one answer.
  let visit: number;
  let inReview: number;
  let questions: Question[];
  const byName = (name: string) => questions.find((q) => q.name === name)!;
  const option = (q: Question, answer: string) => q.answers.find((a) => a.answer === answer)!._id;
  const open = (token: string, moveId: number, query = '') => api.call('GET', `/reports/performance/${moveId}${query}`, token);
  const grantVideo = async (email: string, active: boolean) => {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await t.db.delete(userActions).where(eq(userActions.userId, user.id));
    await t.db.insert(userActions).values({ userId: user.id, actionId: DOWNLOAD_VIDEO_ACTION, active });
  };

  beforeAll(async () => {
    const [bank] = await t.db
      .select({ id: questionnaireVersions.id, content: questionnaireVersions.content })
      .from(questionnaireVersions)
      .where(sql`${questionnaireVersions.content}::text like '%¿Pudo ingresar con el celular encendido?%'`)
      .orderBy(asc(questionnaireVersions.id))
      .limit(1);
    const dimensions = (bank.content as { dimensions: Dimension[] }).dimensions;
    questions = dimensions.flatMap((d) => d.subDimensions.flatMap((s) => s.questions));
    const [p4] = await t.db.insert(projects).values({ name: 'Plan de respuestas', clientId: ids.client, startDate: '2026-04-01', endDate: '2026-04-30' }).returning();
    const [pl] = await t.db.insert(projectLocations).values({ projectId: p4.id, locationId: ids.l1 }).returning();
    const base = { projectLocationId: pl.id, questionnaireVersionId: bank.id, startAuditDate: new Date('2026-04-02T14:00:00Z'), completedAuditDate: new Date('2026-04-02T15:00:00Z') };
    const [approved, reviewing] = await t.db
      .insert(userMoves)
      .values([
        { ...base, status: 'APROBADA', questionnaireResult: '82.50', dimensionResults: [{ id: dimensions[0]._id, name: dimensions[0].name, result: 70 }], videoLink: 'https://videos.campo.test/visita-editada.mp4' },
        { ...base, status: 'EN_REVISION', questionnaireResult: '90.00', dimensionResults: [] },
      ])
      .returning({ id: userMoves.id });
    visit = approved.id;
    inReview = reviewing.id;
    const reception = byName('¿Había personal de recepción o seguridad en la entrada?');
    const hidden = byName('¿Pudo ingresar con el celular encendido?');
    const waiting = byName('¿Cuántas personas esperaban al momento de ingresar?');
    const products = byName('¿Qué productos le explicó el oficial de cuentas?');
    const notes = byName('Observaciones del agente de calidad sobre la entrevista');
    const reply = (replyData: MoveReplies[string]['replyData'], replyObservation: string | null = null) => ({ replyData, replyObservation, weighting: null, evidences: [], hasToEdit: false });
    const getter: MoveReplies = {
      [reception._id]: reply(option(reception, 'No')),
      [hidden._id]: reply(option(hidden, 'Sí')),
      [waiting._id]: reply(4),
      [products._id]: reply([option(products, 'Caja de ahorro'), option(products, 'Seguros')], 'Explicó con folletos.'),
      [notes._id]: reply('Entrevista breve; el oficial estaba apurado.'),
    };
    const agent: MoveReplies = { ...getter, [reception._id]: reply(option(reception, 'Sí'), 'Corregido: el video muestra al guardia.') };
    await t.db.insert(moveReplies).values([
      { userMoveId: visit, byAgent: false, replies: getter },
      { userMoveId: visit, byAgent: true, replies: agent },
    ]);
  });

  it('shows the client the answers its questionnaire lets it see, the agent\'s correction over the Getter\'s', async () => {
    const res = await open(tokens.client, visit);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as VisitDetail;
    expect(detail).toMatchObject({
      id: visit,
      code: expect.stringMatching(/^M-\d{7}$/),
      questionnaireResult: 82.5,
      visitDate: '2026-04-02T15:00:00.000Z',
      projectName: 'Plan de respuestas',
      location: { fullName: 'Heladería Centro', clientLocationId: 'HEL-001' },
      questionnaire: { name: expect.any(String), version: expect.any(Number) },
      userMoveVideoLink: null,
    });
    const all = detail.dimensions.flatMap((d) => d.subDimensions.flatMap((s) => s.questions));
    const shown = (name: string) => all.find((q) => q.name === name);
    expect(shown('¿Pudo ingresar con el celular encendido?')).toBeUndefined();
    expect(shown('Observaciones del agente de calidad sobre la entrevista')).toBeUndefined();
    expect(all).toHaveLength(questions.filter((q) => q.visibleToUser).length);
    expect(shown('¿Había personal de recepción o seguridad en la entrada?')).toEqual({ number: '1.1.1', name: '¿Había personal de recepción o seguridad en la entrada?', reply: 'Sí', commentary: 'Corregido: el video muestra al guardia.' });
    expect(shown('¿Cuántas personas esperaban al momento de ingresar?')).toMatchObject({ number: '1.1.3', reply: '4' });
    expect(shown('¿Qué productos le explicó el oficial de cuentas?')).toMatchObject({ reply: 'Caja de ahorro, Seguros', commentary: 'Explicó con folletos.' });
    expect(shown('¿El hall y los escritorios estaban ordenados?')).toMatchObject({ reply: '', commentary: null });
    // The first dimension's stored result; one not stored reads N/A.
    expect(detail.dimensions.map((d) => d.result)).toEqual([70, -1, -1]);
    expect(detail.dimensions[0].name).toBe('Ingreso y espera');
  });

  it('gives the edited video only to a user with the "Descargar video mystery" permission, active, and to the administrator', async () => {
    await grantVideo(EMAIL.client, true);
    expect((await open(tokens.client, visit)).json().userMoveVideoLink).toBe('https://videos.campo.test/visita-editada.mp4');
    await grantVideo(EMAIL.client, false);
    expect((await open(tokens.client, visit)).json().userMoveVideoLink).toBeNull();
    expect((await open(tokens.admin, visit, `?clientId=${ids.client}`)).json().userMoveVideoLink).toBe('https://videos.campo.test/visita-editada.mp4');
  });

  it('opens only an approved visit of a point of sale the user sees; any other is a 404 that says nothing of it', async () => {
    expect((await open(tokens.franchiseA, visit)).statusCode).toBe(200);
    const demo = (await t.login('cliente@campo.test')).token;
    for (const [token, moveId] of [
      [tokens.franchiseB, visit],
      [tokens.zone, visit],
      [demo, visit],
      [tokens.client, inReview],
      [tokens.client, 2_000_000_000],
    ] as const) {
      const res = await open(token, moveId);
      expect(res.statusCode, `${moveId}`).toBe(404);
      expect(res.json()).toEqual({ message: REPORT_TEXT.visitNotFound });
    }
    const otherClient = await open(tokens.client, visit, `?clientId=${ids.otherClientLocation + 1_000_000}`);
    expect(otherClient.statusCode).toBe(403);
    expect((await open(tokens.admin, visit)).statusCode).toBe(400);
    expect((await open(tokens.operations, visit, `?clientId=${ids.client}`)).statusCode).toBe(403);
    const bad = await open(tokens.client, 0);
    expect(bad.statusCode).toBe(400);
    expect((await api.call('GET', '/reports/performance/abc', tokens.client)).statusCode).toBe(400);
  });
});
