/**
 * Searches by name are blind to case and accents ('gondolas' finds 'Góndolas', 'NANDU' finds 'Ñandú', and
 * 'góndola' finds 'Gondola'), in every list that searches a name; and the SQL `campo_fold` folds exactly as
 * the server folds the search text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/client';
import { FOLD_FROM, FOLD_LIGATURES, FOLD_MARKS, FOLD_SPANISH_FROM, FOLD_SPANISH_TO, FOLD_TO } from '../../domain/fold';
import { foldText, searchPattern } from '../../server/db/list';
import { campaigns, clients, features, locations, motives, projects, questionnaires, userMoves, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@campo.test')).token;
});
afterAll(() => t?.close());

const get = async <T = any>(url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: t.authHeader(admin) });
  expect(res.statusCode, `${url} → ${res.body}`).toBe(200);
  return res.json() as T;
};
const rowsOf = (answer: any): any[] => (Array.isArray(answer) ? answer : answer.rows);
const q = encodeURIComponent;

describe('folding', () => {
  it('the server folds the search text as campo_fold folds a column, letter by letter', async () => {
    // Every letter the fold maps (all of Latin-1 Supplement and Latin Extended-A), the accents typed apart, the
    // ligatures, and texts through each of the SQL function's paths (ASCII alone, Spanish accents, other letters).
    const codePoints = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
    const letters = [...FOLD_FROM, ...codePoints(0xc0, 0x17f), ...FOLD_MARKS, ...FOLD_LIGATURES.map(([ligature]) => ligature), 'ÆŒĲÞẞ'];
    const texts = ['Góndolas del Ñandú', 'ÁRBOL Über Ça', 'plain ASCII 123', 'ü%_\\', 'Cafe Tōkyō', 'Straße Œuvre Ærø', 'Cafe\u0301 To\u0304kyo', 'İstanbul ıspanak', ''];
    const samples = [...letters, ...texts];
    const answer = (await t.db.execute(
      sql`select x.text, campo_fold(x.text) as folded from jsonb_array_elements_text(${JSON.stringify(samples)}::jsonb) with ordinality as x(text, n) order by x.n`,
    )) as unknown as { rows: { text: string; folded: string }[] };
    expect(answer.rows.map((r) => r.text)).toEqual(samples);
    const differing = answer.rows.filter((r) => r.folded !== foldText(r.text)).map((r) => `${r.text} → ${r.folded} / ${foldText(r.text)}`);
    expect(differing).toEqual([]);
  });

  it('the migration translates the same letters the server does', () => {
    const migration = readFileSync(join(migrationsFolder, '0032_fold_latin.sql'), 'utf8');
    const marks = [...FOLD_MARKS].map((c) => `\\${c.codePointAt(0)!.toString(16).padStart(4, '0')}`).join('');
    expect(migration).toContain(`translate($1, '${FOLD_FROM}' || U&'${marks}', '${FOLD_TO}')`);
    expect(migration).toContain(`translate($1, '${FOLD_SPANISH_FROM}', '${FOLD_SPANISH_TO}')`);
    for (const [ligature, letters] of FOLD_LIGATURES) expect(migration).toContain(`, '${ligature}', '${letters}')`);
    expect([...FOLD_FROM]).toHaveLength([...FOLD_TO].length);
    expect([...FOLD_SPANISH_FROM]).toHaveLength([...FOLD_SPANISH_TO].length);
  });

  it('a search text stays literal: % and _ match only themselves', () => {
    expect(searchPattern('Ñ_%')).toBe('%n\\_\\%%');
  });
});

/** A move of the demo and the point of sale it visits (the moves list's search by point of sale reads its name). */
async function aMoveAndItsLocation(): Promise<{ id: number; locationId: number }> {
  const [move] = await t.db
    .select({ id: userMoves.id, locationId: locations.id })
    .from(userMoves)
    .innerJoin(sql`project_locations pl`, sql`pl.id = ${userMoves.projectLocationId}`)
    .innerJoin(locations, sql`${locations.id} = pl.location_id`)
    .limit(1);
  return move;
}

describe('lists find a name with or without its accents', () => {
  it('clients', async () => {
    const [client] = await t.db.select({ id: clients.id }).from(clients).limit(1);
    await t.db.update(clients).set({ name: 'Góndolas del Ñandú' }).where(eq(clients.id, client.id));
    for (const text of ['gondolas del nandu', 'GONDOLAS', 'góndolas', 'ñandú'])
      expect(rowsOf(await get(`/clients/all-clients?q=${q(text)}`)).map((r) => r.id), text).toContain(client.id);
    expect(rowsOf(await get(`/clients/all-clients?q=${q('gondolas dell')}`))).toEqual([]);
    // Its e-mail and address are searched too; a match never spans two of them.
    const [{ email, address }] = await t.db.select({ email: clients.email, address: clients.address }).from(clients).where(eq(clients.id, client.id));
    for (const text of [email, address.slice(0, 6)]) expect(rowsOf(await get(`/clients/all-clients?q=${q(text)}`)).map((r) => r.id), text).toContain(client.id);
    expect(rowsOf(await get(`/clients/all-clients?q=${q(`nandu ${email.slice(0, 3)}`)}`)).map((r) => r.id)).not.toContain(client.id);
  });

  it('points of sale in the moves list', async () => {
    const move = await aMoveAndItsLocation();
    await t.db.update(locations).set({ fullName: 'Almacén Peñón Único' }).where(eq(locations.id, move.locationId));
    for (const text of ['almacen penon', 'PEÑÓN ÚNICO', 'unico'])
      expect(rowsOf(await get(`/user-moves/get/all?clientLocationName=${q(text)}&limit=1000`)).map((r) => r.id), text).toContain(move.id);
  });

  it('projects, campaigns and questionnaires', async () => {
    const [project] = await t.db.select({ id: projects.id }).from(projects).limit(1);
    await t.db.update(projects).set({ name: 'Relevamiento Góndola Norte' }).where(eq(projects.id, project.id));
    expect(rowsOf(await get(`/projects?name=${q('gondola norte')}`)).map((r) => r.id)).toContain(project.id);

    const [campaign] = await t.db.select({ id: campaigns.id }).from(campaigns).limit(1);
    await t.db.update(campaigns).set({ name: 'Campaña Otoño' }).where(eq(campaigns.id, campaign.id));
    expect(rowsOf(await get(`/campaigns?name=${q('campana otono')}`)).map((r) => r.id)).toContain(campaign.id);

    const [questionnaire] = await t.db.select({ id: questionnaires.id }).from(questionnaires).where(sql`${questionnaires.removedAt} is null`).limit(1);
    await t.db.update(questionnaires).set({ name: 'Atención en góndola' }).where(eq(questionnaires.id, questionnaire.id));
    expect(rowsOf(await get(`/questionnariesV2?q=${q('ATENCION EN GONDOLA')}`)).map((r) => r.id)).toContain(questionnaire.id);
  });

  it('people: web users and the pickers', async () => {
    const [getter] = await t.db.select({ id: users.id }).from(users).where(sql`${users.rolId} = 7 and ${users.status}`).limit(1);
    await t.db.update(users).set({ names: 'José María', lastName: 'Núñez' }).where(eq(users.id, getter.id));
    expect(rowsOf(await get(`/web-users?q=${q('nunez')}`)).map((r) => r.id)).toContain(getter.id);
    expect(rowsOf(await get(`/web-users?q=${q('JOSE')}`)).map((r) => r.id)).toContain(getter.id);
    expect(rowsOf(await get(`/web-users?q=${q('jose maria nunez')}`)).map((r) => r.id)).toContain(getter.id);
    const [{ email }] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, getter.id));
    expect(rowsOf(await get(`/web-users?q=${q(email.toUpperCase())}`)).map((r) => r.id)).toContain(getter.id);
    expect(rowsOf(await get(`/users?rolId=7&q=${q('jose maria nunez')}`)).map((r) => r.id)).toContain(getter.id);
  });

  it('names in the letters of other Latin alphabets, found by their plain letters (migration 0032)', async () => {
    const [client] = await t.db.select({ id: clients.id }).from(clients).orderBy(clients.id).limit(1);
    await t.db.update(clients).set({ name: 'Cafe Tōkyō Łódź Straße' }).where(eq(clients.id, client.id));
    for (const text of ['cafe tokyo', 'LODZ', 'strasse', 'cafe tōkyō łódź'])
      expect(rowsOf(await get(`/clients/all-clients?q=${q(text)}`)).map((r) => r.id), text).toContain(client.id);

    const move = await aMoveAndItsLocation();
    await t.db.update(locations).set({ fullName: 'Kiosco Şişli Ørsted' }).where(eq(locations.id, move.locationId));
    for (const text of ['kiosco sisli', 'ORSTED'])
      expect(rowsOf(await get(`/user-moves/get/all?clientLocationName=${q(text)}&limit=1000`)).map((r) => r.id), text).toContain(move.id);

    const [getter] = await t.db.select({ id: users.id }).from(users).where(sql`${users.rolId} = 7 and ${users.status}`).orderBy(users.id).limit(1);
    await t.db.update(users).set({ names: 'Søren Łukasz', lastName: 'Ødegård-Čapek' }).where(eq(users.id, getter.id));
    for (const text of ['soren', 'lukasz odegard', 'CAPEK soren'])
      expect(rowsOf(await get(`/web-users?q=${q(text)}`)).map((r) => r.id), text).toContain(getter.id);
    expect(rowsOf(await get(`/users?rolId=7&q=${q('odegard capek')}`)).map((r) => r.id)).toContain(getter.id);
  });

  it('the banks: motives and attributes', async () => {
    const [motive] = await t.db.select({ id: motives.id }).from(motives).limit(1);
    await t.db.update(motives).set({ motive: 'Exhibición incompleta' }).where(eq(motives.id, motive.id));
    expect(rowsOf(await get(`/motives?q=${q('exhibicion')}`)).map((r) => r.id)).toContain(motive.id);

    const [feature] = await t.db.select({ id: features.id }).from(features).limit(1);
    await t.db.update(features).set({ name: 'Región' }).where(eq(features.id, feature.id));
    expect(rowsOf(await get(`/features?q=${q('region')}`)).map((r) => r.id)).toContain(feature.id);
  });
});

describe('lists sort names as people read them, not byte by byte (migration 0014)', () => {
  // Byte order would give 'Orden Zeta', 'Orden alfa', 'Orden zapatería', 'Orden Álamo'.
  const read = ['Orden Álamo', 'Orden alfa', 'Orden zapatería', 'Orden Zeta'];
  const stored = [read[2], read[0], read[3], read[1]];
  const names = (answer: unknown, key = 'name') => rowsOf(answer).map((r) => r[key]);

  it('clients, by name, both ways', async () => {
    const some = await t.db.select({ id: clients.id }).from(clients).orderBy(clients.id).limit(4);
    for (const [i, { id }] of some.entries()) await t.db.update(clients).set({ name: stored[i] }).where(eq(clients.id, id));
    expect(names(await get(`/clients/all-clients?q=orden&sort=name&order=ASC`))).toEqual(read);
    expect(names(await get(`/clients/all-clients?q=orden&sort=name&order=DESC`))).toEqual([...read].reverse());
  });

  it('projects and campaigns', async () => {
    const someProjects = await t.db.select({ id: projects.id }).from(projects).orderBy(projects.id).limit(4);
    for (const [i, { id }] of someProjects.entries()) await t.db.update(projects).set({ name: stored[i] }).where(eq(projects.id, id));
    expect(names(await get(`/projects?name=orden&sort=name&order=ASC`))).toEqual(read);
    const someCampaigns = await t.db.select({ id: campaigns.id }).from(campaigns).orderBy(campaigns.id).limit(4);
    for (const [i, { id }] of someCampaigns.entries()) await t.db.update(campaigns).set({ name: stored[i] }).where(eq(campaigns.id, id));
    expect(names(await get(`/campaigns?name=orden&sort=name&order=ASC`))).toEqual(read);
  });

  it("a client's points of sale, by address and by executive (migration 0016)", async () => {
    const [client] = await t.db.select({ id: clients.id }).from(clients).orderBy(clients.id).limit(1);
    const some = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.clientId, client.id)).orderBy(locations.id).limit(4);
    for (const [i, { id }] of some.entries()) await t.db.update(locations).set({ street: stored[i], executive: stored[i], clientLocationId: `ORDEN-${i}` }).where(eq(locations.id, id));
    for (const column of ['street', 'executive']) {
      expect(names(await get(`/locations/client/${client.id}?q=${encodeURIComponent('^ORDEN-')}&sort=${column}&order=ASC`), column)).toEqual(read);
    }
  });

  it('web users, by first name', async () => {
    const some = await t.db.select({ id: users.id }).from(users).where(sql`${users.rolId} = 7`).orderBy(users.id).limit(4);
    for (const [i, { id }] of some.entries()) await t.db.update(users).set({ names: stored[i], lastName: 'Ordenado' }).where(eq(users.id, id));
    expect(names(await get(`/web-users?q=ordenado&sort=names&order=ASC`), 'names')).toEqual(read);
  });

  it('the moves list, by point of sale (its stored sort key follows the renamed location)', async () => {
    const some = await t.db
      .select({ locationId: locations.id })
      .from(locations)
      .where(sql`exists (select 1 from project_locations pl join user_moves m on m.project_location_id = pl.id where pl.location_id = ${locations.id})`)
      .orderBy(locations.id)
      .limit(4);
    for (const [i, { locationId }] of some.entries()) await t.db.update(locations).set({ fullName: `${stored[i]} local` }).where(eq(locations.id, locationId));
    const rows = rowsOf(await get(`/user-moves/get/all?clientLocationName=orden&sort=clientLocationName&order=ASC&limit=1000`));
    const placeOf = new Map(
      (
        await t.db
          .select({ id: userMoves.id, place: locations.fullName })
          .from(userMoves)
          .innerJoin(sql`project_locations pl`, sql`pl.id = ${userMoves.projectLocationId}`)
          .innerJoin(locations, sql`${locations.id} = pl.location_id`)
          .where(sql`${userMoves.id} = any(${`{${rows.map((r) => r.id).join(',')}}`}::int[])`)
      ).map((r) => [r.id, r.place]),
    );
    const seen = rows.map((r) => placeOf.get(r.id)).filter((n, i, all) => all.indexOf(n) === i);
    expect(seen).toEqual(read.map((n) => `${n} local`));
  });
});
