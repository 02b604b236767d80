/**
 * The scale dataset (issue 10): on top of the demo (its logins, questionnaires, move configurations
 * and guidelines), clients, points of sale, Getters, campaigns, projects with their locations, visit
 * ranges and visits, moves in every status with their status log, replies and attachments, and the
 * Getters' transactions. Every row is made by `INSERT … SELECT FROM generate_series` inside
 * PostgreSQL: no rows cross the wire, so a million moves take seconds, not minutes.
 *
 * Ids are given explicitly (base + n) so that every reference is computed, not looked up; the
 * sequences are moved past them at the end. The load runs with `session_replication_role = replica`
 * (no foreign-key triggers, which would check ten million references one by one): the keys are right
 * by construction, and tests/api/bench-data.test.ts checks them with anti-joins on a small dataset.
 */
import pg from 'pg';
import { ROLE } from '../../domain/roles';
import { migrate, openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import { PATH } from '../../server/db/seed/moves';
import { seedReference } from '../../server/db/seed/reference';

export interface ScaleOptions {
  moves: number;
  clients: number;
  locations: number;
  getters: number;
  projects: number;
  /** Quality agents (administrators who review moves) added to the demo's. */
  agents: number;
  pushMessages: number;
}

export const DEFAULTS: ScaleOptions = { moves: 1_000_000, clients: 2000, locations: 100_000, getters: 50_000, projects: 5000, agents: 40, pushMessages: 2000 };

/** Status of a move by its hash bucket (of 100): APROBADA is 30 %, so 1M moves owe ~300,000 transactions. */
const STATUS_BUCKETS: [string, number][] = [
  ['DISPONIBLE', 3],
  ['ASIGNADA', 8],
  ['INICIADA', 4],
  ['PAUSADA', 2],
  ['CANCELADA', 6],
  ['EN_REVISION', 20],
  ['APROBADA', 30],
  ['DESAPROBADA', 5],
  ['RECHAZADA', 12],
  ['DEVUELTA', 10],
];

const REVIEWED = ['EN_REVISION', 'APROBADA', 'DESAPROBADA', 'RECHAZADA', 'DEVUELTA'];

/** Locations per project. */
const PER_PROJECT = 20;

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (xs: string[]) => `array[${xs.map(lit).join(',')}]`;

/** `case` on the move's hash bucket `b` (0..99) giving its status. */
function statusCase(b: string): string {
  let upto = 0;
  const arms = STATUS_BUCKETS.map(([s, pct]) => {
    upto += pct;
    return `when ${b} < ${upto} then ${lit(s)}`;
  });
  return `(case ${arms.join(' ')} end)`;
}
const pathCase = (s: string) => `(case ${s} ${Object.entries(PATH).map(([k, p]) => `when ${lit(k)} then ${textArray(p)}`).join(' ')} end)`;
const reviewedSql = (s: string) => `${s} in (${REVIEWED.map(lit).join(',')})`;

const FIRST = ['Juan', 'María', 'Carlos', 'Sofía', 'Matías', 'Lucía', 'Nicolás', 'Valentina', 'Tomás', 'Micaela', 'Facundo', 'Julieta', 'Gonzalo', 'Antonella', 'Federico', 'Rocío', 'Ezequiel', 'Milagros', 'Leandro', 'Brenda', 'Agustín', 'Camila', 'Franco', 'Martina', 'Joaquín', 'Florencia', 'Lautaro', 'Paula', 'Ignacio', 'Carolina'];
const LAST = ['Pérez', 'González', 'Rodríguez', 'López', 'Martínez', 'García', 'Romero', 'Díaz', 'Álvarez', 'Torres', 'Ruiz', 'Ramírez', 'Flores', 'Aguirre', 'Pereyra', 'Gutiérrez', 'Ojeda', 'Vega', 'Cabrera', 'Suárez', 'Benítez', 'Medina', 'Herrera', 'Castro', 'Molina', 'Sosa', 'Acosta', 'Fernández', 'Giménez', 'Luna'];
const TRADE = ['Supermercados', 'Farmacias', 'Café', 'Banco', 'Automotores', 'Tiendas', 'Heladerías', 'Ópticas', 'Librerías', 'Ferreterías', 'Panaderías', 'Estaciones', 'Hoteles', 'Gimnasios', 'Perfumerías', 'Electro'];
const PLACE = ['del Sur', 'Andinos', 'Norte', 'Pampa', 'del Litoral', 'de Cuyo', 'Patagonia', 'Federal', 'Central', 'del Plata', 'Serranos', 'del Valle', 'Atlántico', 'Mediterráneos', 'del Oeste', 'Unidos'];
const STREETS = ['Av. Corrientes', 'San Martín', 'Belgrano', 'Rivadavia', 'Av. Mitre', 'Sarmiento', '9 de Julio', 'Av. Libertador', 'Moreno', 'Urquiza', 'Mendoza', 'Av. Colón', 'Bv. Oroño', 'Lavalle', 'Alem'];
const REASONS: Record<string, string[]> = {
  RECHAZADA: ['El video no corresponde al local auditado.', 'La visita se realizó fuera del horario indicado en el instructivo.'],
  DESAPROBADA: ['Revisión de calidad: las fotos no permiten verificar las respuestas.', 'El cliente informó que la visita no coincide con sus registros.'],
  DEVUELTA: ['Faltan fotos legibles de la góndola; vuelva a cargarlas.', 'Complete la observación de los sanitarios.'],
  CANCELADA: ['El local estaba cerrado por inventario.', 'El Getter no pudo asistir en la fecha pactada.'],
};
const pickText = (xs: string[], n: string) => `(${textArray(xs)})[1 + (${n}) % ${xs.length}]`;
/** A stable pseudo-random 0..m-1 of an integer expression and a salt. */
const h = (n: string, salt: number, m: number) => `((hashint4((${n})::int # ${salt}) & 2147483647) % ${m})`;

export type Step = { name: string; ms: number; rows?: number };

async function one<T = Record<string, unknown>>(c: pg.Client, text: string): Promise<T> {
  return (await c.query(text)).rows[0] as T;
}

/** Drops everything of ours in the database (`--reset`). */
export async function resetDatabase(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public;');
  } finally {
    await c.end();
  }
}

/** Whether the database already holds users (then the generator refuses without --reset). */
export async function isEmpty(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { n } = await one<{ n: number }>(c, `select count(*)::int as n from pg_tables where schemaname = 'public'`);
    if (!n) return true;
    const { users } = await one<{ users: boolean }>(c, `select to_regclass('public.users') is not null and exists (select 1 from users) as users`);
    return !users;
  } finally {
    await c.end();
  }
}

export async function generate(url: string, o: ScaleOptions, log: (s: Step) => void = () => {}): Promise<Step[]> {
  const steps: Step[] = [];
  const timed = async (name: string, work: () => Promise<number | undefined | void>) => {
    const t = performance.now();
    const rows = (await work()) ?? undefined;
    const s = { name, ms: Math.round(performance.now() - t), rows };
    steps.push(s);
    log(s);
  };

  await timed('esquema y demo', async () => {
    const database = await openDatabase({ url });
    try {
      await migrate(database);
      await seedReference(database.db);
      await seedDemo(database.db);
    } finally {
      await database.close();
    }
  });

  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const run = async (text: string) => (await c.query(text)).rowCount ?? 0;
  try {
    await c.query(`set synchronous_commit = off; set session_replication_role = replica; set maintenance_work_mem = '256MB'; set work_mem = '64MB'`);
    const max = async (table: string) => (await one<{ m: number }>(c, `select coalesce(max(id), 0)::int as m from ${table}`)).m;
    const b = {
      client: await max('clients'),
      location: await max('locations'),
      user: await max('users'),
      campaign: await max('campaigns'),
      project: await max('projects'),
      pl: await max('project_locations'),
      range: await max('project_visit_ranges'),
      visit: await max('visits'),
      move: await max('user_moves'),
      log: await max('move_status_logs'),
      reply: await max('move_replies'),
      attachment: await max('move_attachments'),
      account: await max('accounts'),
      transaction: await max('transactions'),
      push: await max('push_messages'),
    };
    const C = o.clients - (await one<{ n: number }>(c, 'select count(*)::int as n from clients')).n;
    const L = o.locations;
    const P = o.projects;
    const NPL = P * PER_PROJECT;
    const perClient = Math.floor(L / C);
    if (C < 1 || perClient < PER_PROJECT) throw new Error(`Se necesitan al menos ${PER_PROJECT} puntos de venta por cliente nuevo (${L} / ${C}).`);
    // The people of each new client's side, after the Getters, the agents and the contacts: its franchise
    // user (owner of a fifth of its points of sale) and its zone manager (of a quarter of them).
    const franchises = b.user + o.getters + o.agents + C;
    const zoneManagers = franchises + C;
    const { hash } = await one<{ hash: string }>(c, `select password_hash as hash from users where email = 'admin@campo.test'`);
    const { admin } = await one<{ admin: number }>(c, `select id as admin from users where email = 'admin@campo.test'`);

    await timed('clientes', () =>
      run(`insert into clients (id, name, address, telephone, email, type_id, state, claim_url, contact_url, checklist, created_at, updated_at)
        select ${b.client} + g, ${pickText(TRADE, 'g')} || ' ' || ${pickText(PLACE, 'g / 16')} || ' ' || g,
          ${pickText(STREETS, 'g')} || ' ' || (100 + g % 4000), '11' || lpad((40000000 + g * 7919 % 9999999)::text, 8, '0'),
          'contacto' || g || '@cliente' || g || '.com.ar', (select min(id) from client_types) + g % 5, g % 25 <> 0,
          'https://forms.campo.test/reclamos/c' || g, 'https://forms.campo.test/contacto/c' || g, g % 10 = 0, t, t
        from generate_series(1, ${C}) g, lateral (select now() - (${h('g', 11, 730 * 24)} || ' hours')::interval as t) x`),
    );

    await timed('puntos de venta', async () => {
      await c.query(`create temp table bench_cities as select (row_number() over (order by c.id) - 1)::int as k, c.id as city_id, c.state_id, s.country_id, c.name
        from cities c join states s on s.id = c.state_id`);
      const { n: ncity } = await one<{ n: number }>(c, 'select count(*)::int as n from bench_cities');
      // Location i belongs to new client i % C, at position i / C among its points of sale; one in five
      // (positions 0, 5, 10…) is its client's franchise user's (created with the users, below).
      return run(`insert into locations (id, client_id, full_name, client_location_name, client_location_id, telephone, street, zone,
          country_id, state_id, city_id, latitude, longitude, executive, emails, manager, email_manager, email_executive,
          work_days, opening_hours, closing_hours, observation, status, created_at, updated_at, owner_id)
        select ${b.location} + 1 + i, ${b.client} + 1 + i % ${C}, cl.name || ' - ' || ci.name || ' ' || (i / ${C} + 1), 'Sucursal ' || ci.name || ' ' || (i / ${C} + 1),
          'S' || lpad((i / ${C} + 1)::text, 4, '0'), '11' || lpad((30000000 + i * 31)::text, 8, '0'), ${pickText(STREETS, 'i / 7')} || ' ' || (1 + i % 3000),
          ${pickText(['Centro', 'Norte', 'Sur', 'Oeste', 'Este'], 'i')}, ci.country_id, ci.state_id, ci.city_id,
          -22 - (${h('i', 3, 3300)} / 100.0), -53 - (${h('i', 5, 2000)} / 100.0),
          ${pickText(FIRST, 'i')} || ' ' || ${pickText(LAST, 'i / 30')}, array['local' || i || '@cliente.com.ar'],
          ${pickText(FIRST, 'i + 7')} || ' ' || ${pickText(LAST, 'i / 11')}, 'gerente' || i || '@cliente.com.ar', 'ejecutivo' || i || '@campo.test',
          'Lunes a Sábado', '09:00', '20:00', case when i % 9 = 0 then 'Ingreso por la calle lateral.' end, i % 40 <> 0, cl.created_at, cl.created_at,
          case when (i / ${C}) % 5 = 0 then ${franchises} + 1 + i % ${C} end
        from generate_series(0, ${L - 1}) i
        join clients cl on cl.id = ${b.client} + 1 + i % ${C}
        join bench_cities ci on ci.k = ${h('i', 7, ncity)}`);
    });

    await timed('usuarios (Getters, agentes, lado del cliente)', async () => {
      let n = await run(`insert into users (id, names, last_name, email, primary_phone, password_hash, rol_id, status, send_whatsapp_notification, created_at, updated_at)
        select ${b.user} + g, ${pickText(FIRST, 'g')}, ${pickText(LAST, 'g / 30')}, 'getter' || g || '@getters.bench.campo.test',
          '11' || lpad((50000000 + g * 13)::text, 8, '0'), ${lit(hash)}, ${ROLE.GETTER}, g % 33 <> 0, g % 3 <> 0, t, t
        from generate_series(1, ${o.getters}) g, lateral (select now() - (${h('g', 13, 900 * 24)} || ' hours')::interval as t) x`);
      n += await run(`insert into getter_profiles (user_id, cuit_cuil, mercado_pago, cbu)
        select ${b.user} + g, '20' || lpad((20000000 + g)::text, 8, '0') || (g % 10), case when g % 2 = 0 then 'getter' || g || '@mp.com' end,
          case when g % 2 = 1 then lpad((g * 7919)::text, 22, '0') end
        from generate_series(1, ${o.getters}) g`);
      n += await run(`insert into accounts (id, user_id, created_at) select ${b.account} + g, ${b.user} + g, now() - interval '2 years' from generate_series(1, ${o.getters}) g`);
      const agents = b.user + o.getters;
      n += await run(`insert into users (id, names, last_name, email, password_hash, rol_id, status, created_at, updated_at)
        select ${agents} + g, ${pickText(FIRST, 'g + 3')}, ${pickText(LAST, 'g + 5')}, 'calidad.bench' || g || '@campo.test', ${lit(hash)}, ${ROLE.ADMIN}, true, now() - interval '2 years', now()
        from generate_series(1, ${o.agents}) g`);
      const contacts = agents + o.agents;
      n += await run(`insert into users (id, names, last_name, email, password_hash, rol_id, client_id, status, created_at, updated_at)
        select ${contacts} + g, ${pickText(FIRST, 'g + 11')}, ${pickText(LAST, 'g + 17')}, 'contacto' || g || '@cliente' || g || '.bench.campo.test', ${lit(hash)}, ${ROLE.CLIENT}, ${b.client} + g, true, now() - interval '2 years', now()
        from generate_series(1, ${C}) g`);
      n += await run(`insert into users (id, names, last_name, email, password_hash, rol_id, client_id, status, created_at, updated_at)
        select ${franchises} + g, ${pickText(FIRST, 'g + 19')}, ${pickText(LAST, 'g + 23')}, 'franquicia' || g || '@cliente' || g || '.bench.campo.test', ${lit(hash)}, ${ROLE.FRANCHISE}, ${b.client} + g, true, now() - interval '2 years', now()
        from generate_series(1, ${C}) g
        union all
        select ${zoneManagers} + g, ${pickText(FIRST, 'g + 29')}, ${pickText(LAST, 'g + 31')}, 'zonal' || g || '@cliente' || g || '.bench.campo.test', ${lit(hash)}, ${ROLE.ZONE_MANAGER}, ${b.client} + g, true, now() - interval '2 years', now()
        from generate_series(1, ${C}) g`);
      // Location i (of client i % C, position i / C): its client's zone manager's when its position is 1, 5, 9…
      n += await run(`insert into location_zone_managers (location_id, user_id)
        select ${b.location} + 1 + i, ${zoneManagers} + 1 + i % ${C} from generate_series(0, ${L - 1}) i where (i / ${C}) % 4 = 1`);
      // (Loaded without triggers: the words of the people searched, which migration 0038's triggers keep, are written here.)
      await c.query(`select campo_person_words_write(${b.user} + 1, 2147483647)`);
      return n;
    });
    const agentIds = (await c.query(`select id from users where rol_id = ${ROLE.ADMIN} and status order by id`)).rows.map((r) => r.id as number);

    await timed('campañas y proyectos', async () => {
      // Two campaigns per new client: last year's and this year's.
      let n = await run(`insert into campaigns (id, name, client_id, start_date, end_date, created_at, updated_at)
        select ${b.campaign} + g, 'Campaña ' || (extract(year from current_date)::int - 1 + (g - 1) / ${C}) || ' ' || cl.name, ${b.client} + 1 + (g - 1) % ${C},
          (current_date - 730 + ((g - 1) / ${C}) * 365), (current_date - 730 + ((g - 1) / ${C}) * 365 + 500), now() - interval '2 years', now() - interval '2 years'
        from generate_series(1, ${2 * C}) g join clients cl on cl.id = ${b.client} + 1 + (g - 1) % ${C}`);
      // Project j: of new client j % C; dates spread over the two years, 30–120 days long (some still open).
      await c.query(`create temp table bench_projects as
        select j, ${b.project} + 1 + j as id, ${b.client} + 1 + j % ${C} as client_id,
          (current_date - 730 + (j * 137) % 700) as start_date, (current_date - 730 + (j * 137) % 700 + 30 + (j * 53) % 90) as end_date
        from generate_series(0, ${P - 1}) j`);
      await c.query(`create temp table bench_versions as
        select (row_number() over (order by q.id) - 1)::int as k, q.id as questionnaire_id, v.id as version_id
        from questionnaires q join questionnaire_versions v on v.questionnaire_id = q.id and v.version = q.last_version where q.removed_at is null`);
      n += await run(`insert into projects (id, name, client_id, campaign_id, move_configuration_id, questionnaire_id, guideline_id, start_date, end_date, price,
          audio_attachment, campo_remote, auto_approval_required, created_by, created_at, updated_at)
        select p.id, ${pickText(['Auditoría de atención', 'Cliente incógnito', 'Relevamiento de góndola', 'Control de higiene', 'Experiencia de compra', 'Visita de calidad'], 'j')} || ' ' || to_char(p.start_date, 'MM/YYYY') || ' · ' || cl.name,
          p.client_id, ${b.campaign} + 1 + (j % ${C}) + case when p.start_date < current_date - 365 then 0 else ${C} end,
          mc.id, bv.questionnaire_id, gd.id, p.start_date, p.end_date, (3000 + (j % 12) * 250)::numeric(12,2),
          j % 4 = 0, false, j % 10 = 0, ${admin}, p.start_date - 10, p.start_date - 10
        from bench_projects p join clients cl on cl.id = p.client_id
        join bench_versions bv on bv.k = j % (select count(*) from bench_versions)
        join lateral (select id from move_configurations where category[1] = 1 order by id offset j % (select count(*) from move_configurations where category[1] = 1) limit 1) mc on true
        join lateral (select id from guidelines where deleted_at is null order by id offset j % (select count(*) from guidelines where deleted_at is null) limit 1) gd on true`);
      return n;
    });

    await timed('locaciones de proyectos y rangos', async () => {
      // Project j takes PER_PROJECT of its client's points of sale, starting at position (j / C) * PER_PROJECT.
      let n = await run(`insert into project_locations (id, project_id, location_id, created_at)
        select ${b.pl} + 1 + j * ${PER_PROJECT} + t, ${b.project} + 1 + j,
          ${b.location} + 1 + (((j / ${C}) * ${PER_PROJECT} + t) % ${perClient}) * ${C} + j % ${C}, (current_date - 740 + (j * 137) % 700)::timestamptz
        from generate_series(0, ${P - 1}) j, generate_series(0, ${PER_PROJECT - 1}) t`);
      n += await run(`insert into project_visit_ranges (id, project_location_id, from_date, to_date, visits)
        select ${b.range} + 1 + k, ${b.pl} + 1 + k, p.start_date, p.end_date, ${Math.ceil(o.moves / NPL)} + 2
        from generate_series(0, ${NPL - 1}) k join bench_projects p on p.j = k / ${PER_PROJECT}`);
      return n;
    });

    // The big tables' secondary indexes are built once after the load (a sorted build), not row by row.
    const BIG = ['user_moves', 'visits', 'move_status_logs', 'move_replies', 'move_attachments', 'transactions'];
    const indexes = (
      await c.query(
        `select i.indexname, i.indexdef from pg_indexes i where i.schemaname = 'public' and i.tablename = any($1)
          and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`,
        [BIG],
      )
    ).rows as { indexname: string; indexdef: string }[];
    for (const i of indexes) await c.query(`drop index ${i.indexname}`);

    // Move m: of project location m % NPL (so of project (m % NPL) / PER_PROJECT), created within the project's dates.
    await timed('moves', async () => {
      await c.query(`create temp table bench_moves as
        select m, ${b.move} + 1 + m as id, ${b.pl} + 1 + m % ${NPL} as pl_id, p.id as project_id, s.status, bv.version_id, x.created_at,
          case when s.status = 'DISPONIBLE' then null else ${b.user} + 1 + ${h('m', 17, o.getters)} end as getter_id,
          case when ${reviewedSql('s.status')} and not (s.status = 'EN_REVISION' and m % 7 = 6) or (s.status <> 'DISPONIBLE' and m % 4 = 0)
            then (${`array[${agentIds.join(',')}]`})[1 + ${h('m', 19, agentIds.length)}] end as agent_id,
          ((6 + ${h('m', 23, 40)}) || ' hours')::interval as step, ${pathCase('s.status')} as path, p.end_date,
          case s.status ${Object.entries(REASONS).map(([k, r]) => `when ${lit(k)} then ${pickText(r, 'm')}`).join(' ')} end as reason
        from generate_series(0, ${o.moves - 1}) m
        join bench_projects p on p.j = (m % ${NPL}) / ${PER_PROJECT}
        join projects pr on pr.id = p.id
        join bench_versions bv on bv.questionnaire_id = pr.questionnaire_id,
        lateral (select ${statusCase(h('m', 29, 100))} as status) s,
        lateral (select least(p.start_date + (${h('m', 31, 1000)} / 1000.0) * (p.end_date - p.start_date) * interval '1 day' + (${h('m', 37, 86400)} || ' seconds')::interval,
          now() - (${h('m', 41, 240)} || ' hours')::interval - interval '2 days') as created_at) x`);
      // A reply to copy for each version: a demo move's, with its score (so the score matches the replies).
      await c.query(`create temp table bench_replies as
        select distinct on (um.questionnaire_version_id) um.questionnaire_version_id as version_id, r.replies, r.questionnaire_result, um.dimension_results
        from move_replies r join user_moves um on um.id = r.user_move_id
        where not r.by_agent and um.status = 'APROBADA' order by um.questionnaire_version_id, um.id`);
      const last = `(bm.created_at + (array_length(bm.path, 1) - 1) * bm.step)`;
      const reason = (status: string) => `case when bm.status = ${lit(status)} then bm.reason end`;
      return run(`insert into user_moves (id, visit_id, project_location_id, status, user_id, assigned_agent_id, questionnaire_version_id, video_link,
          questionnaire_result, dimension_results, return_reason, rejection_reason, disapproved_reason, cancel_reason,
          start_audit_date, completed_audit_date, finish_analysis_date, due_to, attachments_count, version, created_at, updated_at,
          getter_sort_key, agent_sort_key, client_sort_key, location_sort_key, city_id, assignable_until, published_at)
        select bm.id, ${b.visit} + 1 + bm.m, bm.pl_id, bm.status, bm.getter_id, bm.agent_id, bm.version_id,
          case when bm.status in ('APROBADA', 'DESAPROBADA') then 'https://www.dropbox.com/s/b' || bm.m || '/visita-editada.mp4?dl=0' end,
          case when ${reviewedSql('bm.status')} then br.questionnaire_result end,
          case when bm.status = 'APROBADA' then br.dimension_results end,
          ${reason('DEVUELTA')}, ${reason('RECHAZADA')}, ${reason('DESAPROBADA')}, ${reason('CANCELADA')},
          case when ${reviewedSql('bm.status')} then bm.created_at + bm.step end,
          case when ${reviewedSql('bm.status')} then bm.created_at + bm.step + interval '2 hours' end,
          case when bm.status in ('APROBADA', 'DESAPROBADA', 'RECHAZADA') then ${last} end,
          bm.end_date, case when ${reviewedSql('bm.status')} then 1 + bm.m % 3 else 0 end, array_length(bm.path, 1), bm.created_at, ${last},
          lower(nullif(trim(g.names || ' ' || g.last_name), '')), lower(nullif(trim(a.names || ' ' || a.last_name), '')), lower(cl.name), lower(l.full_name), l.city_id,
          case when l.status then pr.end_date end, bm.created_at - interval '1 day'
        from bench_moves bm left join bench_replies br on br.version_id = bm.version_id
          left join users g on g.id = bm.getter_id left join users a on a.id = bm.agent_id
          join project_locations pl on pl.id = bm.pl_id join locations l on l.id = pl.location_id
          join projects pr on pr.id = bm.project_id left join clients cl on cl.id = pr.client_id`);
      // (The load runs without triggers: the sort keys, the city, the date until which a move can be assigned and
      // its visit's publication, which the triggers of migrations 0003, 0005, 0043 and 0044 keep, are written here.)
    });

    await timed('visitas', async () => {
      // One visit taken by each move (published again when the move was cancelled), and two still published per project location.
      // (With the date until which each can be assigned, which migration 0043's triggers keep.)
      let n = await run(`insert into visits (id, project_location_id, visit_range_id, due_from, due_to, state, published_at, assignable_until)
        select ${b.visit} + 1 + bm.m, bm.pl_id, ${b.range} + 1 + bm.m % ${NPL}, p.start_date, p.end_date,
          case when bm.status = 'CANCELADA' then 'PUBLICADA_POR_CANCELACION' else 'TOMADA' end, bm.created_at - interval '1 day',
          case when l.status then p.end_date end
        from bench_moves bm join bench_projects p on p.id = bm.project_id
          join project_locations pl on pl.id = bm.pl_id join locations l on l.id = pl.location_id`);
      n += await run(`insert into visits (id, project_location_id, visit_range_id, due_from, due_to, state, published_at, assignable_until)
        select ${b.visit} + ${o.moves} + 1 + k * 2 + t, ${b.pl} + 1 + k, ${b.range} + 1 + k, p.start_date, p.end_date, 'PUBLICADA', p.start_date::timestamptz,
          case when l.status then p.end_date end
        from generate_series(0, ${NPL - 1}) k, generate_series(0, 1) t, bench_projects p, project_locations pl, locations l
        where p.j = k / ${PER_PROJECT} and pl.id = ${b.pl} + 1 + k and l.id = pl.location_id`);
      return n;
    });

    await timed('historial de estados', () =>
      run(`insert into move_status_logs (id, user_move_id, status, user_id, reason, created_at, finished_at)
        select ${b.log} + bm.m * 5 + st.k, bm.id, st.status,
          case when st.k = 1 then null when st.status in ('INICIADA', 'PAUSADA') then bm.getter_id else bm.agent_id end,
          case when st.k = array_length(bm.path, 1) then bm.reason end,
          bm.created_at + (st.k - 1) * bm.step, case when st.k < array_length(bm.path, 1) then bm.created_at + st.k * bm.step end
        from bench_moves bm, unnest(bm.path) with ordinality as st(status, k)`),
    );

    await timed('respuestas y adjuntos', async () => {
      let n = await run(`insert into move_replies (id, user_move_id, by_agent, replies, questionnaire_result, created_by, created_at, updated_at)
        select ${b.reply} + 1 + bm.m, bm.id, false, br.replies, br.questionnaire_result, bm.getter_id, bm.created_at + bm.step, bm.created_at + bm.step
        from bench_moves bm join bench_replies br on br.version_id = bm.version_id where ${reviewedSql('bm.status')}`);
      n += await run(`insert into move_attachments (id, user_move_id, type, name, duration_in_seconds, storage_key, external_url, created_at)
        select ${b.attachment} + bm.m * 3 + a.k, bm.id, (array['video', 'audio', 'image'])[a.k], (array['video-original.mp4', 'audio-visita.wav', 'fachada.jpg'])[a.k],
          case a.k when 1 then 300 + bm.m % 600 when 2 then 5 end, case a.k when 2 then 'demo/audio-visita.wav' when 3 then 'demo/fachada.jpg' end,
          case a.k when 1 then 'https://www.dropbox.com/s/o' || bm.m || '/visita.mp4?dl=0' end, bm.created_at + bm.step
        from bench_moves bm, generate_series(1, 1 + bm.m % 3) a(k) where ${reviewedSql('bm.status')}`);
      return n;
    });

    await timed('transacciones', () =>
      // Each approved move owes its Getter the project's price; most older than a month were paid a week after approval.
      run(`insert into transactions (id, account_id, user_move_id, amount, status, transaction_date, operation_code, paid_by, created_at)
        select ${b.transaction} + (um.id - ${b.move}), ${b.account} + (um.user_id - ${b.user}), um.id, pr.price,
          case when paid then 'PAID' else 'PENDING' end, case when paid then um.finish_analysis_date + interval '7 days' end,
          case when paid then 'OP-' || um.id end, case when paid then ${admin} end, um.finish_analysis_date
        from user_moves um join project_locations pl on pl.id = um.project_location_id join projects pr on pr.id = pl.project_id,
        lateral (select um.finish_analysis_date < now() - interval '30 days' and um.id % 10 <> 0 as paid) x
        where um.id > ${b.move} and um.status = 'APROBADA' and um.user_id is not null and pr.price is not null`),
    );

    await timed('totales de transacciones por día', async () => {
      // (Loaded without triggers: the day totals that migration 0004's triggers keep are computed once.)
      await c.query('delete from transaction_day_totals');
      return run(`insert into transaction_day_totals (status, day, count, amount)
        select status, campo_transaction_day(status, created_at, transaction_date), count(*)::int, sum(amount) from transactions group by 1, 2`);
    });

    await timed('historial de push', () =>
      run(`insert into push_messages (id, title, body, total_messages, processed_messages, successful_messages, removed_tokens, status, sent_by, created_at, updated_at)
        select ${b.push} + g, ${pickText(['Nuevas visitas disponibles', 'Recordatorio de pago', 'Actualizá la app', 'Campaña de fin de mes', 'Capacitación obligatoria'], 'g')},
          'Mensaje ' || g || ': revisá las visitas publicadas en tu zona.', 20000 + g % 5000, 20000 + g % 5000, 19000 + g % 4000, g % 50, 'SENT', ${admin},
          now() - ((${o.pushMessages} - g) * 730.0 / ${o.pushMessages} || ' days')::interval,
          now() - ((${o.pushMessages} - g) * 730.0 / ${o.pushMessages} || ' days')::interval
        from generate_series(1, ${o.pushMessages}) g`),
    );

    await timed(`índices (${indexes.length})`, async () => {
      for (const i of indexes) await c.query(i.indexdef);
    });

    await timed('secuencias y estadísticas del planificador', async () => {
      for (const t of ['clients', 'locations', 'users', 'campaigns', 'projects', 'project_locations', 'project_visit_ranges', 'visits', 'user_moves', 'move_status_logs', 'move_replies', 'move_attachments', 'accounts', 'transactions', 'push_messages']) {
        await c.query(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
      }
      await c.query('set session_replication_role = origin');
      await c.query('vacuum (analyze) ');
    });
  } finally {
    await c.end();
  }
  return steps;
}
