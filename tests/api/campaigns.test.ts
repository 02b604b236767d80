/**
 * Campaigns through the API: the form's rules, the list, disabling and enabling, by client, the
 * client of a campaign that projects use, roles.
 */
import { and, count, eq, like, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AUTH_TEXT } from '../../domain/auth';
import { type Campaign, CAMPAIGN_TEXT } from '../../domain/campaigns';
import { INVALID_ID, isoInDays as inDays, MSG, todayIso } from '../../domain/validation';
import { auditLog, campaigns, clients, projects } from '../../server/db/schema';
import { adminOnPostgres, createTestApp, type TestApp, untilSomeoneWaitsOnALock } from './helpers';

let t: TestApp;
let admin: string;
let clientId: number;
let inactiveClientId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@campo.test')).token;
  [{ id: clientId }] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Café del Plata'));
  [{ id: inactiveClientId }] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.state, false));
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.app.inject({ method, url, headers: t.authHeader(token), ...(payload === undefined ? {} : { payload: payload as never }) });

const display = (iso: string) => iso.split('-').reverse().join('/');

const newCampaign = (overrides: Record<string, unknown> = {}) => ({
  name: 'Invierno 2027',
  clientId,
  startDate: inDays(10),
  endDate: inDays(100),
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<Campaign> {
  const res = await call('POST', '/api/campaigns', newCampaign(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('the campaign form rules', () => {
  it('creates a campaign with its client, taking ISO or DD/MM/YYYY dates', async () => {
    const campaign = await create();
    expect(campaign).toMatchObject({ name: 'Invierno 2027', clientId, client: { id: clientId, name: 'Café del Plata' }, startDate: inDays(10), endDate: inDays(100), deletedAt: null });
    const typed = await create({ name: 'Tipeada', startDate: display(inDays(1)), endDate: display(inDays(2)) });
    expect([typed.startDate, typed.endDate]).toEqual([inDays(1), inDays(2)]);
    expect((await create({ name: 'Un solo día', startDate: todayIso(), endDate: todayIso() })).endDate).toBe(todayIso());
  });

  it('requires every field', async () => {
    const res = await call('POST', '/api/campaigns', { name: ' ', clientId: null, startDate: '', endDate: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: MSG.required, clientId: MSG.required, startDate: MSG.required, endDate: MSG.required });
    expect((await call('POST', '/api/campaigns', newCampaign({ startDate: '31/02/2027' }))).json().errors).toEqual({ startDate: MSG.dateValid });
    // A date sent as a number is there, only of the wrong kind: not 'Requerido'.
    expect((await call('POST', '/api/campaigns', newCampaign({ startDate: 20280201 }))).json().errors).toEqual({ startDate: 'Debe ser un texto.' });
  });

  it('refuses past dates on create and an end before the start', async () => {
    const past = await call('POST', '/api/campaigns', newCampaign({ startDate: inDays(-1), endDate: inDays(-1) }));
    expect(past.json().errors).toEqual({ startDate: CAMPAIGN_TEXT.pastDate, endDate: CAMPAIGN_TEXT.pastDate });
    const reversed = await call('POST', '/api/campaigns', newCampaign({ startDate: inDays(20), endDate: inDays(19) }));
    expect(reversed.json().errors).toEqual({ endDate: CAMPAIGN_TEXT.endBeforeStart });
  });

  it('needs an existing, active client', async () => {
    expect((await call('POST', '/api/campaigns', newCampaign({ clientId: 999999 }))).json().errors).toEqual({ clientId: CAMPAIGN_TEXT.clientNotFound });
    // Sent, but no id at all: invalid, not missing.
    for (const clientId of [1e20, 0, 'abc']) expect((await call('POST', '/api/campaigns', newCampaign({ clientId }))).json().errors).toEqual({ clientId: INVALID_ID });
    expect((await call('POST', '/api/campaigns', newCampaign({ clientId: inactiveClientId }))).json().errors).toEqual({ clientId: CAMPAIGN_TEXT.clientInactive });
  });

  it('edits a running campaign keeping its past start, but refuses moving a date into the past', async () => {
    // The seed's running campaign (the client also has a two-year programme: server/db/seed/statistics.ts).
    const [running] = await t.db.select().from(campaigns).where(and(eq(campaigns.clientId, clientId), like(campaigns.name, '% - en curso')));
    expect(running.startDate < todayIso()).toBe(true);
    const edit = (overrides: Record<string, unknown>) =>
      call('PUT', '/api/campaigns', { id: running.id, name: running.name, clientId, startDate: running.startDate, endDate: running.endDate, ...overrides });
    const renamed = await edit({ name: 'Mystery shopping renovado', endDate: inDays(200) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Mystery shopping renovado', startDate: running.startDate, endDate: inDays(200) });
    expect((await edit({ startDate: inDays(-400) })).json().errors).toEqual({ startDate: CAMPAIGN_TEXT.pastDate });
    expect((await call('PUT', '/api/campaigns', { ...newCampaign(), id: 999999 })).statusCode).toBe(404);
  });

  it("refuses a name another of the client's campaigns has, enabled or not, on create and on edit; another client may use it", async () => {
    const first = await create({ name: 'Temporada Única' });
    const taken = async (res: Awaited<ReturnType<typeof call>>) => {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ message: CAMPAIGN_TEXT.duplicate, errors: { name: CAMPAIGN_TEXT.duplicate } });
    };
    const ofClient = () => t.db.select({ n: count() }).from(campaigns).where(eq(campaigns.clientId, clientId)).then(([r]) => r.n);
    const before = await ofClient();
    // As the name reads: capitals and spaces aside.
    await taken(await call('POST', '/api/campaigns', newCampaign({ name: '  temporada   única ' })));
    expect(await ofClient()).toBe(before);
    // Disabled, it still holds its name: enabling it again would make two.
    expect((await call('DELETE', `/api/campaigns/${first.id}`)).statusCode).toBe(200);
    await taken(await call('POST', '/api/campaigns', newCampaign({ name: 'TEMPORADA ÚNICA' })));
    const [other] = await t.db.select({ id: clients.id }).from(clients).where(and(eq(clients.state, true), ne(clients.id, clientId))).limit(1);
    await create({ name: 'Temporada Única', clientId: other.id });
    // Renamed onto it, or moved to the other client that has it: refused, and nothing changes.
    const second = await create({ name: 'Temporada Doble' });
    await taken(await call('PUT', '/api/campaigns', { ...newCampaign({ name: 'Temporada única' }), id: second.id }));
    await taken(await call('PUT', '/api/campaigns', { ...newCampaign({ name: 'Temporada Única', clientId: other.id }), id: first.id, deletedAt: null }));
    const [stored] = await t.db.select({ name: campaigns.name, clientId: campaigns.clientId, deletedAt: campaigns.deletedAt }).from(campaigns).where(eq(campaigns.id, second.id));
    expect(stored).toEqual({ name: 'Temporada Doble', clientId, deletedAt: null });
    // Its own name kept, with other changes: saved.
    const kept = await call('PUT', '/api/campaigns', { ...newCampaign({ name: 'temporada doble', endDate: inDays(120) }), id: second.id });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'temporada doble', endDate: inDays(120) });
  });
});

describe('listing', () => {
  it('pages, filters by name (literally) and client, and sorts by client', async () => {
    await create({ name: 'Campaña 100% federal' });
    const page = (await call('GET', '/api/campaigns?offset=0&limit=2&sort=name&order=ASC')).json() as { rows: Campaign[]; count: number };
    expect(page.rows).toHaveLength(2);
    expect(page.count).toBeGreaterThan(10);
    const byName = (await call('GET', `/api/campaigns?name=${encodeURIComponent('100%')}`)).json() as { rows: Campaign[] };
    expect(byName.rows.map((c) => c.name)).toEqual(['Campaña 100% federal']);
    const ofClient = (await call('GET', `/api/campaigns?clientId=${clientId}&limit=100`)).json() as { rows: Campaign[] };
    expect(ofClient.rows.every((c) => c.client?.name === 'Café del Plata')).toBe(true);
    const byClient = (await call('GET', '/api/campaigns?sort=client&order=DESC&limit=1')).json() as { rows: Campaign[] };
    expect(byClient.rows[0].client?.name).toBe('Supermercados Andinos');
    expect((await call('GET', '/api/campaigns?sort=deletedAtx')).statusCode).toBe(400);
  });

  it('answers a campaign by id, and 404 for one that does not exist', async () => {
    const campaign = await create({ name: 'Para ver' });
    expect((await call('GET', `/api/campaigns/${campaign.id}`)).json()).toMatchObject({ id: campaign.id, name: 'Para ver' });
    expect((await call('GET', '/api/campaigns/999999')).json()).toEqual({ message: CAMPAIGN_TEXT.notFound });
  });
});

describe('disabling and enabling', () => {
  it('disables with DELETE and enables again with deletedAt null', async () => {
    const campaign = await create({ name: 'Para apagar' });
    const off = await call('DELETE', `/api/campaigns/${campaign.id}`);
    expect(off.json().deletedAt).not.toBeNull();
    const disabled = (await call('GET', '/api/campaigns?enabled=false&limit=100')).json() as { rows: Campaign[] };
    expect(disabled.rows.map((c) => c.id)).toContain(campaign.id);
    const on = await call('PUT', '/api/campaigns', { id: campaign.id, deletedAt: null });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ id: campaign.id, deletedAt: null, name: 'Para apagar' });
    expect((await call('PUT', '/api/campaigns', { id: campaign.id, deletedAt: '2026-01-01' })).json().errors).toEqual({ deletedAt: CAMPAIGN_TEXT.onlyNull });
    expect((await call('DELETE', '/api/campaigns/999999')).statusCode).toBe(404);
  });

  it("lists a client's campaigns, and as active only the enabled ones not yet ended", async () => {
    const disabled = await create({ name: 'Apagada' });
    await call('DELETE', `/api/campaigns/${disabled.id}`);
    const all = (await call('GET', `/api/campaigns/client/${clientId}`)).json() as Campaign[];
    const active = (await call('GET', `/api/campaigns/client/active/${clientId}`)).json() as Campaign[];
    expect(all.map((c) => c.id)).toContain(disabled.id);
    expect(all.some((c) => c.endDate < todayIso())).toBe(true);
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((c) => c.deletedAt === null && c.endDate >= todayIso() && c.clientId === clientId)).toBe(true);
    expect(active.length).toBeLessThan(all.length);
  });
});

describe('the dates of a campaign used by projects', () => {
  it('are refused where they would leave a project outside, naming it; outward, or on its other fields, they change', async () => {
    const campaign = await create({ name: 'Con proyectos', startDate: inDays(10), endDate: inDays(100) });
    const [model] = await t.db.select().from(projects).limit(1);
    const { id: _id, ...copy } = model;
    const project = (name: string, startDate: string, endDate: string) =>
      t.db.insert(projects).values({ ...copy, clientId, campaignId: campaign.id, name, startDate, endDate });
    await project('Relevamiento temprano', inDays(20), inDays(40));
    await project('Relevamiento tardío', inDays(30), inDays(90));
    const body = { id: campaign.id, name: campaign.name, clientId, startDate: campaign.startDate, endDate: campaign.endDate };
    const stored = async () => (await t.db.select().from(campaigns).where(eq(campaigns.id, campaign.id)))[0];
    const before = await stored();

    const narrowed = await call('PUT', '/api/campaigns', { ...body, startDate: inDays(25), endDate: inDays(50) });
    expect(narrowed.statusCode).toBe(400);
    expect(narrowed.json().errors).toEqual({
      startDate: CAMPAIGN_TEXT.startAfterProjects(inDays(20), 'Relevamiento temprano'),
      endDate: CAMPAIGN_TEXT.endBeforeProjects(inDays(90), 'Relevamiento tardío'),
    });
    expect(CAMPAIGN_TEXT.endBeforeProjects(inDays(90), 'Relevamiento tardío')).toBe(
      `La fecha de finalización no puede ser anterior al fin de sus proyectos: «Relevamiento tardío» termina el ${display(inDays(90))}.`,
    );
    expect(await stored()).toEqual(before);

    // Up to the projects' own dates, and outward, it changes.
    expect((await call('PUT', '/api/campaigns', { ...body, startDate: inDays(20), endDate: inDays(90) })).statusCode).toBe(200);
    expect((await call('PUT', '/api/campaigns', { ...body, startDate: inDays(5), endDate: inDays(120) })).json()).toMatchObject({ startDate: inDays(5), endDate: inDays(120) });
    expect((await call('PUT', '/api/campaigns', { ...body, startDate: inDays(5), endDate: inDays(120), name: 'Renombrada' })).statusCode).toBe(200);
  });
});

describe('the client of a campaign used by projects', () => {
  const bank = async () => (await t.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Banco Federal del Sur')))[0].id;
  const auditsOf = async (campaignId: number) =>
    (await t.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.entity, 'campaign'), eq(auditLog.entityId, String(campaignId)))))[0].n;

  it('stays: the change is refused on the client field and nothing is written, while its other fields still change', async () => {
    // The seed's ended campaign of the client, used by its projects of the last cycle.
    const [used] = await t.db.select().from(campaigns).where(and(eq(campaigns.clientId, clientId), like(campaigns.name, '% - ciclo anterior')));
    const [{ n: projectsUsing }] = await t.db.select({ n: count() }).from(projects).where(eq(projects.campaignId, used.id));
    expect(projectsUsing).toBeGreaterThan(0);
    expect((await call('GET', `/api/campaigns/${used.id}`)).json()).toMatchObject({ id: used.id, clientId, projectsCount: projectsUsing });
    const audits = await auditsOf(used.id);
    const body = { id: used.id, name: used.name, clientId: await bank(), startDate: used.startDate, endDate: used.endDate };

    const moved = await call('PUT', '/api/campaigns', body);
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ message: CAMPAIGN_TEXT.clientLocked, errors: { clientId: CAMPAIGN_TEXT.clientLocked } });
    expect((await t.db.select().from(campaigns).where(eq(campaigns.id, used.id)))[0]).toEqual(used);
    expect(await auditsOf(used.id)).toBe(audits);

    const renamed = await call('PUT', '/api/campaigns', { ...body, clientId, name: 'Relevamiento renombrado' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Relevamiento renombrado', clientId, projectsCount: projectsUsing });
  });

  it('changes for a campaign no project uses', async () => {
    const unused = await create({ name: 'Sin proyectos' });
    expect((await call('GET', `/api/campaigns/${unused.id}`)).json()).toMatchObject({ projectsCount: 0 });
    const other = await bank();
    const moved = await call('PUT', '/api/campaigns', { id: unused.id, name: unused.name, clientId: other, startDate: unused.startDate, endDate: unused.endDate });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ clientId: other, client: { id: other, name: 'Banco Federal del Sur' }, projectsCount: 0 });
    expect((await t.db.select({ clientId: campaigns.clientId }).from(campaigns).where(eq(campaigns.id, unused.id)))[0].clientId).toBe(other);
  });
});

describe.runIf(inject('postgresServer') !== null)('on PostgreSQL, a project created with the campaign while its client changes', () => {
  // PGlite has one connection, so no other transaction can hold a row: this one runs on PostgreSQL.
  const postgres = adminOnPostgres();

  it('is waited for, then counted: the change is refused', async () => {
    const { pg, token } = postgres;
    const [cafe] = await pg.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Café del Plata'));
    const [bank] = await pg.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Banco Federal del Sur'));
    const created = await pg.app.inject({ method: 'POST', url: '/api/campaigns', headers: pg.authHeader(token), payload: newCampaign({ name: 'Por usar', clientId: cafe.id }) });
    const campaign = created.json() as Campaign;
    // Another transaction inserts a project with it and has not committed yet.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let inserted!: () => void;
    const holding = new Promise<void>((resolve) => (inserted = resolve));
    const other = pg.db.transaction(async (tx) => {
      await tx.insert(projects).values({ name: 'Proyecto concurrente', clientId: cafe.id, campaignId: campaign.id });
      inserted();
      await held;
    });
    await holding;
    const ours = pg.app.inject({
      method: 'PUT',
      url: '/api/campaigns',
      headers: pg.authHeader(token),
      payload: { id: campaign.id, name: campaign.name, clientId: bank.id, startDate: campaign.startDate, endDate: campaign.endDate },
    });
    // Our PUT must wait on the campaign's row until the project is committed.
    await untilSomeoneWaitsOnALock(pg.db, async () => {
      commit();
      await other;
      return new Error(`The PUT never waited for the project being created: it answered ${(await ours).statusCode}`);
    });
    commit();
    await other;
    const res = await ours;
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ clientId: CAMPAIGN_TEXT.clientLocked });
    expect((await pg.db.select({ clientId: campaigns.clientId }).from(campaigns).where(eq(campaigns.id, campaign.id)))[0].clientId).toBe(cafe.id);
  });
});

describe('roles', () => {
  it('lets staff read, editors write, and refuses client users everywhere', async () => {
    const operations = (await t.login('operaciones@campo.test')).token;
    const fieldLeader = (await t.login('lider.campo@campo.test')).token;
    const client = (await t.login('cliente@campo.test')).token;
    expect((await call('POST', '/api/campaigns', newCampaign({ name: 'De operaciones' }), operations)).statusCode).toBe(201);
    expect((await call('GET', '/api/campaigns', undefined, fieldLeader)).statusCode).toBe(200);
    expect((await call('POST', '/api/campaigns', newCampaign(), fieldLeader)).statusCode).toBe(403);
    const routes = [
      ['GET', '/api/campaigns'],
      ['GET', '/api/campaigns/1'],
      ['GET', `/api/campaigns/client/${clientId}`],
      ['GET', `/api/campaigns/client/active/${clientId}`],
      ['POST', '/api/campaigns'],
      ['PUT', '/api/campaigns'],
      ['DELETE', '/api/campaigns/1'],
    ] as const;
    for (const [method, url] of routes) {
      const res = await call(method, url, method === 'POST' || method === 'PUT' ? newCampaign({ id: 1 }) : undefined, client);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: AUTH_TEXT.forbidden });
    }
  });
});
