/**
 * Migration 0013 (client location codes unique within the client whatever their capitals): run over
 * codes that already collide it does not fail. (The fold it leaves is the one 0033 widens: the database's
 * fold and the domain's are held to each other in locations-code-fold.test.ts.)
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION_TEXT } from '../../domain/locations';
import { pgErrorCode } from '../../server/db/errors';
import { auditLog, clients, locations } from '../../server/db/schema';
import { createTestApp, locationWriter, migrationStatements, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());


describe('migration 0013 over codes that already collide', () => {
  it('keeps the oldest code, renames the others after their own system code, audits it and builds the index', async () => {
    const [first, second] = await t.db.select().from(clients).orderBy(asc(clients.id)).limit(2);
    // The database as it was before 0013: only the exact code was unique.
    await t.db.execute(sql`drop index locations_client_code_fold_uq`);
    const insert = await locationWriter(t.db, first.id);
    const oldest = await insert(first.id, 'MIG-01');
    const lower = await insert(first.id, 'mig-01');
    const spaced = await insert(first.id, ' Mig-01');
    const alone = await insert(first.id, 'MIG-02');
    const otherClient = await insert(second.id, 'mig-01');

    for (const statement of migrationStatements('0013_location_code_fold.sql')) await t.db.execute(sql.raw(statement));

    const ids = [oldest, lower, spaced, alone, otherClient].map((l) => l.id);
    const after = new Map((await t.db.select({ id: locations.id, code: locations.clientLocationId }).from(locations).where(inArray(locations.id, ids))).map((l) => [l.id, l.code]));
    expect(after.get(oldest.id)).toBe('MIG-01');
    expect(after.get(lower.id)).toBe(`mig-01 (repetido ${lower.code})`);
    expect(after.get(spaced.id)).toBe(` Mig-01 (repetido ${spaced.code})`);
    expect(after.get(alone.id)).toBe('MIG-02');
    expect(after.get(otherClient.id)).toBe('mig-01');

    const audited = await t.db
      .select({ entityId: auditLog.entityId, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'location'), eq(auditLog.action, 'rename-duplicate-code')));
    expect(audited).toEqual(
      expect.arrayContaining([
        { entityId: String(lower.id), detail: { from: 'mig-01', to: `mig-01 (repetido ${lower.code})`, migration: '0013' } },
        { entityId: String(spaced.id), detail: { from: ' Mig-01', to: ` Mig-01 (repetido ${spaced.code})`, migration: '0013' } },
      ]),
    );
    expect(audited).toHaveLength(2);

    // The index is back: the code cannot be repeated in other capitals any more.
    await expect(insert(first.id, 'mig-01')).rejects.toSatisfy((error) => pgErrorCode(error) === '23505');

    // A renamed code has spaces: the form asks for a new one the next time the location is saved.
    const admin = (await t.login('admin@campo.test')).token;
    const current = (await t.app.inject({ method: 'GET', url: `/api/locations/${lower.id}`, headers: t.authHeader(admin) })).json();
    const save = await t.app.inject({
      method: 'PUT',
      url: '/api/locations',
      headers: t.authHeader(admin),
      payload: { ...current, featureValues: current.featureValues.map((v: { id: number }) => ({ id: v.id })) },
    });
    expect(save.statusCode, save.body).toBe(400);
    expect(save.json().errors).toEqual({ clientLocationId: LOCATION_TEXT.noSpaces });
  });
});
