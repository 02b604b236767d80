/** 'Asignación de Moves' sorted by its columns: the stock's visits and moves merged in one order, paged by offset. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StockRow } from '../../domain/move-api';
import { MOVE_FORM_TEXT, STOCK_SORTS, type StockSort } from '../../domain/move-forms';
import { todayIso } from '../../domain/validation';
import { rowsOf } from '../../server/db/client';
import { createTestApp, type TestApp } from './helpers';
import { caller } from './moves-helpers';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof caller>;
/** How the database orders names: in Spanish where it has ICU (migration 0014), else byte by byte. */
let compareText: (a: string, b: string) => number;

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  ({ token: admin } = await t.login('admin@campo.test'));
  const [{ spanish }] = await rowsOf<{ spanish: boolean }>(t.db, sql`select exists (select 1 from pg_collation where collname = 'campo_es') as spanish`);
  const collator = new Intl.Collator('es');
  compareText = spanish ? collator.compare : (a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : Buffer.from(a) > Buffer.from(b) ? 1 : 0);
});
afterAll(() => t?.close());

type Stock = { rows: StockRow[]; count: number; next: string | null };
const stock = (query: string) => api.ok<Stock>('GET', `/user-moves/stock-moves-report?${query}`, admin);

/** Every row of the stock the query names, a page of 500 at a time. */
async function whole(query: string): Promise<StockRow[]> {
  const rows: StockRow[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await stock(`${query}&limit=500&offset=${offset}`);
    rows.push(...page.rows);
    if (page.rows.length < 500) return rows;
  }
}

/** What a row shows in the column: text, a number or a day ('YYYY-MM-DD'), or nothing. */
const valueOf = (row: StockRow, field: StockSort): string | number | null => row[field] ?? null;

/**
 * Whether `a` may come before `b` sorted by the column that way: nothing (a visit's move code) after every
 * value going up and before them going down, as PostgreSQL puts nulls.
 */
function inOrder(a: string | number | null, b: string | number | null, order: 'ASC' | 'DESC'): boolean {
  if (a === null || b === null) return order === 'ASC' ? b === null : a === null;
  const c = typeof a === 'number' && typeof b === 'number' ? a - b : /^\d{4}-\d{2}-\d{2}$/.test(String(a)) ? String(a).localeCompare(String(b)) : compareText(String(a), String(b));
  return order === 'ASC' ? c <= 0 : c >= 0;
}

function expectSorted(rows: StockRow[], field: StockSort, order: 'ASC' | 'DESC') {
  const wrong = rows.findIndex((row, i) => i > 0 && !inOrder(valueOf(rows[i - 1], field), valueOf(row, field), order));
  expect(wrong, wrong < 0 ? '' : `${field} ${order}: ${JSON.stringify(valueOf(rows[wrong - 1], field))} before ${JSON.stringify(valueOf(rows[wrong], field))}`).toBe(-1);
}

describe("the stock sorted by a column of 'Asignación de Moves'", () => {
  it('lists the same rows in each column\'s order, both ways, with visits and moves merged', { timeout: 120_000 }, async () => {
    const plain = await whole('statuses=Asignada,Disponible,Publicada,Publicada por Cancelación');
    const keys = plain.map((r) => r.key).sort();
    expect(plain.some((r) => r.kind === 'visit') && plain.some((r) => r.kind === 'move')).toBe(true);
    for (const field of STOCK_SORTS) {
      for (const order of ['ASC', 'DESC'] as const) {
        const rows = await whole(`statuses=Asignada,Disponible,Publicada,Publicada por Cancelación&sort=${field}&order=${order}`);
        expect(rows.map((r) => r.key).sort(), `${field} ${order}: the same rows`).toEqual(keys);
        expectSorted(rows, field, order);
      }
    }
    // Not only the stock's own order again: by due date, visits and moves come interleaved.
    const byDate = await whole('statuses=Asignada,Disponible,Publicada,Publicada por Cancelación&sort=fecha_limite');
    expect(byDate.map((r) => r.key)).not.toEqual(plain.map((r) => r.key));
  });

  it('cuts each page from the one merged order, and keeps to the filters', { timeout: 60_000 }, async () => {
    const query = 'statuses=Asignada,Disponible,Publicada&sort=proyecto&order=DESC';
    const rows = await whole(query);
    expect(rows.length).toBeGreaterThan(14);
    const first = await stock(`${query}&limit=7&offset=0`);
    const second = await stock(`${query}&limit=7&offset=7`);
    expect([...first.rows, ...second.rows].map((r) => r.key)).toEqual(rows.slice(0, 14).map((r) => r.key));
    // The count is the stock's, whatever its order; a sorted page gives no keyset cursor (it pages by offset).
    expect(first.count).toBe(rows.length);
    expect(first.next).toBeNull();
    expect(new Set(rows.map((r) => r.estado_actual))).not.toContain('Publicada por Cancelación');

    const clientId = rows.find((r) => r.cliente !== null)!;
    const [{ id }] = await rowsOf<{ id: number }>(t.db, sql`select p.client_id as id from project_locations pl join projects p on p.id = pl.project_id where pl.id = ${clientId.project_location_id}`);
    const ofClient = await whole(`clientId=${id}&assignable=true&sort=fecha_limite&order=ASC`);
    expect(ofClient.length).toBeGreaterThan(0);
    expect(ofClient.every((r) => r.cliente === clientId.cliente && !r.proyectoFinalizado && !r.puntoDeVentaInactivo)).toBe(true);
    expect(ofClient.map((r) => r.key).sort()).toEqual((await whole(`clientId=${id}&assignable=true`)).map((r) => r.key).sort());
    expectSorted(ofClient, 'fecha_limite', 'ASC');
  });

  it("gives a client's or a project's sorted stock the same count as its own order, on any page and past the last", async () => {
    const all = await whole('statuses=Asignada,Disponible,Publicada,Publicada por Cancelación');
    const [{ id: clientId }] = await rowsOf<{ id: number }>(
      t.db,
      sql`select p.client_id as id from project_locations pl join projects p on p.id = pl.project_id where pl.id = ${all[0].project_location_id}`,
    );
    const projectId = all[0].id_operativo;
    for (const filter of [`clientId=${clientId}`, `projectId=${projectId}`, `clientId=${clientId}&assignable=true`]) {
      for (const states of ['Asignada,Disponible,Publicada,Publicada por Cancelación', 'Publicada', 'Asignada,Disponible']) {
        const query = `statuses=${states}&${filter}`;
        const { count } = await stock(`${query}&limit=1`);
        const rows = await whole(query);
        expect(count, query).toBe(rows.length);
        // Both branches have rows, more than a first page of two takes of each: a count taken after the
        // branches' limit, or of one branch only, would show.
        if (states.includes('Publicada') && states.includes('Asignada') && !filter.includes('assignable')) {
          expect(rows.filter((r) => r.kind === 'visit').length, query).toBeGreaterThan(2);
          expect(rows.filter((r) => r.kind === 'move').length, query).toBeGreaterThan(2);
        }
        for (const sort of ['punto_de_venta', 'fecha_limite', 'estado_actual']) {
          for (const offset of [0, 1, count, count + 10]) {
            const page = await stock(`${query}&sort=${sort}&order=DESC&limit=2&offset=${offset}`);
            expect(page.count, `${query} by ${sort} at ${offset}`).toBe(count);
          }
        }
      }
    }
    // A client with nothing in the stock: none, and no page.
    const [{ id: empty }] = await rowsOf<{ id: number }>(
      t.db,
      sql`select c.id from clients c where not exists (select 1 from visits v join project_locations pl on pl.id = v.project_location_id join projects p on p.id = pl.project_id
        where p.client_id = c.id and v.state = 'PUBLICADA') order by c.id limit 1`,
    );
    expect(await stock(`statuses=Publicada&clientId=${empty}&sort=punto_de_venta`)).toMatchObject({ rows: [], count: 0 });
  });

  it("keeps what can be assigned as the projects' end dates and the points of sale change, sorted by due date over every client", { timeout: 60_000 }, async () => {
    const states = 'statuses=Asignada,Disponible,Publicada,Publicada por Cancelación';
    /** The rule read through the project and the point of sale, as the rows' flags say it (not the rows' own date). */
    const expected = async () =>
      (
        await rowsOf<{ key: string }>(
          t.db,
          sql`select (case when x.kind = 0 then 'v:' else 'm:' end) || x.id as key
            from (select 0 as kind, id, project_location_id from visits where state in ('PUBLICADA', 'PUBLICADA_POR_CANCELACION')
              union all select 1, id, project_location_id from user_moves where status in ('ASIGNADA', 'DISPONIBLE')) x
            join project_locations pl on pl.id = x.project_location_id join projects p on p.id = pl.project_id join locations l on l.id = pl.location_id
            where p.end_date >= ${todayIso()}::date and l.status`,
        )
      )
        .map((r) => r.key)
        .sort();
    /** Rows whose own date disagrees with their project and point of sale: none, ever. */
    const stale = async () => {
      const [{ n }] = await rowsOf<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from (select project_location_id, assignable_until from visits union all select project_location_id, assignable_until from user_moves) x
          join project_locations pl on pl.id = x.project_location_id join projects p on p.id = pl.project_id join locations l on l.id = pl.location_id
          where x.assignable_until is distinct from (case when l.status then p.end_date end)`,
      );
      return n;
    };
    const assignableByDue = async () => {
      const rows = await whole(`${states}&assignable=true&sort=fecha_limite&order=ASC`);
      expectSorted(rows, 'fecha_limite', 'ASC');
      expect(rows.every((r) => !r.proyectoFinalizado && !r.puntoDeVentaInactivo)).toBe(true);
      expect((await stock(`${states}&assignable=true&limit=1`)).count).toBe(rows.length);
      // The other way, page by page: the same rows, each page cut from the one order (ties by the key, the other way).
      const down = await whole(`${states}&assignable=true&sort=fecha_limite&order=DESC`);
      expectSorted(down, 'fecha_limite', 'DESC');
      expect(down.map((r) => r.key).sort()).toEqual(rows.map((r) => r.key).sort());
      const pages = [];
      for (let offset = 0; offset < Math.min(down.length, 21); offset += 7) pages.push(...(await stock(`${states}&assignable=true&sort=fecha_limite&order=DESC&limit=7&offset=${offset}`)).rows);
      expect(pages.map((r) => r.key)).toEqual(down.slice(0, 21).map((r) => r.key));
      return rows.map((r) => r.key).sort();
    };
    expect(await stale()).toBe(0);
    const before = await assignableByDue();
    expect(before.length).toBeGreaterThan(0);
    expect(before).toEqual(await expected());

    // A running project ends: its rows leave; extended again, they come back.
    const [row] = await rowsOf<{ id: number; end: string; pl: number }>(
      t.db,
      sql`select p.id, p.end_date::text as end, pl.id as pl from visits v join project_locations pl on pl.id = v.project_location_id join projects p on p.id = pl.project_id
        where v.state = 'PUBLICADA' and p.end_date >= ${todayIso()}::date order by v.id limit 1`,
    );
    // (The day before today where the app lives, Argentina: PostgreSQL's current_date is UTC's.)
    await rowsOf(t.db, sql`update projects set end_date = ${todayIso()}::date - 1 where id = ${row.id}`);
    expect(await stale()).toBe(0);
    const ended = await assignableByDue();
    expect(ended.length).toBeLessThan(before.length);
    expect(ended).toEqual(await expected());
    await rowsOf(t.db, sql`update projects set end_date = ${row.end}::date where id = ${row.id}`);
    expect(await assignableByDue()).toEqual(before);

    // Its point of sale is deactivated in the console: its rows leave; activated, they come back.
    const [{ location }] = await rowsOf<{ location: number }>(t.db, sql`select location_id as location from project_locations where id = ${row.pl}`);
    await api.ok('PUT', '/locations/disable', admin, { id: location, status: false });
    expect(await stale()).toBe(0);
    const inactive = await assignableByDue();
    expect(inactive.length).toBeLessThan(before.length);
    expect(inactive).toEqual(await expected());
    await api.ok('PUT', '/locations/disable', admin, { id: location, status: true });
    expect(await assignableByDue()).toEqual(before);
    expect(await stale()).toBe(0);
  });

  it('keeps what can be assigned when a project location changes its point of sale', async () => {
    const [row] = await rowsOf<{ pl: number; location: number }>(
      t.db,
      sql`select pl.id as pl, pl.location_id as location from visits v join project_locations pl on pl.id = v.project_location_id
        join projects p on p.id = pl.project_id join locations l on l.id = pl.location_id
        where v.state = 'PUBLICADA' and p.end_date >= ${todayIso()}::date and l.status order by v.id desc limit 1`,
    );
    // Another point of sale, not of the project, inactive.
    const [{ other }] = await rowsOf<{ other: number }>(
      t.db,
      sql`select id as other from locations where status and id not in (select location_id from project_locations where project_id = (select project_id from project_locations where id = ${row.pl})) order by id limit 1`,
    );
    await rowsOf(t.db, sql`update locations set status = false where id = ${other}`);
    const until = async () => (await rowsOf<{ until: string | null }>(t.db, sql`select assignable_until::text as until from visits where project_location_id = ${row.pl} and state = 'PUBLICADA' limit 1`))[0].until;
    try {
      expect(await until()).not.toBeNull();
      await rowsOf(t.db, sql`update project_locations set location_id = ${other} where id = ${row.pl}`);
      expect(await until()).toBeNull();
      await rowsOf(t.db, sql`update project_locations set location_id = ${row.location} where id = ${row.pl}`);
      expect(await until()).not.toBeNull();
    } finally {
      await rowsOf(t.db, sql`update project_locations set location_id = ${row.location} where id = ${row.pl}`);
      await rowsOf(t.db, sql`update locations set status = true where id = ${other}`);
    }
  });

  // Two connections at once: PostgreSQL only (the embedded database has one).
  it.runIf(inject('campoDatabase').kind === 'postgres')('leaves nothing assignable at a point of sale deactivated while a visit of it was being added', async () => {
    const [row] = await rowsOf<{ pl: number; location: number; range: number | null; from: string; to: string }>(
      t.db,
      sql`select pl.id as pl, pl.location_id as location, v.visit_range_id as range, v.due_from::text as from, v.due_to::text as to
        from visits v join project_locations pl on pl.id = v.project_location_id join projects p on p.id = pl.project_id join locations l on l.id = pl.location_id
        where v.state = 'PUBLICADA' and p.end_date >= ${todayIso()}::date and l.status order by v.id limit 1`,
    );
    let deactivating: Promise<unknown> | undefined;
    let added = 0;
    await t.db.transaction(async (tx) => {
      [{ id: added }] = await rowsOf<{ id: number }>(tx, sql`insert into visits (project_location_id, visit_range_id, due_from, due_to, state)
        values (${row.pl}, ${row.range}, ${row.from}::date, ${row.to}::date, 'PUBLICADA') returning id`);
      // Sent while the visit is not committed: its point of sale's deactivation waits for it, and then sees it.
      deactivating = api.ok('PUT', '/locations/disable', admin, { id: row.location, status: false });
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    try {
      await deactivating;
      const [{ until }] = await rowsOf<{ until: string | null }>(t.db, sql`select assignable_until::text as until from visits where id = ${added}`);
      expect(until).toBeNull();
      expect((await whole('statuses=Publicada&assignable=true&sort=fecha_limite')).map((r) => r.key)).not.toContain(`v:${added}`);
    } finally {
      await api.ok('PUT', '/locations/disable', admin, { id: row.location, status: true });
      await rowsOf(t.db, sql`delete from visits where id = ${added}`);
    }
  });

  it('refuses a column it does not sort by, a way that is none, and a sort of the full export (400, in Spanish)', async () => {
    const unknown = await api.call('GET', '/user-moves/stock-moves-report?sort=password', admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('No se puede ordenar por \\"password\\".');
    expect((await api.call('GET', '/user-moves/stock-moves-report?sort=proyecto&order=sideways', admin)).statusCode).toBe(400);
    for (const query of ['full=true&sort=proyecto', 'after=v:1&sort=proyecto']) {
      const refused = await api.call('GET', `/user-moves/stock-moves-report?${query}`, admin);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.body).toContain(MOVE_FORM_TEXT.stockSortPaged);
    }
    // A parameter given twice is said as every list says it, not as the type its array is not.
    const twice = await api.call('GET', '/user-moves/stock-moves-report?sort=ciudad&order=asc&order=desc', admin);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('La dirección repite el sentido del orden: debe ir una sola vez.');
    const statusesTwice = await api.call('GET', '/user-moves/stock-moves-report?statuses=PUBLICADA&statuses=ASIGNADA', admin);
    expect(statusesTwice.statusCode).toBe(400);
  });
});
