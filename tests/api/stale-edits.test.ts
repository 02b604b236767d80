/**
 * Two people editing one record: an edit's PUT that carries the `updatedAt` its form loaded is refused
 * (409, nothing written) when someone else saved the record since; with the current one it saves and
 * answers the new one; without one it saves as before (other API clients).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_LOADED_VERSION, STALE_EDIT } from '../../domain/staleEdits';
import { isoInDays as inDays } from '../../domain/validation';
import { ROLE } from '../../domain/roles';
import {
  auditLog,
  campaigns,
  characteristics,
  cities,
  clients,
  features,
  guidelines,
  locations,
  motives,
  moveConfigurations,
  projects,
  questionnaires,
  states,
  tagGroups,
  users,
} from '../../server/db/schema';
import { createTestApp, projectBody, type ProjectRefs, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let clientId: number;
let place: { countryId: number; stateId: number; cityId: number };
/** What a project of the client needs: its running campaign, a priced move, a questionnaire, a guideline, active locations. */
let projectRefs: { ids: Omit<ProjectRefs, 'clientId'>; locations: number[] };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@campo.test')).token;
  [{ id: clientId }] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Café del Plata'));
  const [cordoba] = await t.db.select().from(states).where(eq(states.name, 'Córdoba'));
  const [city] = await t.db.select().from(cities).where(and(eq(cities.stateId, cordoba.id), eq(cities.name, 'Villa María')));
  place = { countryId: cordoba.countryId, stateId: cordoba.id, cityId: city.id };
  const [campaign] = await t.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.name, 'Mystery shopping Café del Plata - en curso'));
  const [move] = await t.db.select({ id: moveConfigurations.id }).from(moveConfigurations).where(eq(moveConfigurations.name, 'Visita estándar'));
  const [questionnaire] = await t.db.select({ id: questionnaires.id }).from(questionnaires).where(eq(questionnaires.name, 'Visita a cafetería'));
  const [guideline] = await t.db.select({ id: guidelines.id }).from(guidelines).where(and(eq(guidelines.name, 'Cliente incógnito en cafetería'), eq(guidelines.version, 2)));
  const active = await t.db.select({ id: locations.id }).from(locations).where(and(eq(locations.clientId, clientId), eq(locations.status, true))).orderBy(locations.id).limit(2);
  projectRefs = { ids: { campaignId: campaign.id, moveConfigurationId: move.id, questionnaireId: questionnaire.id, guidelineId: guideline.id }, locations: active.map((l) => l.id) };
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: t.authHeader(admin), ...(payload === undefined ? {} : { payload: payload as never }) });


/** One resource's edit as its form does it: `text` is the field the test changes. */
interface Edited {
  label: string;
  table: PgTable & { id: PgColumn; updatedAt: PgColumn };
  /** Its name in the audit log. */
  entity: string;
  conflict: string;
  /** Creates one through the API; its id. */
  create(): Promise<number>;
  oneUrl(id: number): string;
  /** The PUT of the edit form, with `text` in the changed field. */
  put(id: number, text: string): { url: string; body: Record<string, unknown> };
  /** The record out of a PUT's answer. */
  saved?(answer: any): any;
  /** The changed field as stored. */
  stored(id: number): Promise<unknown>;
}

/** Each record the tests create has a name of its own (names are unique in most of these banks). */
let made = 0;
const fresh = (name: string) => `${name} ${++made}`;

const created = async (url: string, body: unknown, idOf: (answer: any) => number = (a) => a.id) => {
  const res = await call('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return idOf(res.json());
};

const clientBody = (name: string) => ({
  name,
  address: 'Mitre 1500, Bariloche',
  telephone: '2944123456',
  email: 'hola@glaciar.com.ar',
  imageUrl: '',
  claimUrl: 'https://forms.campo.test/reclamos/glaciar',
  contactUrl: 'www.glaciar.com.ar/contacto',
  linkSurveyMonkey: '',
  typeId: null,
});
const locationBody = (street: string) => ({
  clientId,
  fullName: 'Café del Plata Concurrencia',
  clientLocationName: 'OP-CC-01',
  clientLocationId: 'CC-001',
  telephone: '3534123456',
  street,
  zone: 'Centro',
  ...place,
  latitude: '-32.4075',
  longitude: '-63.2402',
  linkSurveyMonkey: '',
  ownerId: null,
  zoneManagersIds: [],
  executive: 'Lucía Benítez',
  emails: ['ejecutivo@cafe.com.ar'],
  manager: 'Raúl Encargado',
  emailManager: 'encargado@cafe.com.ar',
  emailExecutive: 'ejecutivo@cafe.com.ar',
  emailToNullCase: '',
  workDays: 'Lunes a sábado',
  openingHours: '08:00',
  closingHours: '20:00',
  observation: '',
  keysValues: [],
  featureValues: [],
});
const featureBody = (name: string) => ({ clientId, name, isRequired: false, values: [{ value: 'Uno', isDefault: true }, { value: 'Dos', isDefault: false }] });
const motiveBody = (description: string, motive = 'Motivo concurrente') => ({ motive, description, requiresUserComment: false, isActive: true });
const tagBody = (groupName: string) => ({ groupName, keysValues: [{ key: 'K1', value: 'Uno' }], active: true });
const campaignBody = (name: string) => ({ name, clientId, startDate: inDays(10), endDate: inDays(100) });
const configBody = (name: string) => ({
  name,
  points: '120',
  minutesDuration: 25,
  consumptionPayment: false,
  needsVideoRecording: false,
  needsAudioRecording: false,
  needsCheckList: false,
  status: true,
  moveTypes: [1],
  category: [2],
});

const webUserBody = (email: string) => ({
  names: 'Rosa',
  lastName: 'Benavídez',
  email,
  primaryPhone: '2614556677',
  password: 'Secreta#2026',
  rolId: ROLE.CLIENT,
  clientId,
  linkSurveyMonkey: '',
  sendWhatsappNotification: false,
  actions: [],
});
/** A project running from today; its edit sends the same fields and ranges back, with `name` changed. */
function projectFields(name: string) {
  const { locations: _created, ...fields } = projectBody(name, { clientId, ...projectRefs.ids }, projectRefs.locations);
  return fields;
}

const storedField = async (table: PgTable, column: PgColumn, id: number) => {
  const [row] = await t.db.select({ value: column }).from(table).where(eq((table as unknown as { id: PgColumn }).id, id));
  return row.value;
};

const EDITED: Edited[] = [
  {
    label: 'clients',
    table: clients,
    entity: 'client',
    conflict: STALE_EDIT.clients,
    create: () => created('/api/clients/', clientBody(fresh('Heladerías Concurrentes'))),
    oneUrl: (id) => `/api/clients/${id}`,
    put: (id, text) => ({ url: '/api/clients', body: { ...clientBody(`Heladerías Concurrentes ${id}`), address: text, id } }),
    stored: (id) => storedField(clients, clients.address, id),
  },
  {
    label: 'locations',
    table: locations,
    entity: 'location',
    conflict: STALE_EDIT.locations,
    create: () => created('/api/locations', { ...locationBody('Bv. España 120'), clientLocationId: fresh('CC').replace(' ', '-') }),
    oneUrl: (id) => `/api/locations/${id}`,
    put: (id, text) => ({ url: '/api/locations', body: { ...locationBody(text), clientLocationId: `CC-ID-${id}`, id } }),
    stored: (id) => storedField(locations, locations.street, id),
  },
  {
    label: 'features',
    table: features,
    entity: 'feature',
    conflict: STALE_EDIT.features,
    create: () => created('/api/features', featureBody(fresh('Atributo concurrente'))),
    oneUrl: (id) => `/api/features/${id}`,
    put: (id, text) => ({ url: `/api/features/${id}`, body: featureBody(text) }),
    saved: (answer) => answer.data,
    stored: (id) => storedField(features, features.name, id),
  },
  {
    label: 'characteristics',
    table: characteristics,
    entity: 'characteristic',
    conflict: STALE_EDIT.characteristics,
    create: () => created('/api/characteristics/', { description: fresh('Característica concurrente') }),
    oneUrl: (id) => `/api/characteristics/${id}`,
    put: (id, text) => ({ url: '/api/characteristics/', body: { id, description: text } }),
    stored: (id) => storedField(characteristics, characteristics.description, id),
  },
  {
    label: 'motives',
    table: motives,
    entity: 'motive',
    conflict: STALE_EDIT.motives,
    create: () => created('/api/motives/', motiveBody('Primera descripción', fresh('Motivo concurrente'))),
    oneUrl: (id) => `/api/motives/${id}`,
    put: (id, text) => ({ url: '/api/motives', body: { ...motiveBody(text, `Motivo concurrente ${id}`), id } }),
    stored: (id) => storedField(motives, motives.description, id),
  },
  {
    label: 'tags',
    table: tagGroups,
    entity: 'tag-group',
    conflict: STALE_EDIT.tags,
    create: () => created('/api/tags', tagBody(fresh('Grupo concurrente'))),
    oneUrl: (id) => `/api/tags/${id}`,
    put: (id, text) => ({ url: '/api/tags', body: { ...tagBody(text), id } }),
    stored: (id) => storedField(tagGroups, tagGroups.groupName, id),
  },
  {
    label: 'campaigns',
    table: campaigns,
    entity: 'campaign',
    conflict: STALE_EDIT.campaigns,
    create: () => created('/api/campaigns', campaignBody(fresh('Campaña concurrente'))),
    oneUrl: (id) => `/api/campaigns/${id}`,
    put: (id, text) => ({ url: '/api/campaigns', body: { ...campaignBody(text), id } }),
    stored: (id) => storedField(campaigns, campaigns.name, id),
  },
  {
    label: 'move configurations',
    table: moveConfigurations,
    entity: 'move-configuration',
    conflict: STALE_EDIT.movesConfig,
    create: () => created('/api/moves/post/new-move', configBody(fresh('Configuración concurrente'))),
    oneUrl: (id) => `/api/moves/get/${id}`,
    put: (id, text) => ({ url: `/api/moves/put/${id}`, body: configBody(text) }),
    stored: (id) => storedField(moveConfigurations, moveConfigurations.name, id),
  },
  {
    label: 'web users (a PUT sends only what changed)',
    table: users,
    entity: 'user',
    conflict: STALE_EDIT.webUsers,
    create: () => created('/api/web-users/', webUserBody(`${fresh('concurrente').replace(' ', '.')}@campo.test`)),
    oneUrl: (id) => `/api/web-users/${id}`,
    put: (id, text) => ({ url: '/api/web-users', body: { id, names: text } }),
    stored: (id) => storedField(users, users.names, id),
  },
  {
    label: 'projects',
    table: projects,
    entity: 'project',
    conflict: STALE_EDIT.projects,
    create: () => created('/api/projects', { ...projectFields(fresh('Proyecto concurrente')), locations: projectRefs.locations }),
    oneUrl: (id) => `/api/projects/${id}`,
    put: (id, text) => ({ url: '/api/projects', body: { ...projectFields(text), id, updateReason: null } }),
    stored: (id) => storedField(projects, projects.name, id),
  },
];

describe.each(EDITED)('editing $label', (r) => {
  /** A new record, last saved a minute ago (so no save of the test can fall on its millisecond). */
  async function opened(): Promise<{ id: number; updatedAt: string }> {
    const id = await r.create();
    await t.db.execute(sql`update ${r.table} set updated_at = updated_at - interval '1 minute' where id = ${id}`);
    const res = await call('GET', r.oneUrl(id));
    expect(res.statusCode, res.body).toBe(200);
    const { updatedAt } = res.json();
    expect(updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    return { id, updatedAt };
  }
  /** The changed field's text: of this record only (a bank's names are unique). */
  const text = (words: string, id: number) => `${words} ${id}`;
  const save = (id: number, words: string, updatedAt?: string) => {
    const { url, body } = r.put(id, text(words, id));
    return call('PUT', url, updatedAt === undefined ? body : { ...body, updatedAt });
  };
  const savedRecord = (res: { json(): any }) => (r.saved ?? ((a: any) => a))(res.json());
  /** What a refused save must leave as it was: the row (to the microsecond) and the audit log. */
  const state = async (id: number) => {
    const [row] = await t.db
      .select({ stamp: sql<string>`to_char(${r.table.updatedAt}, 'YYYY-MM-DD HH24:MI:SS.US')` })
      .from(r.table)
      .where(eq(r.table.id, id));
    const [{ n }] = await t.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.entity, r.entity), eq(auditLog.entityId, String(id))));
    return { stored: await r.stored(id), stamp: row.stamp, audits: n };
  };

  it('saves with the updatedAt it loaded and answers the new one, which the same open form saves with again', async () => {
    const { id, updatedAt } = await opened();
    const first = await save(id, 'Primer cambio', updatedAt);
    expect(first.statusCode, first.body).toBe(200);
    const next = savedRecord(first).updatedAt;
    expect(next).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(Date.parse(next)).toBeGreaterThan(Date.parse(updatedAt));
    expect((await call('GET', r.oneUrl(id))).json().updatedAt).toBe(next);
    expect(await r.stored(id)).toBe(text('Primer cambio', id));

    const second = await save(id, 'Segundo cambio', next);
    expect(second.statusCode, second.body).toBe(200);
    expect(await r.stored(id)).toBe(text('Segundo cambio', id));
  });

  it('refuses with 409 in Spanish a save from a form loaded before someone else saved, and writes nothing', async () => {
    const { id, updatedAt } = await opened();
    expect((await save(id, 'Cambio de la otra persona', updatedAt)).statusCode).toBe(200);
    const before = await state(id);

    const stale = await save(id, 'Cambio que pisaría', updatedAt);
    expect([stale.statusCode, stale.json()]).toEqual([409, { message: r.conflict }]);
    expect(await state(id)).toEqual(before);
    expect(before.stored).toBe(text('Cambio de la otra persona', id));
  });

  it('saves as before a PUT without updatedAt (other API clients)', async () => {
    const { id } = await opened();
    expect((await save(id, 'Cambio de la otra persona')).statusCode).toBe(200);
    const res = await save(id, 'Cambio sin versión');
    expect(res.statusCode, res.body).toBe(200);
    expect(await r.stored(id)).toBe(text('Cambio sin versión', id));
  });
});

describe('the loaded updatedAt', () => {
  it('of a record that no longer exists is a 404, and a malformed one a 400', async () => {
    const missing = await call('PUT', '/api/clients', { ...clientBody('Nadie'), id: 999_999, updatedAt: new Date().toISOString() });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'El cliente no existe.']);
    const [{ id }] = await t.db.select({ id: motives.id }).from(motives).limit(1);
    // Nor a 500 for an instant PostgreSQL cannot hold: year 0000 is no version a record had…
    for (const updatedAt of ['ayer', '0000-01-01T00:00:00Z']) {
      const malformed = await call('PUT', '/api/motives', { ...motiveBody('x'), id, updatedAt });
      expect([updatedAt, malformed.statusCode, malformed.json().errors]).toEqual([updatedAt, 400, { updatedAt: INVALID_LOADED_VERSION }]);
    }
    // …and an offset past PostgreSQL's ±15:59 is read as the instant it names: not the record's version.
    for (const updatedAt of ['2026-01-01T00:00:00+23:59', '2026-01-01T00:00:00-16:00']) {
      const stale = await call('PUT', '/api/motives', { ...motiveBody('x'), id, updatedAt });
      expect([updatedAt, stale.statusCode, stale.json().message]).toEqual([updatedAt, 409, STALE_EDIT.motives]);
    }
  });

  it('is the same instant written with another offset', async () => {
    const id = await created('/api/clients/', clientBody('Heladerías Con Huso'));
    const { updatedAt } = (await call('GET', `/api/clients/${id}`)).json();
    // '…Z' as Buenos Aires writes it: three hours earlier, '-03:00'.
    const local = new Date(Date.parse(updatedAt) - 3 * 3600_000).toISOString().replace('Z', '-03:00');
    const res = await call('PUT', '/api/clients', { ...clientBody('Heladerías Con Huso'), id, updatedAt: local });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('lets one of two saves sent at once from forms loaded together win; the other is a 409', async () => {
    const id = await created('/api/clients/', clientBody('Heladerías Simultáneas'));
    await t.db.execute(sql`update ${clients} set updated_at = updated_at - interval '1 minute' where id = ${id}`);
    const { updatedAt } = (await call('GET', `/api/clients/${id}`)).json();
    const [a, b] = await Promise.all(
      ['Calle de A', 'Calle de B'].map((address) => call('PUT', '/api/clients', { ...clientBody('Heladerías Simultáneas'), address, id, updatedAt })),
    );
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'Calle de A' : 'Calle de B';
    expect(await storedField(clients, clients.address, id)).toBe(winner);
  });
});
