/**
 * Migration 0032 (the fold of every Latin alphabet): the names already stored folded the old way are folded
 * again, their indexes built again, and the searches find them by their plain letters.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordsText } from '../../domain/people';
import { migrationsFolder } from '../../server/db/client';
import { foldText } from '../../server/db/list';
import { clients, guidelines, locations, projects, questionnaires, users } from '../../server/db/schema';
import { createTestApp, migrationStatements, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());


/** The fold of migration 0009, as the database had it before 0032. */
const formerFold = readFileSync(join(migrationsFolder, '0009_search_fold.sql'), 'utf8')
  .split('--> statement-breakpoint')[0]
  .replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION');

const indexes = async () =>
  ((await t.db.execute(sql`select indexname from pg_indexes where schemaname = 'public' and indexdef ~ 'search_' order by indexname`)) as unknown as { rows: { indexname: string }[] }).rows.map((r) => r.indexname);

describe('migration 0032 over names folded the old way', () => {
  it('folds them again, builds their indexes again, and the searches find them by their plain letters', async () => {
    const indexesBefore = await indexes();
    // Eight on the folded columns, and person_words' two that carry its copy of the words (migration 0038).
    expect(indexesBefore).toHaveLength(10);
    await t.db.execute(sql.raw(formerFold));
    const [client] = await t.db.select({ id: clients.id }).from(clients).orderBy(clients.id).limit(1);
    const [location] = await t.db.select({ id: locations.id }).from(locations).orderBy(locations.id).limit(1);
    const [project] = await t.db.select({ id: projects.id }).from(projects).orderBy(projects.id).limit(1);
    const [guideline] = await t.db.select({ id: guidelines.id }).from(guidelines).orderBy(guidelines.id).limit(1);
    const [questionnaire] = await t.db.select({ id: questionnaires.id }).from(questionnaires).orderBy(questionnaires.id).limit(1);
    const [getter] = await t.db.select({ id: users.id, email: users.email }).from(users).where(sql`${users.rolId} = 7 and ${users.status}`).orderBy(users.id).limit(1);
    await t.db.update(clients).set({ name: 'Cafe Tōkyō' }).where(eq(clients.id, client.id));
    await t.db.update(locations).set({ fullName: 'Łódź Straße', clientLocationName: 'OP-Ø', clientLocationId: 'ŁD-1' }).where(eq(locations.id, location.id));
    await t.db.update(projects).set({ name: 'Relevamiento Şişli' }).where(eq(projects.id, project.id));
    await t.db.update(guidelines).set({ name: 'Instructivo Ærø' }).where(eq(guidelines.id, guideline.id));
    await t.db.update(questionnaires).set({ name: 'Cuestionario Œuvre' }).where(eq(questionnaires.id, questionnaire.id));
    await t.db.update(users).set({ names: 'Søren', lastName: 'Čapek' }).where(eq(users.id, getter.id));
    const stored = async () => ({
      client: (await t.db.select({ s: clients.searchText }).from(clients).where(eq(clients.id, client.id)))[0].s,
      location: (await t.db.select({ s: locations.searchName }).from(locations).where(eq(locations.id, location.id)))[0].s,
      project: (await t.db.select({ s: projects.searchName }).from(projects).where(eq(projects.id, project.id)))[0].s,
      guideline: (await t.db.select({ s: guidelines.searchName }).from(guidelines).where(eq(guidelines.id, guideline.id)))[0].s,
      questionnaire: (await t.db.select({ s: questionnaires.searchName }).from(questionnaires).where(eq(questionnaires.id, questionnaire.id)))[0].s,
      words: (await t.db.select({ s: users.searchWords }).from(users).where(eq(users.id, getter.id)))[0].s,
      textWords: (await t.db.select({ s: users.searchTextWords }).from(users).where(eq(users.id, getter.id)))[0].s,
    });
    // Before: the letters beyond Spanish and Portuguese stay as they are.
    const before = await stored();
    // (The client's own code for the point of sale is searched too since migration 0041, which comes after 0032:
    // replayed here, 0032 builds the column as it had it, without the code.)
    expect(before.location).toBe('łodź straße\nop-ø\nłd-1');
    expect(before.words).toBe(' søren čapek');

    const admin = (await t.login('admin@campo.test')).token;
    const found = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: t.authHeader(admin) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return (Array.isArray(body) ? body : body.rows).map((r: { id: number }) => r.id);
    };
    for (const statement of migrationStatements('0032_fold_latin.sql')) await t.db.execute(sql.raw(statement));
    // The words the pickers search are a copy (migration 0038, which comes after 0032 and writes them all): a
    // migration that refolds the names rebuilds users' columns without firing the triggers that keep the copy.
    await t.db.execute(sql`select campo_person_words_write(0, 2147483647)`);

    const after = await stored();
    expect(after.client!.split('\n')[0]).toBe('cafe tokyo');
    expect(after.location).toBe('lodz strasse\nop-o');
    expect(after.project).toBe('relevamiento sisli');
    expect(after.guideline).toBe('instructivo aero');
    expect(after.questionnaire).toBe('cuestionario oeuvre');
    expect(after.words).toBe(wordsText('Søren Čapek'));
    expect(after.textWords!.replace(/ +/g, ' ')).toBe(wordsText(`Søren Čapek ${getter.email}`));
    expect(after.location).toBe(foldText('Łódź Straße\nOP-Ø'));
    expect(await indexes()).toEqual(indexesBefore);

    expect(await found('/clients/all-clients?q=cafe%20tokyo')).toContain(client.id);
    expect(await found('/projects?name=sisli')).toContain(project.id);
    expect(await found('/web-users?q=soren%20capek')).toContain(getter.id);
    expect(await found('/users?rolId=7&q=capek')).toContain(getter.id);
  });
});
