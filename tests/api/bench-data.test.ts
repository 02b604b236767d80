/**
 * The scale generator (tests/bench/scale.ts), small: into a throwaway PostgreSQL database, then the
 * counts it promises and every foreign key of the schema checked by an anti-join (the load runs
 * without the foreign-key triggers, so the keys must be right by construction). Needs PostgreSQL:
 * TEST_DATABASE_URL's server or a local one (tests/api/pg-admin.ts `postgresServer`).
 */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { generate, isEmpty } from '../bench/scale';
import { adminQuery, databaseUrl, quoteIdent } from './pg-admin';

const server = inject('postgresServer');
const name = `campo_bench_smoke_${process.pid}`;
const url = server ? databaseUrl(server, name) : '';
const SIZES = { moves: 2000, clients: 25, locations: 500, getters: 200, projects: 40, agents: 3, pushMessages: 10 };

describe.skipIf(!server)('bench:data, small', () => {
  beforeAll(async () => {
    await adminQuery(server!, `drop database if exists ${quoteIdent(name)} with (force)`);
    await adminQuery(server!, `create database ${quoteIdent(name)}`);
    await generate(url, SIZES);
  }, 60_000);
  afterAll(async () => {
    await adminQuery(server!, `drop database if exists ${quoteIdent(name)} with (force)`);
  });

  test('makes the sizes it is asked for, on top of the demo and its logins', async () => {
    const [n] = await adminQuery<Record<string, number>>(
      url,
      `select (select count(*) from clients)::int as clients, (select count(*) from user_moves where id > (select max(republished_from_id) from user_moves))::int as moves_after_demo,
        (select count(*) from users where email like 'getter%@getters.bench.campo.test')::int as getters,
        (select count(*) from push_messages)::int as push, (select count(*) from users where email = 'admin@campo.test')::int as admin`,
    );
    expect(n.clients).toBe(SIZES.clients);
    expect(n.getters).toBe(SIZES.getters);
    expect(n.admin).toBe(1);
    expect(n.moves_after_demo).toBeGreaterThanOrEqual(SIZES.moves);
    expect(await isEmpty(url)).toBe(false);
  });

  test('every generated move has the status log of its path, ending in its status, and approved ones owe a transaction', async () => {
    // The generated moves follow the demo's (whose seed has its own history rules).
    const [bad] = await adminQuery<{ last_wrong: number; open_logs_wrong: number; approved_without: number; replies_wrong: number }>(
      url,
      `with m as (select * from user_moves where id > (select min(um.id) - 1 from user_moves um join users g on g.id = um.user_id where g.email like 'getter%@getters.bench.campo.test'))
      select
        (select count(*) from m where m.status <> (select l.status from move_status_logs l where l.user_move_id = m.id order by l.created_at desc, l.id desc limit 1))::int as last_wrong,
        (select count(*) from m where (select count(*) from move_status_logs l where l.user_move_id = m.id and l.finished_at is null) <> 1)::int as open_logs_wrong,
        (select count(*) from m where m.status = 'APROBADA' and m.user_id is not null and not exists (select 1 from transactions t where t.user_move_id = m.id))::int as approved_without,
        (select count(*) from m where m.status in ('EN_REVISION','APROBADA','DESAPROBADA','RECHAZADA','DEVUELTA') and not exists (select 1 from move_replies r where r.user_move_id = m.id))::int as replies_wrong`,
    );
    expect(bad).toEqual({ last_wrong: 0, open_logs_wrong: 0, approved_without: 0, replies_wrong: 0 });
  });

  test("every move's stored sort keys are its Getter's, agent's, client's and point of sale's names, and its city that of its point of sale (the load bypasses the triggers)", async () => {
    const [wrong] = await adminQuery<{ n: number }>(
      url,
      `select count(*)::int as n from user_moves um
        join project_locations pl on pl.id = um.project_location_id join projects p on p.id = pl.project_id join locations l on l.id = pl.location_id
        left join clients c on c.id = p.client_id left join users g on g.id = um.user_id left join users a on a.id = um.assigned_agent_id
        where um.getter_sort_key is distinct from lower(nullif(trim(g.names || ' ' || g.last_name), ''))
          or um.agent_sort_key is distinct from lower(nullif(trim(a.names || ' ' || a.last_name), ''))
          or um.client_sort_key is distinct from lower(c.name) or um.location_sort_key is distinct from lower(l.full_name)
          or um.city_id is distinct from l.city_id`,
    );
    expect(wrong.n).toBe(0);
  });

  test('the day totals of the transactions are what the transactions sum (the load bypasses the triggers)', async () => {
    const [diff] = await adminQuery<{ n: number }>(
      url,
      `select count(*)::int as n from (
        select status, campo_transaction_day(status, created_at, transaction_date) as day, count(*)::int as count, sum(amount) as amount from transactions group by 1, 2
      ) d full join transaction_day_totals t using (status, day)
      where d.count is distinct from t.count or d.amount is distinct from t.amount`,
    );
    expect(diff.n).toBe(0);
  });

  test('no foreign key is broken', async () => {
    const checks = await adminQuery<{ name: string; query: string }>(
      url,
      `select con.conname as name, format('select count(*)::int as n from %s c where %s and not exists (select 1 from %s p where %s)',
          con.conrelid::regclass,
          (select string_agg(format('c.%I is not null', a.attname), ' and ') from unnest(con.conkey) k join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k),
          con.confrelid::regclass,
          (select string_agg(format('p.%I = c.%I', pa.attname, ca.attname), ' and ') from unnest(con.conkey, con.confkey) as kk(ck, fk)
            join pg_attribute ca on ca.attrelid = con.conrelid and ca.attnum = kk.ck join pg_attribute pa on pa.attrelid = con.confrelid and pa.attnum = kk.fk)) as query
        from pg_constraint con where con.contype = 'f' and con.connamespace = 'public'::regnamespace`,
    );
    expect(checks.length).toBeGreaterThan(40);
    const broken: string[] = [];
    for (const c of checks) {
      const [{ n }] = await adminQuery<{ n: number }>(url, c.query);
      if (n) broken.push(`${c.name}: ${n}`);
    }
    expect(broken).toEqual([]);
  });
});
