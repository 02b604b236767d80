/** The moves list, one move, its answered questionnaire and who may read them. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../../domain/auth';
import type { AnsweredQuestionnaire, MoveListRow } from '../../domain/move-api';
import { MOVE_FORM_TEXT } from '../../domain/move-forms';
import { type MoveReplies, numberedQuestions, problemLines, replyProblems, returnableQuestion, saysAnything } from '../../domain/move-replies';
import { MOVE_STATUS_LABEL, MOVE_TEXT, type MoveStatus } from '../../domain/moves';
import type { Dimension } from '../../domain/questionnaires';
import { ROLE } from '../../domain/roles';
import { locations, moveReplies, projectLocations, questionnaireVersions, userMoves } from '../../server/db/schema';
import { boundedCount, EXACT_COUNT_UP_TO } from '../../server/db/list';
import { writeDemoFiles } from '../../server/db/seed/demoFiles';
import { createTestApp, type TestApp } from './helpers';
import { caller, type Detail, inStatus, movesWhere, withAgent } from './moves-helpers';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof caller>;
type Page = { rows: MoveListRow[]; count: number; countEstimated?: true };

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  admin = (await t.login('admin@campo.test')).token;
  await writeDemoFiles(t.config.dataDir);
});
afterAll(() => t?.close());

const list = (query: string, token = admin) => api.ok<Page>('GET', `/user-moves/get/all?${query}`, token);

describe("the demo moves' histories", () => {
  it('run forward in time, one open step each, ending in the move\'s own status', async () => {
    const { rows } = (await t.db.execute(sql`
      with logs as (
        select l.user_move_id, l.status, l.created_at, l.finished_at,
          lag(l.created_at) over (partition by l.user_move_id order by l.id) as previous_at,
          row_number() over (partition by l.user_move_id order by l.created_at desc, l.id desc) as from_last
        from move_status_logs l)
      select
        (select count(*) from logs where previous_at > created_at)::int as backwards,
        (select count(*) from logs where finished_at < created_at)::int as finished_before_start,
        (select count(*) from logs where created_at > now() or finished_at > now())::int as in_future,
        (select count(*) from user_moves m join logs on logs.user_move_id = m.id and logs.from_last = 1 where logs.status <> m.status)::int as last_wrong,
        (select count(*) from user_moves m where (select count(*) from move_status_logs l where l.user_move_id = m.id and l.finished_at is null) > 1)::int as open_twice`)) as unknown as {
      rows: { backwards: number; finished_before_start: number; in_future: number; last_wrong: number; open_twice: number }[];
    };
    expect(rows[0]).toEqual({ backwards: 0, finished_before_start: 0, in_future: 0, last_wrong: 0, open_twice: 0 });
  });

  it("name the Getter as who sent a move for review, and the rescuer for a rescued one", async () => {
    const { rows } = (await t.db.execute(sql`
      select
        (select count(*) from move_status_logs l join user_moves m on m.id = l.user_move_id
          where l.status = 'EN_REVISION' and m.rescue_user_id is null and m.user_id is not null) ::int as sent,
        (select count(*) from move_status_logs l join user_moves m on m.id = l.user_move_id
          where l.status = 'EN_REVISION' and m.rescue_user_id is null and l.user_id is distinct from m.user_id)::int as sent_by_other,
        (select count(*) from move_status_logs l join user_moves m on m.id = l.user_move_id
          where l.status = 'EN_REVISION' and m.rescue_user_id is not null and l.user_id is distinct from m.rescue_user_id)::int as rescued_by_other`)) as unknown as {
      rows: { sent: number; sent_by_other: number; rescued_by_other: number }[];
    };
    expect(rows[0].sent).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ sent_by_other: 0, rescued_by_other: 0 });
  });
});

describe("the demo's published visits", () => {
  it('are due from a day no later than their last one, and the ones left for the stock within their project (an ended one: its last day)', async () => {
    const { rows } = (await t.db.execute(sql`
      select
        (select count(*) from visits where due_from > due_to)::int as inverted,
        (select count(*) from visits v join project_locations pl on pl.id = v.project_location_id join projects p on p.id = pl.project_id
          where v.state = 'PUBLICADA' and (v.due_from < p.start_date or v.due_to > p.end_date))::int as outside,
        (select count(*) from visits v join project_locations pl on pl.id = v.project_location_id join projects p on p.id = pl.project_id
          where v.state = 'PUBLICADA' and p.end_date < current_date)::int as of_ended`)) as unknown as { rows: { inverted: number; outside: number; of_ended: number }[] };
    // The seed leaves published visits on ended projects too (the stock lists them as finished).
    expect(rows[0].of_ended).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ inverted: 0, outside: 0 });
  });
});

describe("the demo's visits per location", () => {
  it('are what its project says: each location has the visits of its ranges, each in its range, and every move has one', async () => {
    const { rows } = (await t.db.execute(sql`
      with said as (select project_location_id, sum(visits)::int as visits from project_visit_ranges group by project_location_id),
           had as (select project_location_id, count(*)::int as visits from visits group by project_location_id)
      select
        (select count(*) from project_locations pl left join said on said.project_location_id = pl.id left join had on had.project_location_id = pl.id
          where coalesce(said.visits, 0) <> coalesce(had.visits, 0))::int as locations_off,
        (select count(*) from visits v left join project_visit_ranges r on r.id = v.visit_range_id
          where r.id is null or r.project_location_id <> v.project_location_id or v.due_from <> r.from_date or v.due_to <> r.to_date)::int as visits_off_range,
        (select count(*) from project_visit_ranges r where r.visits <> (select count(*) from visits v where v.visit_range_id = r.id))::int as ranges_off,
        (select count(*) from project_locations pl where (select count(distinct (r.from_date, r.to_date, r.visits)) from project_visit_ranges r
          join project_locations o on o.id = r.project_location_id where o.project_id = pl.project_id)
          <> (select count(*) from project_visit_ranges r where r.project_location_id = pl.id))::int as locations_unlike_project,
        (select count(*) from user_moves where visit_id is null)::int as moves_without_visit`)) as unknown as {
      rows: { locations_off: number; visits_off_range: number; ranges_off: number; locations_unlike_project: number; moves_without_visit: number }[];
    };
    expect(rows[0]).toEqual({ locations_off: 0, visits_off_range: 0, ranges_off: 0, locations_unlike_project: 0, moves_without_visit: 0 });
  });

  it('leave every location of a project that has begun at least two to take', async () => {
    const { rows } = (await t.db.execute(sql`
      select p.name, l.full_name as location, count(v.id) filter (where v.state in ('PUBLICADA', 'PUBLICADA_POR_CANCELACION'))::int as available
      from project_locations pl join projects p on p.id = pl.project_id join locations l on l.id = pl.location_id
      left join visits v on v.project_location_id = pl.id
      where p.start_date <= current_date and p.name not like 'Programa de calidad%'
      group by p.name, l.full_name having count(v.id) filter (where v.state in ('PUBLICADA', 'PUBLICADA_POR_CANCELACION')) < 2`)) as unknown as { rows: unknown[] };
    expect(rows).toEqual([]);
  });
});

describe("the demo's Getter replies", () => {
  it('are what the Getter’s send takes: complete, photos and all, and nothing in the agent’s own questions', async () => {
    const rows = await t.db
      .select({ id: userMoves.id, replies: moveReplies.replies, content: questionnaireVersions.content })
      .from(moveReplies)
      .innerJoin(userMoves, eq(userMoves.id, moveReplies.userMoveId))
      .innerJoin(questionnaireVersions, eq(questionnaireVersions.id, userMoves.questionnaireVersionId))
      // A rescued move's reply is what its Getter left when the agent took it: incomplete by nature.
      .where(and(eq(moveReplies.byAgent, false), isNull(userMoves.rescueUserId)));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const { dimensions } = row.content as { dimensions: Dimension[] };
      const replies = row.replies as MoveReplies;
      expect(problemLines(replyProblems(dimensions, replies, { rescued: false, getter: true })), `move ${row.id}`).toEqual([]);
      const answeredHidden = numberedQuestions(dimensions).filter((n) => !returnableQuestion(n.question) && saysAnything(replies[n.question._id]));
      expect(answeredHidden.map((n) => n.label), `move ${row.id}`).toEqual([]);
    }
  });
});

describe("the demo's moves in review and approved", () => {
  it('have every required question answered as the review asks before approving (a rescued one may lack only photos)', async () => {
    const rows = await t.db
      .select({ code: userMoves.code, rescued: userMoves.rescueUserId, byAgent: moveReplies.byAgent, replies: moveReplies.replies, content: questionnaireVersions.content })
      .from(userMoves)
      .innerJoin(moveReplies, eq(moveReplies.userMoveId, userMoves.id))
      .innerJoin(questionnaireVersions, eq(questionnaireVersions.id, userMoves.questionnaireVersionId))
      .where(inArray(userMoves.status, ['EN_REVISION', 'APROBADA']))
      .orderBy(userMoves.id, sql`${moveReplies.byAgent} desc`);
    // The reply the review works on: the agent's when there is one, else the Getter's.
    const effective = rows.filter((row, i) => i === 0 || rows[i - 1].code !== row.code);
    expect(effective.length).toBeGreaterThan(100);
    const incomplete = effective.flatMap((row) => {
      const { dimensions } = row.content as { dimensions: Dimension[] };
      const problems = replyProblems(dimensions, row.replies as MoveReplies, { rescued: row.rescued !== null });
      return problemLines(problems.filter((p) => !p.photo)).map((line) => `${row.code} ${line}`);
    });
    expect(incomplete).toEqual([]);
  });
});

describe('the bounded count of a list', () => {
  it('is exact up to its limit, and beyond it the planner\'s estimate, never below what it counted', async () => {
    expect(await boundedCount(t.db, sql`select g from generate_series(1, ${EXACT_COUNT_UP_TO}) g`)).toEqual({ count: EXACT_COUNT_UP_TO, estimated: false });
    const big = await boundedCount(t.db, sql`select g from generate_series(1, 50000) g`);
    expect(big.estimated).toBe(true);
    expect(big.count).toBeGreaterThan(EXACT_COUNT_UP_TO);
  });
  it('keeps an estimate for its own filter only', async () => {
    // More approved moves than the exact part counts: copies of one (each its own id and code).
    const [move] = await movesWhere(t, inStatus('APROBADA'));
    const columns = ((await t.db.execute(sql`select column_name as c from information_schema.columns
      where table_schema = current_schema() and table_name = 'user_moves' and column_name <> 'id' and is_generated = 'NEVER'`)) as unknown as { rows: { c: string }[] }).rows.map((r) => sql.identifier(r.c));
    const [{ last }] = ((await t.db.execute(sql`select max(id)::int as last from user_moves`)) as unknown as { rows: { last: number }[] }).rows;
    const copies = EXACT_COUNT_UP_TO + 200;
    await t.db.execute(sql`insert into user_moves (${sql.join(columns, sql`, `)})
      select ${sql.join(columns, sql`, `)} from user_moves, generate_series(1, ${copies}) g where id = ${move.id}`);
    await t.db.execute(sql`analyze user_moves`);
    try {
      const approved = await list('statusId=APROBADA&limit=1');
      expect(approved.countEstimated).toBe(true);
      expect(approved.count).toBeGreaterThan(EXACT_COUNT_UP_TO);
      // Another filter, asked while that estimate is kept, is counted for itself.
      const [{ n }] = ((await t.db.execute(sql`select count(*)::int as n from user_moves where status = 'RECHAZADA'`)) as unknown as { rows: { n: number }[] }).rows;
      const rejected = await list('statusId=RECHAZADA&limit=1');
      expect(rejected.count).toBe(n);
      expect(rejected).not.toHaveProperty('countEstimated');
      // Another page or order of the same filter takes the kept estimate.
      expect((await list('statusId=APROBADA&limit=5&offset=5&sort=createdAt&order=ASC')).count).toBe(approved.count);
    } finally {
      await t.db.execute(sql`delete from user_moves where id > ${last}`);
    }
  });
  it('leaves the demo\'s few hundred moves counted exactly', async () => {
    const page = await list('limit=1');
    const [{ n }] = ((await t.db.execute(sql`select count(*)::int as n from user_moves`)) as unknown as { rows: { n: number }[] }).rows;
    expect(page.count).toBe(n);
    expect(page).not.toHaveProperty('countEstimated');
  });
});

describe('the moves list', () => {
  it('pages every move, newest first, 10 by default, with the row the spec lists', async () => {
    const all = await list('');
    expect(all.rows).toHaveLength(10);
    expect(all.count).toBeGreaterThanOrEqual(300);
    const ids = all.rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(Object.keys(all.rows[0]).sort()).toEqual(
      ['assignedAgentFullName', 'campaignsClientName', 'clientLocationName', 'code', 'createdAt', 'hasAttachments', 'id', 'projectsName', 'statusId', 'statusName', 'userFullName'].sort(),
    );
    const next = await list('offset=10&limit=10');
    expect(next.rows[0].id).toBeLessThan(all.rows[9].id);
  });

  it('writes each row as the domain says: status label, point of sale with its code, attachments, the time as ISO', async () => {
    // PostgreSQL writes the rows' JSON: each field against the stored move, read apart.
    for (const query of ['limit=100', 'limit=100&sort=statusName&order=DESC', `limit=50&before=${(await list('limit=1&offset=40')).rows[0].id}`]) {
      const page = await list(query);
      expect(page.rows.length).toBeGreaterThan(0);
      const stored = await t.db
        .select({ id: userMoves.id, code: userMoves.code, status: userMoves.status, attachments: userMoves.attachmentsCount, createdAt: userMoves.createdAt, fullName: locations.fullName, locationName: locations.clientLocationName })
        .from(userMoves)
        .innerJoin(projectLocations, eq(projectLocations.id, userMoves.projectLocationId))
        .innerJoin(locations, eq(locations.id, projectLocations.locationId))
        .where(sql`${userMoves.id} = any(${`{${page.rows.map((r) => r.id).join(',')}}`}::int[])`);
      const byId = new Map(stored.map((m) => [m.id, m]));
      for (const row of page.rows) {
        const m = byId.get(row.id)!;
        expect(row).toMatchObject({
          code: m.code,
          statusId: m.status,
          statusName: MOVE_STATUS_LABEL[m.status as MoveStatus],
          clientLocationName: `${m.fullName} (${m.locationName})`,
          hasAttachments: m.attachments > 0,
          createdAt: m.createdAt.toISOString(),
        });
      }
    }
  });

  it('answers the first page the review screen opens on (a statement without values, kept by each connection) as any other page, changes included', async () => {
    // 11 is no page size of the console: that page runs with its values, unnamed, as it always did.
    const unnamed = async (order: string) => (await list(`limit=11${order}`)).rows.slice(0, 10);
    // Unfiltered, in two orders; one status's list (the status written into the statement), and the agents' queue.
    for (const order of ['', '&sort=statusName&order=ASC', '&statusId=APROBADA', '&statusId=EN_REVISION&withoutAgent=true&sort=createdAt&order=ASC']) {
      const before = await unnamed(order);
      expect(before.length, order).toBeGreaterThan(0);
      if (order.includes('statusId=')) for (const row of before) expect(row.statusId).toBe(/statusId=(\w+)/.exec(order)![1]);
      // More times than the pool has connections, and past PostgreSQL's first custom plans of each.
      for (let i = 0; i < 12; i++) expect((await list(`limit=10${order}`)).rows).toEqual(before);
    }
    // The newest move changes status: the kept page reads it, its label written by the statement.
    const [top] = (await list('limit=10')).rows;
    const next: MoveStatus = top.statusId === 'DEVUELTA' ? 'PAUSADA' : 'DEVUELTA';
    await t.db.update(userMoves).set({ status: next }).where(eq(userMoves.id, top.id));
    try {
      const after = await list('limit=10');
      expect(after.rows[0]).toMatchObject({ id: top.id, statusId: next, statusName: MOVE_STATUS_LABEL[next] });
      expect(after.rows).toEqual(await unnamed(''));
    } finally {
      await t.db.update(userMoves).set({ status: top.statusId as MoveStatus }).where(eq(userMoves.id, top.id));
    }
  });

  it('filters by status, project, client, Getter, city and minimum attachments, in SQL', async () => {
    // A status is one of the domain's (it is written into the statement): anything else is a 400 that says so.
    for (const status of ['NINGUNO', "APROBADA' or 'x'='x", 'aprobada']) {
      const refused = await api.call('GET', `/user-moves/get/all?statusId=${encodeURIComponent(status)}`, admin);
      expect(refused.statusCode, status).toBe(400);
      expect(refused.body, status).toContain(MOVE_FORM_TEXT.invalidStatus);
    }
    const review = await list('statusId=EN_REVISION&limit=100');
    expect(review.count).toBe((await movesWhere(t, inStatus('EN_REVISION'))).length);
    expect(review.rows.every((r) => r.statusId === 'EN_REVISION' && r.statusName === 'En revisión')).toBe(true);

    const [move] = await movesWhere(t, inStatus('APROBADA'));
    const [pl] = await t.db.select().from(projectLocations).where(eq(projectLocations.id, move.projectLocationId));
    const [loc] = await t.db.select().from(locations).where(eq(locations.id, pl.locationId));
    const byProject = await list(`projectsId=${pl.projectId}&limit=1000`);
    expect(byProject.rows.some((r) => r.id === move.id)).toBe(true);
    const byClient = await list(`campaignsClientId=${loc.clientId}&limit=1000`);
    expect(byClient.rows.some((r) => r.id === move.id)).toBe(true);
    expect(new Set(byClient.rows.map((r) => r.campaignsClientName)).size).toBe(1);
    const byGetter = await list(`userId=${move.userId}&limit=1000`);
    expect(byGetter.rows.length).toBeGreaterThan(0);
    expect(byGetter.count).toBe((await movesWhere(t, eq(userMoves.userId, move.userId!))).length);
    const byCity = await list(`city=${loc.cityId}&limit=1000`);
    expect(byCity.rows.some((r) => r.id === move.id)).toBe(true);
    const inCity = (cityId: number) =>
      t.db.execute(sql`select um.id from user_moves um join project_locations pl on pl.id = um.project_location_id join locations l on l.id = pl.location_id
        where l.city_id = ${cityId} order by um.id desc`) as unknown as Promise<{ rows: { id: number }[] }>;
    expect(byCity.rows.map((r) => r.id)).toEqual((await inCity(loc.cityId)).rows.map((r) => Number(r.id)));
    // A point of sale that moves city takes its moves with it (the move's city is kept by a trigger).
    const otherCity = Number(((await t.db.execute(sql`select id from cities where state_id = ${loc.stateId} and id <> ${loc.cityId} order by id limit 1`)) as unknown as { rows: { id: number }[] }).rows[0].id);
    await t.db.update(locations).set({ cityId: otherCity }).where(eq(locations.id, loc.id));
    try {
      expect((await list(`city=${otherCity}&limit=1000`)).rows.map((r) => r.id)).toEqual((await inCity(otherCity)).rows.map((r) => Number(r.id)));
      expect((await list(`city=${otherCity}&limit=1000`)).rows.some((r) => r.id === move.id)).toBe(true);
      expect((await list(`city=${loc.cityId}&limit=1000`)).rows.some((r) => r.id === move.id)).toBe(false);
    } finally {
      await t.db.update(locations).set({ cityId: loc.cityId }).where(eq(locations.id, loc.id));
    }
    expect((await list(`city=${loc.cityId}&limit=1000`)).rows.some((r) => r.id === move.id)).toBe(true);
    const withFiles = await list('withMinimumAttachments=2&limit=1000');
    expect(withFiles.rows.every((r) => r.hasAttachments)).toBe(true);
    expect(withFiles.count).toBeLessThan((await list('withMinimumAttachments=1')).count);
  });

  it("filters by quality agent and by 'Sin agente' (withoutAgent), and refuses both at once", async () => {
    const [held] = await movesWhere(t, withAgent);
    const agentId = held.assignedAgentId!;
    const byAgent = await list(`assignedAgentId=${agentId}&limit=1000`);
    expect(byAgent.count).toBe((await movesWhere(t, eq(userMoves.assignedAgentId, agentId))).length);
    expect(byAgent.rows.some((r) => r.id === held.id)).toBe(true);
    expect(new Set(byAgent.rows.map((r) => r.assignedAgentFullName)).size).toBe(1);

    const unheld = await movesWhere(t, isNull(userMoves.assignedAgentId));
    expect(unheld.length).toBeGreaterThan(0);
    const none = await list('withoutAgent=true&limit=1000');
    expect(none.count).toBe(unheld.length);
    expect(none.rows.map((r) => r.id)).toEqual(unheld.map((m) => m.id).reverse().slice(0, 1000));
    expect(none.rows.every((r) => r.assignedAgentFullName === null)).toBe(true);
    // With a status, and by keyset past the first page, in the order of a column.
    const assigned = unheld.filter((m) => m.status === 'ASIGNADA');
    expect((await list('withoutAgent=true&statusId=ASIGNADA&limit=1000')).rows.map((r) => r.id).sort()).toEqual(assigned.map((m) => m.id).sort());
    const first = await list('withoutAgent=true&sort=createdAt&order=ASC&limit=5');
    const next = await list(`withoutAgent=true&sort=createdAt&order=ASC&limit=5&after=${first.rows.at(-1)!.id}`);
    const byOffset = await list('withoutAgent=true&sort=createdAt&order=ASC&limit=5&offset=5');
    expect(next.rows.map((r) => r.id)).toEqual(byOffset.rows.map((r) => r.id));
    expect(next.rows.every((r) => r.assignedAgentFullName === null)).toBe(true);
    // 'false' is no filter.
    expect((await list('withoutAgent=false')).count).toBe((await list('')).count);

    const both = await api.call('GET', `/user-moves/get/all?withoutAgent=true&assignedAgentId=${agentId}`, admin);
    expect([both.statusCode, both.json().errors?.withoutAgent]).toEqual([400, MOVE_FORM_TEXT.agentOrWithout]);
    const odd = await api.call('GET', '/user-moves/get/all?withoutAgent=quizas', admin);
    expect([odd.statusCode, odd.json().errors?.withoutAgent]).toEqual([400, MOVE_FORM_TEXT.withoutAgentValue]);
  });

  it("sorts by the day each move was created ('Creada', what the date range filters by), both ways", async () => {
    for (const order of ['ASC', 'DESC'] as const) {
      const page = await list(`sort=createdAt&order=${order}&limit=50`);
      const times = page.rows.map((r) => r.createdAt);
      const sorted = [...times].sort();
      expect(times).toEqual(order === 'ASC' ? sorted : sorted.reverse());
    }
  });

  it('searches a number by code and a text by point of sale', async () => {
    expect((await list('code=12')).rows.map((r) => r.code)).toEqual(['M-0000012']);
    expect((await list('code=M-0000012')).rows.map((r) => r.code)).toEqual(['M-0000012']);
    const [move] = await movesWhere(t, inStatus('EN_REVISION'));
    const detail = await api.ok<Detail>('GET', `/user-moves/get?id=${move.id}`, admin);
    const name = detail.projectLocation.locations.fullName;
    const found = await list(`clientLocationName=${encodeURIComponent(name.slice(-8).toLowerCase())}&limit=1000`);
    expect(found.rows.some((r) => r.id === move.id)).toBe(true);
    // And by the client's own code for the point of sale ('CAF-001'): what its report shows and a complaint names.
    const code = detail.projectLocation.locations.client_location_id;
    expect(code).toBeTruthy();
    const byCode = await list(`clientLocationName=${encodeURIComponent(code!.toLowerCase())}&limit=1000`);
    expect(byCode.rows.some((r) => r.id === move.id)).toBe(true);
    expect(byCode.count).toBeLessThan((await list('limit=1')).count);
  });

  it('filters by a date range and refuses one date alone or an end before the start', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
    expect((await list(`fromDate=${from}&toDate=${today}`)).count).toBeGreaterThan(0);
    expect((await list('fromDate=2001-01-01&toDate=2001-01-31')).count).toBe(0);
    const one = await api.call('GET', `/user-moves/get/all?fromDate=${from}`, admin);
    expect(one.statusCode).toBe(400);
    expect(one.json().errors.toDate).toBe(MOVE_FORM_TEXT.bothDates);
    const reversed = await api.call('GET', `/user-moves/get/all?fromDate=${today}&toDate=${from}`, admin);
    expect(reversed.json().errors.toDate).toBe(MOVE_FORM_TEXT.endBeforeStart);
  });

  it('sorts by the columns it lists and refuses others', async () => {
    const byGetter = await list('sort=userFullName&order=ASC&statusId=APROBADA&limit=50');
    const names = byGetter.rows.map((r) => (r.userFullName ?? '').toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect((await api.call('GET', '/user-moves/get/all?sort=password', admin)).statusCode).toBe(400);
  });

  // The joined names' sort keys are stored on the move (migration 0003): the order must be the one the
  // joins give, in both directions, and follow a rename of the Getter, agent, client or point of sale.
  const joinedOrder = async (key: string, order: 'asc' | 'desc') =>
    (
      (await t.db.execute(
        sql.raw(`select um.id from user_moves um
          join project_locations pl on pl.id = um.project_location_id join projects p on p.id = pl.project_id
          join locations l on l.id = pl.location_id left join clients c on c.id = p.client_id
          left join users g on g.id = um.user_id left join users a on a.id = um.assigned_agent_id
          order by ${key} ${order}, um.id ${order}`),
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => r.id);
  const KEYS: Record<string, string> = {
    userFullName: "lower(nullif(trim(g.names || ' ' || g.last_name), ''))",
    assignedAgentFullName: "lower(nullif(trim(a.names || ' ' || a.last_name), ''))",
    campaignsClientName: 'lower(c.name)',
    clientLocationName: 'lower(l.full_name)',
  };
  const listedOrder = async (sort: string, order: 'ASC' | 'DESC') => (await list(`sort=${sort}&order=${order}&limit=1000`)).rows.map((r) => r.id);

  it('sorts by Getter, agent, client and point of sale as their names order, both ways', async () => {
    for (const [sort, key] of Object.entries(KEYS)) {
      expect(await listedOrder(sort, 'ASC'), `${sort} ASC`).toEqual(await joinedOrder(key, 'asc'));
      expect(await listedOrder(sort, 'DESC'), `${sort} DESC`).toEqual(await joinedOrder(key, 'desc'));
    }
  });

  it('pages by keyset after or before a move, in every order, to the same rows as by offset', async () => {
    const sorts = ['id', 'code', 'createdAt', 'statusName', 'userFullName', 'assignedAgentFullName', 'projectsName', 'campaignsClientName', 'clientLocationName'];
    for (const sort of sorts) {
      for (const order of ['ASC', 'DESC'] as const) {
        const filter = sort === 'projectsName' ? '&statusId=APROBADA' : '';
        const all = (await list(`sort=${sort}&order=${order}&limit=1000${filter}`)).rows.map((r) => r.id);
        // Forward: each page after the previous page's last move.
        const forward: number[] = [];
        let page = (await list(`sort=${sort}&order=${order}&limit=53${filter}`)).rows.map((r) => r.id);
        while (page.length) {
          forward.push(...page);
          page = (await list(`sort=${sort}&order=${order}&limit=53&after=${page.at(-1)}${filter}`)).rows.map((r) => r.id);
        }
        expect(forward, `${sort} ${order} after`).toEqual(all);
        // Backward: each page before the next page's first move, from the last move.
        const backward: number[] = [all.at(-1)!];
        page = (await list(`sort=${sort}&order=${order}&limit=53&before=${all.at(-1)}${filter}`)).rows.map((r) => r.id);
        while (page.length) {
          backward.unshift(...page);
          page = (await list(`sort=${sort}&order=${order}&limit=53&before=${page[0]}${filter}`)).rows.map((r) => r.id);
        }
        expect(backward, `${sort} ${order} before`).toEqual(all);
        // A jump from a move: an offset past it, as the console asks when skipping pages it does not hold.
        const at = Math.floor(all.length / 3);
        const jumped = (await list(`sort=${sort}&order=${order}&limit=7&offset=11&after=${all[at]}${filter}`)).rows.map((r) => r.id);
        expect(jumped, `${sort} ${order} after + offset`).toEqual(all.slice(at + 12, at + 19));
        const back = (await list(`sort=${sort}&order=${order}&limit=7&offset=11&before=${all[2 * at]}${filter}`)).rows.map((r) => r.id);
        expect(back, `${sort} ${order} before + offset`).toEqual(all.slice(2 * at - 18, 2 * at - 11));
      }
    }
  });

  it('pages a place filter (client, point of sale) by keyset to the rows and the count of the whole filter', async () => {
    const [move] = await movesWhere(t, inStatus('APROBADA'));
    const [pl] = await t.db.select().from(projectLocations).where(eq(projectLocations.id, move.projectLocationId));
    const [loc] = await t.db.select().from(locations).where(eq(locations.id, pl.locationId));
    const placeOf = (clientId: number | null, text: string | null) =>
      t.db.execute(sql`select um.id from user_moves um join project_locations pl on pl.id = um.project_location_id join locations l on l.id = pl.location_id
        join projects p on p.id = pl.project_id where (${clientId}::int is null or p.client_id = ${clientId})
        and (${text}::text is null or l.client_location_name ilike ${`%${text}%`} or l.full_name ilike ${`%${text}%`})`) as unknown as Promise<{ rows: { id: number }[] }>;
    const text = loc.fullName.slice(0, 6);
    for (const [filter, expected] of [
      [`&campaignsClientId=${loc.clientId}`, await placeOf(loc.clientId, null)],
      [`&clientLocationName=${encodeURIComponent(text)}`, await placeOf(null, text)],
      [`&campaignsClientId=${loc.clientId}&clientLocationName=${encodeURIComponent(text)}`, await placeOf(loc.clientId, text)],
    ] as const) {
      const ids = expected.rows.map((r) => Number(r.id));
      expect(ids.length, filter).toBeGreaterThan(3);
      for (const sort of ['id', 'userFullName', 'clientLocationName']) {
        const first = await list(`sort=${sort}&order=ASC&limit=3${filter}`);
        expect(first.count, `${sort}${filter}`).toBe(ids.length);
        const seen = first.rows.map((r) => r.id);
        let page = first.rows;
        while (page.length) {
          const next = await list(`sort=${sort}&order=ASC&limit=3&after=${page.at(-1)!.id}${filter}`);
          expect(next.count, `${sort}${filter}`).toBe(ids.length);
          page = next.rows;
          seen.push(...page.map((r) => r.id));
        }
        expect([...seen].sort((a, b) => a - b), `${sort}${filter}`).toEqual([...ids].sort((a, b) => a - b));
      }
    }
  });

  it('refuses a keyset cursor that is no move, or both cursors at once', async () => {
    const lost = await api.call('GET', '/user-moves/get/all?after=999999', admin);
    expect(lost.statusCode).toBe(400);
    expect(lost.json().message).toBe(MOVE_FORM_TEXT.lostCursor);
    const both = await api.call('GET', '/user-moves/get/all?after=1&before=2', admin);
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.before).toBe(MOVE_FORM_TEXT.oneCursor);
  });

  it('keeps those orders when a Getter, an agent, a client or a point of sale is renamed, or a move changes hands', async () => {
    const [move] = await movesWhere(t, inStatus('APROBADA'), withAgent);
    const [moved] = await movesWhere(t, inStatus('EN_REVISION'));
    const snapshot = (await t.db.execute(sql`select
        (select row_to_json(u) from (select names, last_name from users where id = ${move.userId}) u) as getter,
        (select last_name from users where id = ${move.assignedAgentId}) as agent,
        (select p.client_id from project_locations pl join projects p on p.id = pl.project_id where pl.id = ${move.projectLocationId}) as client_id,
        (select c.name from clients c join projects p on p.client_id = c.id join project_locations pl on pl.project_id = p.id where pl.id = ${move.projectLocationId}) as client,
        (select location_id from project_locations where id = ${move.projectLocationId}) as location_id,
        (select l.full_name from locations l join project_locations pl on pl.location_id = l.id where pl.id = ${move.projectLocationId}) as location`)) as unknown as {
      rows: { getter: { names: string; last_name: string }; agent: string; client_id: number; client: string; location_id: number; location: string }[];
    };
    const was = snapshot.rows[0];
    try {
      await t.db.execute(sql`update users set names = 'Aaaa', last_name = 'Primero' where id = ${move.userId}`);
      await t.db.execute(sql`update users set last_name = 'Zzzz' where id = ${move.assignedAgentId}`);
      await t.db.execute(sql`update clients set name = 'AAA Cliente' where id = (select p.client_id from project_locations pl join projects p on p.id = pl.project_id where pl.id = ${move.projectLocationId})`);
      await t.db.execute(sql`update locations set full_name = 'zz Último local' where id = (select location_id from project_locations where id = ${move.projectLocationId})`);
      await t.db.execute(sql`update user_moves set user_id = ${move.userId}, assigned_agent_id = ${move.assignedAgentId}, project_location_id = ${move.projectLocationId} where id = ${moved.id}`);
      for (const [sort, key] of Object.entries(KEYS)) {
        expect(await listedOrder(sort, 'ASC'), `${sort} ASC`).toEqual(await joinedOrder(key, 'asc'));
      }
      const first = (await list('sort=userFullName&order=ASC&limit=1000')).rows.filter((r) => r.userFullName === 'Aaaa Primero').map((r) => r.id);
      expect(first).toContain(move.id);
      expect(first).toContain(moved.id);
    } finally {
      // The rest of the file reads the demo's names.
      await t.db.execute(sql`update users set names = ${was.getter.names}, last_name = ${was.getter.last_name} where id = ${move.userId}`);
      await t.db.execute(sql`update users set last_name = ${was.agent} where id = ${move.assignedAgentId}`);
      await t.db.execute(sql`update clients set name = ${was.client} where id = ${was.client_id}`);
      await t.db.execute(sql`update locations set full_name = ${was.location} where id = ${was.location_id}`);
      await t.db.execute(sql`update user_moves set user_id = ${moved.userId}, assigned_agent_id = ${moved.assignedAgentId}, project_location_id = ${moved.projectLocationId} where id = ${moved.id}`);
    }
    for (const [sort, key] of Object.entries(KEYS)) expect(await listedOrder(sort, 'ASC'), `${sort} ASC, restored`).toEqual(await joinedOrder(key, 'asc'));
  });
});

describe('one move', () => {
  it('answers the detail by code and by id, with its history, agent, Getter, attachments and project', async () => {
    const [move] = await movesWhere(t, inStatus('APROBADA'));
    const detail = await api.ok<Detail>('GET', `/user-moves/get/code?code=${move.code}`, admin);
    expect(detail).toMatchObject({ id: move.id, code: move.code, statusId: 'APROBADA', status: { id: 'APROBADA', name: 'Aprobada' }, version: move.version });
    expect(detail.user_move_status_logs.map((l) => l.status)).toEqual(['ASIGNADA', 'INICIADA', 'EN_REVISION', 'APROBADA']);
    expect(detail.user_move_status_logs.at(-1)!.finishedAt).toBeNull();
    expect(detail.assignedAgent?.fullName).toBeTruthy();
    expect(detail.user?.fullName).toBeTruthy();
    expect(detail.projectLocation.projects.name).toBeTruthy();
    expect(detail.projectLocation.projects.campaigns?.client?.name).toBeTruthy();
    expect(await api.ok<Detail>('GET', `/user-moves/get?id=${move.id}`, admin)).toEqual(expect.objectContaining({ code: move.code }));
    expect(await api.ok<Detail>('GET', `/user-moves/get/code?code=${move.id}`, admin)).toEqual(expect.objectContaining({ code: move.code }));
    const missing = await api.call('GET', '/user-moves/get/code?code=M-9999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MOVE_TEXT.notFound);
  });

  it('hands out signed links to stored attachments; a tampered link is refused', async () => {
    const withAudio = await t.db.execute("select user_move_id as id from move_attachments where type = 'audio' order by id limit 1" as never);
    const moveId = (withAudio as unknown as { rows: { id: number }[] }).rows[0].id;
    const detail = await api.ok<Detail>('GET', `/user-moves/get?id=${moveId}`, admin);
    const audio = detail.userMoveAudio!;
    expect(audio.download_link).toMatch(/^\/api\/files\/demo\/audio-visita\.wav\?exp=\d+&sig=/);
    const file = await t.app.inject({ method: 'GET', url: audio.download_link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(file.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    const tampered = await t.app.inject({ method: 'GET', url: audio.download_link.replace('audio-visita.wav', 'fachada.jpg') });
    expect(tampered.statusCode).toBe(403);
  });

  it('answers the cities and projects to filter by', async () => {
    const cities = await api.ok<{ id: number; name: string }[]>('GET', '/user-moves/get/cities', admin);
    expect(cities.length).toBeGreaterThan(3);
    // Exactly the cities of the points of sale some project holds, once each, by name.
    const expected = (
      (await t.db.execute(
        sql`select distinct c.id, c.name from cities c join locations l on l.city_id = c.id join project_locations pl on pl.location_id = l.id order by c.name, c.id`,
      )) as unknown as { rows: { id: number; name: string }[] }
    ).rows;
    expect(cities).toEqual(expected.map((c) => ({ id: Number(c.id), name: c.name })));
    const projects = await api.ok<{ id: number; name: string }[]>('GET', '/user-moves/get/projects', admin);
    expect(projects.length).toBeGreaterThan(0);
  });
});

describe('the answered questionnaire', () => {
  it('answers the Getter’s replies with the version’s dimensions and signed photo links', async () => {
    const [move] = await movesWhere(t, inStatus('EN_REVISION'), isNull(userMoves.rescueUserId));
    const answered = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${move.id}`, admin);
    expect(answered.editByAgent).toBe(false);
    expect(answered.questionnaire.dimensions.length).toBeGreaterThan(0);
    expect(answered.questionnaireResult).toBe(Number(move.questionnaireResult));
    const photos = Object.values(answered.replies).flatMap((r) => (Array.isArray(r.replyData) && String(r.replyData[0]).startsWith('/api/files/') ? r.replyData : []));
    for (const link of photos.slice(0, 2)) expect((await t.app.inject({ method: 'GET', url: String(link) })).statusCode).toBe(200);
  });

  it('answers the agent’s edit flagged editByAgent, or 204 when there is none', async () => {
    const [edited] = await t.db.select({ id: moveReplies.userMoveId }).from(moveReplies).where(eq(moveReplies.byAgent, true)).limit(1);
    const byAgent = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaireRepliedByAgent?userMoveId=${edited.id}`, admin);
    expect(byAgent.editByAgent).toBe(true);
    const [plain] = await movesWhere(t, inStatus('RECHAZADA'));
    expect((await api.call('GET', `/questionnaireRepliedByAgent?userMoveId=${plain.id}`, admin)).statusCode).toBe(204);
  });

  it('counts the answered questions of several moves', async () => {
    const [a, b] = await movesWhere(t, inStatus('APROBADA'));
    const [none] = await movesWhere(t, inStatus('ASIGNADA'));
    const amounts = await api.ok<{ userMoveId: number; amount: number }[]>('POST', '/questionnaires-replyeds/amount-answers', admin, { userMovesIds: [a.id, b.id, none.id] });
    expect(amounts.find((x) => x.userMoveId === a.id)!.amount).toBeGreaterThan(3);
    expect(amounts.find((x) => x.userMoveId === none.id)!.amount).toBe(0);
  });

  it('counts a whole export page of 1,000 moves in one call, the agent’s edit first, and refuses 1,001', async () => {
    const moves = await t.db.select({ id: userMoves.id }).from(userMoves).orderBy(userMoves.id);
    const last = moves.at(-1)!.id;
    const ids = [...moves.map((m) => m.id), ...Array.from({ length: 1000 - moves.length }, (_, i) => last + 1 + i)];
    expect(ids).toHaveLength(1000);
    const amounts = await api.ok<{ userMoveId: number; amount: number }[]>('POST', '/questionnaires-replyeds/amount-answers', admin, { userMovesIds: ids });
    // Every move once, the ids of no move left out.
    expect(amounts.map((a) => a.userMoveId).sort((a, b) => a - b)).toEqual(moves.map((m) => m.id));
    const replies = await t.db.select({ userMoveId: moveReplies.userMoveId, byAgent: moveReplies.byAgent, replies: moveReplies.replies }).from(moveReplies);
    const answered = (r: (typeof replies)[number]) =>
      Object.values(r.replies as Record<string, { replyData?: unknown }>).filter(({ replyData: d }) => d !== null && d !== undefined && d !== '' && !(Array.isArray(d) && d.length === 0)).length;
    const expected = new Map<number, number>();
    for (const r of [...replies].sort((a, b) => Number(a.byAgent) - Number(b.byAgent))) expected.set(r.userMoveId, answered(r));
    expect(new Map(amounts.map((a) => [a.userMoveId, a.amount]))).toEqual(new Map(moves.map((m) => [m.id, expected.get(m.id) ?? 0])));
    const edited = replies.find((r) => r.byAgent)!;
    expect(amounts.find((a) => a.userMoveId === edited.userMoveId)!.amount).toBe(answered(edited));

    const tooMany = await api.call('POST', '/questionnaires-replyeds/amount-answers', admin, { userMovesIds: [...ids, last + 1001] });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('who may read and act', () => {
  it('lets staff read, refuses client-side users and the null role', async () => {
    for (const rol of [ROLE.AGENT, ROLE.FIELD_LEADER, ROLE.ACCOUNTS]) expect((await api.call('GET', '/user-moves/get/all', await api.tokenFor(rol))).statusCode).toBe(200);
    for (const rol of [ROLE.CLIENT, ROLE.FRANCHISE, ROLE.GETTER, null]) {
      const res = await api.call('GET', '/user-moves/get/all', await api.tokenFor(rol));
      expect(res.statusCode, String(rol)).toBe(403);
      expect(res.json().message).toBe(AUTH_TEXT.forbidden);
    }
    const client = (await t.login('cliente@campo.test')).token;
    expect((await api.call('GET', '/user-moves/get/all', client)).statusCode).toBe(403);
  });

  it('lets only reviewers act: a field leader reads but cannot approve', async () => {
    const [move] = await movesWhere(t, inStatus('EN_REVISION'));
    const res = await api.call('POST', '/user-moves/accept-one', await api.tokenFor(ROLE.FIELD_LEADER), { id: move.id, userMoveVideoLink: 'https://x.test/v.mp4' });
    expect(res.statusCode).toBe(403);
    expect((await api.call('POST', '/user-moves/accept-one', await api.tokenFor(ROLE.CLIENT), { id: move.id, userMoveVideoLink: 'https://x.test/v.mp4' })).statusCode).toBe(403);
    expect((await api.call('POST', '/user-moves/accept-one', await api.tokenFor(null), { id: move.id, userMoveVideoLink: 'https://x.test/v.mp4' })).statusCode).toBe(403);
  });

  it('lists the quality agents (role 1) and the Getters (role 7) with their profile', async () => {
    const agents = await api.ok<{ id: number; fullName: string; profile?: unknown }[]>('GET', '/users?rolId=1', admin);
    expect(agents.map((a) => a.fullName)).toEqual(expect.arrayContaining(['Ana Administradora', 'Rodrigo Castro']));
    expect(agents[0].profile).toBeUndefined();
    const getters = await api.ok<{ id: number; fullName: string; profile?: unknown }[]>('GET', '/users?rolId=7', admin);
    expect(getters.length).toBeGreaterThan(10);
    expect(getters[0]).toHaveProperty('profile');
  });
});
