/**
 * A move added while its project's end date changes (migration 0046): the move ends up with the project's new
 * date, and whoever adds a move takes the project before any visit or move, so neither side waits for the
 * other. Two connections at once: PostgreSQL only (the embedded database has one).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { todayIso } from '../../domain/validation';
import { rowsOf, type Tx } from '../../server/db/client';
import { createTestApp, type TestApp } from './helpers';
import { caller } from './moves-helpers';

const onPostgres = inject('campoDatabase').kind === 'postgres';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof caller>;
/** An active Getter, to assign to. */
let getter: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  ({ token: admin } = await t.login('admin@campo.test'));
  [getter] = await rowsOf<{ id: number }>(t.db, sql`select id from users where rol_id = ${ROLE.GETTER} and status order by id limit 1`);
});
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long the other side's statement may wait: PostgreSQL reports a deadlock after a second (deadlock_timeout). */
const NO_WAIT = sql`set local lock_timeout = '3s'`;

/** A published visit of a running project at an active point of sale. */
async function publishedVisit(): Promise<{ visit: number; pl: number; project: number; end: string }> {
  const [row] = await rowsOf<{ visit: number; pl: number; project: number; end: string }>(
    t.db,
    sql`select v.id as visit, pl.id as pl, p.id as project, p.end_date::text as end
      from visits v join project_locations pl on pl.id = v.project_location_id join projects p on p.id = pl.project_id join locations l on l.id = pl.location_id
      where v.state = 'PUBLICADA' and p.end_date >= ${todayIso()}::date and l.status order by v.id limit 1`,
  );
  return row;
}

/** Holds the project as a change of it does (PUT /projects reads it FOR UPDATE first), for `hold` to act while held. */
async function holdingProject(project: number, hold: (tx: Tx) => Promise<void>): Promise<void> {
  await t.db.transaction(async (tx) => {
    await rowsOf(tx, sql`select id from projects where id = ${project} for update`);
    await hold(tx);
  });
}

describe.runIf(onPostgres)('a move added while its project changes', () => {
  it('takes the end date the project was given meanwhile', async () => {
    const place = await publishedVisit();
    const later = await rowsOf<{ day: string }>(t.db, sql`select (${place.end}::date + 7)::text as day`);
    let changing: Promise<unknown> | undefined;
    let added = 0;
    await t.db.transaction(async (tx) => {
      [{ id: added }] = await rowsOf<{ id: number }>(tx, sql`insert into user_moves (project_location_id, status) values (${place.pl}, 'DISPONIBLE') returning id`);
      // Sent while the move is not committed: the change of the end date waits for it, and then sees it.
      changing = rowsOf(t.db, sql`update projects set end_date = ${later[0].day}::date where id = ${place.project}`);
      await sleep(400);
    });
    try {
      await changing;
      const [{ until }] = await rowsOf<{ until: string | null }>(t.db, sql`select assignable_until::text as until from user_moves where id = ${added}`);
      expect(until).toBe(later[0].day);
    } finally {
      await rowsOf(t.db, sql`delete from user_moves where id = ${added}`);
      await rowsOf(t.db, sql`update projects set end_date = ${place.end}::date where id = ${place.project}`);
    }
  });

  it('an assignment of a visit waits for the change of its project before taking the visit: no deadlock', async () => {
    const place = await publishedVisit();
    let assigning: ReturnType<typeof api.call> | undefined;
    await holdingProject(place.project, async (tx) => {
      assigning = api.call('POST', '/user-moves/massive-locations', admin, [{ projectLocationId: place.pl, visitId: place.visit, userId: getter.id }]);
      await sleep(400);
      // The change then writes the project's visits (an extension moves their dates): the assignment holds none.
      await rowsOf(tx, NO_WAIT);
      await rowsOf(tx, sql`update visits set due_to = due_to where id = ${place.visit}`);
    });
    const answer = await assigning!;
    expect(answer.statusCode, answer.body).toBe(201);
    const [created] = answer.json<{ created: { id: number; visitId: number }[] }>().created;
    expect(created.visitId).toBe(place.visit);
    const [{ until }] = await rowsOf<{ until: string | null }>(t.db, sql`select assignable_until::text as until from user_moves where id = ${created.id}`);
    expect(until).toBe(place.end);
  });

  it("a Getter's assignment of stock moves and visits takes their projects before the moves: no deadlock", async () => {
    const [row] = await rowsOf<{ move: number; visit: number; pl: number; project: number }>(
      t.db,
      sql`select um.id as move, v.id as visit, v.project_location_id as pl, p.id as project
        from user_moves um join project_locations pl on pl.id = um.project_location_id join projects p on p.id = pl.project_id
        join locations l on l.id = pl.location_id
        join project_locations vpl on vpl.project_id = p.id join visits v on v.project_location_id = vpl.id join locations vl on vl.id = vpl.location_id
        where um.status = 'DISPONIBLE' and v.state = 'PUBLICADA' and l.status and vl.status and p.end_date >= ${todayIso()}::date
        order by um.id, v.id limit 1`,
    );
    let assigning: ReturnType<typeof api.call> | undefined;
    await holdingProject(row.project, async (tx) => {
      assigning = api.call('PUT', '/user-moves/massive', admin, { userId: getter.id, userMovesIds: [row.move], locations: [{ projectLocationId: row.pl, visitId: row.visit }] });
      await sleep(400);
      // The change then writes the project's moves: the assignment holds none yet.
      await rowsOf(tx, NO_WAIT);
      await rowsOf(tx, sql`update user_moves set assignable_until = assignable_until where id = ${row.move}`);
    });
    const answer = await assigning!;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ updated: number; created: { visitId: number }[] }>()).toMatchObject({ updated: 1, created: [{ visitId: row.visit }] });
  });

  it('a republish waits for the change of its project before writing the move: no deadlock', async () => {
    const [move] = await rowsOf<{ id: number; project: number }>(
      t.db,
      sql`select um.id, p.id as project from user_moves um join project_locations pl on pl.id = um.project_location_id join projects p on p.id = pl.project_id
        join locations l on l.id = pl.location_id join users g on g.id = um.user_id
        where um.status = 'RECHAZADA' and um.assigned_agent_id is not null and g.status and l.status and p.end_date >= ${todayIso()}::date
          and not exists (select 1 from user_moves c where c.republished_from_id = um.id)
        order by um.id limit 1`,
    );
    let republishing: ReturnType<typeof api.call> | undefined;
    await holdingProject(move.project, async (tx) => {
      republishing = api.call('POST', '/user-moves/republish-move', admin, { id: move.id });
      await sleep(400);
      // The change then writes the project's moves (their dates): the republish holds none.
      await rowsOf(tx, NO_WAIT);
      await rowsOf(tx, sql`update user_moves set assignable_until = assignable_until where id = ${move.id}`);
    });
    const answer = await republishing!;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ republishedFromId: number }>().republishedFromId).toBe(move.id);
  });
});
