/**
 * Client location codes compared regardless of the capitals of every Latin alphabet (migration 0033): the
 * database's fold (campo_code_fold) is the domain's (foldLocationCode) letter by letter, and the migration,
 * run over codes that collide only under the wider fold, renames them as 0013 did and builds the index again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_FROM, CASE_TO, FOLD_FROM } from '../../domain/fold';
import { foldLocationCode } from '../../domain/locations';
import { migrationsFolder } from '../../server/db/client';
import { pgErrorCode } from '../../server/db/errors';
import { auditLog, clients, locations } from '../../server/db/schema';
import { createTestApp, locationWriter, migrationStatements, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const MIGRATION = '0033_location_code_case.sql';

/** The code fold of migration 0013 (ASCII and the capitals of Spanish and Portuguese), as the database had it before 0033. */
const formerCodeFold = migrationStatements('0013_location_code_fold.sql')[0];

const codeFolds = async (codes: readonly string[]) =>
  (
    (await t.db.execute(
      sql`select x.code, campo_code_fold(x.code) as folded from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) with ordinality as x(code, n) order by x.n`,
    )) as unknown as { rows: { code: string; folded: string }[] }
  ).rows;

describe('the code fold', () => {
  it('is the same in the database (campo_code_fold) as in the domain (foldLocationCode), whatever the locale', async () => {
    const samples = ['SUC-01', ' suc-01 ', '\tSuc-01\r\n', 'ÑANDÚ-Ç', 'ÀÉÎÕÜ-ãë', 'Straße', 'ΣΑΛΑ', 'İstanbul', 'ＳＵＣ', 'a b', ''];
    const rows = await codeFolds(samples);
    expect(rows.map((r) => r.folded)).toEqual(samples.map(foldLocationCode));
    expect(foldLocationCode(' ÑANDÚ-Suc ')).toBe('ñandú-suc');
  });

  it('lowers every capital of the letter table as the domain does, and leaves every other letter of campo_fold as it is', async () => {
    // Each letter alone, and texts through both of the SQL function's paths (ASCII alone, any other letter).
    const letters = [...new Set([...CASE_FROM, ...CASE_TO, ...FOLD_FROM, 'ẞ', 'İ', 'ı', 'ſ'])];
    const texts = ['SUC-Ø1', 'suc-ø1', ' ŁÓDŹ-1 ', 'łódź-1', 'İSTANBUL-ıI', 'STRAẞE-ß', 'ĲSSEL-Ĳ', 'Ǎ-ǅ-Ǆ', 'ƏLİ-Ə', 'ỲÊN-Ỷ', 'PLAIN-ASCII 01', 'Ñ\u0303', 'ΣΑ-ＳＵＣ'];
    const samples = [...letters, ...texts];
    const rows = await codeFolds(samples);
    expect(rows.map((r) => r.code)).toEqual(samples);
    const differing = rows.filter((r) => r.folded !== foldLocationCode(r.code)).map((r) => `${r.code} → ${r.folded} / ${foldLocationCode(r.code)}`);
    expect(differing).toEqual([]);
    expect(rows.find((r) => r.code === 'SUC-Ø1')!.folded).toBe(rows.find((r) => r.code === 'suc-ø1')!.folded);
    expect(rows.find((r) => r.code === ' ŁÓDŹ-1 ')!.folded).toBe('łódź-1');
  });

  it('the migration translates the letter table the domain has', () => {
    const migration = readFileSync(join(migrationsFolder, MIGRATION), 'utf8');
    expect(migration).toContain(`translate($1, '${CASE_FROM}', '${CASE_TO}')`);
    expect(migration).toContain('WHEN octet_length($1) = length($1) THEN $1');
  });
});

describe('migration 0033 over codes that collide only under the wider fold', () => {
  it('keeps the oldest code, renames the others after their own system code, audits it, builds the index again, and leaves other clients alone', async () => {
    const [first, second] = await t.db.select().from(clients).orderBy(asc(clients.id)).limit(2);
    // The database as it was before 0033: the index folds only ASCII and Spanish and Portuguese capitals.
    await t.db.execute(sql.raw(formerCodeFold));
    await t.db.execute(sql`reindex index locations_client_code_fold_uq`);
    const insert = await locationWriter(t.db, first.id);
    const oldest = await insert(first.id, 'SUC-Ø1');
    const lower = await insert(first.id, 'suc-ø1');
    const polish = await insert(first.id, 'łódź-1');
    const polishCapitals = await insert(first.id, ' ŁÓDŹ-1');
    const cedilla = await insert(first.id, 'SUÇ-Ø1');
    const otherClient = await insert(second.id, 'suc-ø1');
    const otherClientCapitals = await insert(second.id, 'SUC-Ø2');
    // Before: the old fold keeps them apart.
    expect(await codeFolds(['SUC-Ø1', 'suc-ø1'])).toEqual([
      { code: 'SUC-Ø1', folded: 'suc-Ø1' },
      { code: 'suc-ø1', folded: 'suc-ø1' },
    ]);
    const auditedBefore = await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'rename-duplicate-code'));

    for (const statement of migrationStatements(MIGRATION)) await t.db.execute(sql.raw(statement));

    const ids = [oldest, lower, polish, polishCapitals, cedilla, otherClient, otherClientCapitals].map((l) => l.id);
    const after = new Map((await t.db.select({ id: locations.id, code: locations.clientLocationId }).from(locations).where(inArray(locations.id, ids))).map((l) => [l.id, l.code]));
    expect(Object.fromEntries(after)).toEqual({
      [oldest.id]: 'SUC-Ø1',
      [lower.id]: `suc-ø1 (repetido ${lower.code})`,
      [polish.id]: 'łódź-1',
      [polishCapitals.id]: ` ŁÓDŹ-1 (repetido ${polishCapitals.code})`,
      [cedilla.id]: 'SUÇ-Ø1',
      [otherClient.id]: 'suc-ø1',
      [otherClientCapitals.id]: 'SUC-Ø2',
    });

    const audited = await t.db
      .select({ entityId: auditLog.entityId, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'location'), eq(auditLog.action, 'rename-duplicate-code')));
    expect(audited).toHaveLength(auditedBefore.length + 2);
    expect(audited).toEqual(
      expect.arrayContaining([
        { entityId: String(lower.id), detail: { from: 'suc-ø1', to: `suc-ø1 (repetido ${lower.code})`, migration: '0033' } },
        { entityId: String(polishCapitals.id), detail: { from: ' ŁÓDŹ-1', to: ` ŁÓDŹ-1 (repetido ${polishCapitals.code})`, migration: '0033' } },
      ]),
    );

    // The index is built again with the new fold: the code cannot be repeated in other capitals any more.
    await expect(insert(first.id, 'Suc-ø1')).rejects.toSatisfy((error) => pgErrorCode(error) === '23505');
    await expect(insert(second.id, 'suc-ø2')).rejects.toSatisfy((error) => pgErrorCode(error) === '23505');
    await expect(insert(second.id, 'SUÇ-Ø2')).resolves.toBeDefined();
  });
});
