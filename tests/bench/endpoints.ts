/**
 * The endpoints `npm run bench` times: every list and report of the console with its common
 * filters and sorts (the moves list with each filter and sort of spec 2 §7, a deep page, a code
 * search), built from ids read in the scale dataset.
 */
import type pg from 'pg';
import { ROLE } from '../../domain/roles';

export interface Case {
  /** The row's label in BENCHMARKS.md. */
  name: string;
  path: string;
  /** 'list': a page of a list (p95 ≤ 30 ms and ≤ 1.5× SQL); 'report': judged against its SQL only. */
  kind: 'list' | 'report';
  group: string;
  /** Whose session asks (an e-mail of the dataset): the administrator's when absent. */
  as?: string;
}

interface Ids {
  clientId: number;
  /** A client with projects still running: its assignable stock has rows (the busiest project's, ended, has none). */
  runningClientId: number;
  projectId: number;
  getterId: number;
  agentId: number;
  cityId: number;
  moveId: number;
  locationText: string;
  from: string;
  to: string;
  projectFrom: string;
  projectTo: string;
  /** The client side of the project's client: its contact, its franchise user and its zone manager. */
  clientUser: string;
  franchiseUser: string;
  zoneUser: string;
  /** A point of sale of the project that the franchise user owns. */
  franchiseLocationId: number;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

async function idsOf(pool: pg.Pool): Promise<Ids> {
  const one = async <T>(text: string) => (await pool.query(text)).rows[0] as T;
  // The busiest scale project, its client, and a Getter and an agent with moves.
  const p = await one<{ id: number; client_id: number; start_date: string; end_date: string }>(
    `select id, client_id, start_date::text, end_date::text from projects where end_date < current_date order by id desc limit 1`,
  );
  const running = await one<{ client_id: number }>(`select client_id from projects where end_date >= current_date order by id desc limit 1`);
  const g = await one<{ user_id: number }>(`select user_id from user_moves where user_id is not null order by id desc limit 1`);
  const a = await one<{ id: number }>(`select assigned_agent_id as id from user_moves where assigned_agent_id is not null order by id desc limit 1`);
  const c = await one<{ city_id: number }>(`select l.city_id from project_locations pl join locations l on l.id = pl.location_id order by pl.id desc limit 1`);
  const m = await one<{ id: number }>(`select (max(id) / 2)::int as id from user_moves`);
  const l = await one<{ name: string }>(`select l.client_location_name as name from project_locations pl join locations l on l.id = pl.location_id order by pl.id desc limit 1`);
  const person = (role: number) => one<{ id: number; email: string }>(`select id, email from users where rol_id = ${role} and client_id = ${p.client_id} and status order by id desc limit 1`);
  const [clientUser, franchiseUser, zoneUser] = [await person(ROLE.CLIENT), await person(ROLE.FRANCHISE), await person(ROLE.ZONE_MANAGER)];
  // A franchise user's report names one of its points of sale: one of the project's it owns.
  const owned = await one<{ id: number }>(
    `select pl.location_id as id from project_locations pl join locations l on l.id = pl.location_id where pl.project_id = ${p.id} and l.owner_id = ${franchiseUser.id} order by pl.id limit 1`,
  );
  const to = new Date();
  const from = new Date(Date.now() - 30 * 86400_000);
  return {
    clientId: p.client_id,
    runningClientId: running.client_id,
    projectId: p.id,
    getterId: g.user_id,
    agentId: a.id,
    cityId: c.city_id,
    moveId: m.id,
    locationText: l.name,
    from: iso(from),
    to: iso(to),
    projectFrom: p.start_date,
    projectTo: p.end_date,
    clientUser: clientUser.email,
    franchiseUser: franchiseUser.email,
    zoneUser: zoneUser.email,
    franchiseLocationId: owned.id,
  };
}

export async function benchCases(pool: pg.Pool): Promise<Case[]> {
  const i = await idsOf(pool);
  const moves = (name: string, query: string, kind: Case['kind'] = 'list'): Case => ({ name, path: `/api/user-moves/get/all?${query}`, kind, group: 'Moves (/user-moves/get/all)' });
  const list = (group: string, name: string, path: string): Case => ({ name, path, kind: 'list', group });
  const report = (group: string, name: string, path: string, as?: string): Case => ({ name, path, kind: 'report', group, as });
  const enc = encodeURIComponent;
  return [
    moves('10 filas, orden por defecto (id desc)', 'offset=0&limit=10'),
    moves('100 filas', 'offset=0&limit=100'),
    moves('orden: fecha de creación', 'offset=0&limit=10&sort=createdAt&order=DESC'),
    moves('orden: código asc', 'offset=0&limit=10&sort=code&order=ASC'),
    moves('orden: estado', 'offset=0&limit=10&sort=statusName&order=ASC'),
    moves('orden: Getter', 'offset=0&limit=10&sort=userFullName&order=ASC'),
    moves('orden: agente de calidad', 'offset=0&limit=10&sort=assignedAgentFullName&order=ASC'),
    moves('orden: proyecto', 'offset=0&limit=10&sort=projectsName&order=ASC'),
    moves('orden: cliente', 'offset=0&limit=10&sort=campaignsClientName&order=ASC'),
    moves('orden: punto de venta', 'offset=0&limit=10&sort=clientLocationName&order=ASC'),
    moves('filtro: cliente', `offset=0&limit=10&campaignsClientId=${i.clientId}`),
    moves('filtro: proyecto', `offset=0&limit=10&projectsId=${i.projectId}`),
    moves('filtro: estado EN_REVISION', 'offset=0&limit=10&statusId=EN_REVISION'),
    moves('filtro: Getter', `offset=0&limit=10&userId=${i.getterId}`),
    moves('filtro: agente de calidad', `offset=0&limit=10&assignedAgentId=${i.agentId}`),
    moves('filtro: sin agente', 'offset=0&limit=10&withoutAgent=true'),
    moves('filtro: sin agente, estado EN_REVISION', 'offset=0&limit=10&withoutAgent=true&statusId=EN_REVISION'),
    moves('filtro: ciudad', `offset=0&limit=10&city=${i.cityId}`),
    moves('filtro: mínimo de adjuntos (3)', 'offset=0&limit=10&withMinimumAttachments=3'),
    moves('filtro: fechas (últimos 30 días)', `offset=0&limit=10&fromDate=${i.from}&toDate=${i.to}`),
    moves('búsqueda por código', `offset=0&limit=10&code=${i.moveId}`),
    moves('búsqueda por punto de venta', `offset=0&limit=10&clientLocationName=${enc(i.locationText)}`),
    moves('cliente + estado + fechas', `offset=0&limit=10&campaignsClientId=${i.clientId}&statusId=APROBADA&fromDate=${i.projectFrom}&toDate=${i.projectTo}`),
    moves('página profunda (offset 500.000)', 'offset=500000&limit=10'),
    // What the console asks when paging next to a page it holds: keyset, from the middle of the list.
    moves('página profunda por clave (after, mitad de la lista)', `offset=0&limit=10&after=${i.moveId}`),
    moves('página profunda por clave, orden Getter (after)', `offset=0&limit=10&sort=userFullName&order=ASC&after=${i.moveId}`),
    moves('página profunda por clave, orden fecha (before)', `offset=0&limit=10&sort=createdAt&order=DESC&before=${i.moveId}`),
    moves('página profunda filtrada (estado APROBADA, offset 100.000)', 'offset=100000&limit=10&statusId=APROBADA'),
    list('Puntos de venta', 'lista (/locations)', '/api/locations?offset=0&limit=20'),
    list('Puntos de venta', 'búsqueda por código', '/api/locations?offset=0&limit=20&q=S0012'),
    list('Puntos de venta', 'de un cliente, activos, por nombre', `/api/locations/client/${i.clientId}?offset=0&limit=20&status=true&sort=fullName`),
    list('Puntos de venta', 'inactivos (Activos sin tildar)', '/api/locations?offset=0&limit=20&status=false'),
    list('Puntos de venta', 'del formulario de proyecto', `/api/projects/locations-by-client/${i.clientId}?offset=0&limit=20&availableFrom=${i.projectFrom}&availableTo=${i.projectTo}`),
    // 'Seleccionar todas' in the project form: the ids of every point of sale of the filter (up to 5.000).
    list('Puntos de venta', 'del formulario de proyecto: seleccionar todos (ids)', `/api/projects/locations-by-client/${i.clientId}/ids?withStatus=true`),
    list('Clientes', 'lista (/clients/all-clients)', '/api/clients/all-clients?offset=0&limit=20'),
    list('Clientes', 'búsqueda', '/api/clients/all-clients?offset=0&limit=20&q=Farmacias'),
    list('Clientes', 'activos, por tipo', '/api/clients/all-clients?offset=0&limit=20&state=true&sort=type'),
    // What the clients' screen asks when it opens (src/resources/clients/ClientList.tsx): the active ones, by name, 100 a page.
    list('Clientes', 'activos por nombre, 100 filas (la pantalla al abrir)', '/api/clients/all-clients?offset=0&limit=100&state=true&sort=name&order=ASC'),
    list('Usuarios web', 'lista (/web-users)', '/api/web-users?offset=0&limit=10'),
    list('Usuarios web', 'por rol (Getters)', `/api/web-users?offset=0&limit=10&rolId=${ROLE.GETTER}`),
    list('Usuarios web', 'búsqueda', '/api/web-users?offset=0&limit=10&q=Mart'),
    // What the web users' screen asks when it opens (src/resources/webUsers/screens.tsx): the active ones, by id.
    list('Usuarios web', 'activos (la pantalla al abrir)', '/api/web-users?offset=0&limit=10&status=true&sort=id&order=ASC'),
    // What the console's Getter picker asks (src/ui/getterPicker): 50 and one more to know there are more.
    list('Usuarios móviles', 'Getters (/users?rolId=7) con búsqueda, como el selector (limit 51)', `/api/users?rolId=${ROLE.GETTER}&q=Juan&limit=51`),
    list('Usuarios móviles', 'agentes de calidad (/users?rolId=1)', `/api/users?rolId=${ROLE.ADMIN}`),
    list('Proyectos', 'lista (/projects)', '/api/projects?offset=0&limit=20'),
    list('Proyectos', 'de un cliente', `/api/projects?offset=0&limit=20&clientId=${i.clientId}`),
    list('Proyectos', 'búsqueda por nombre', '/api/projects?offset=0&limit=20&name=Auditor'),
    list('Pagos', 'pendientes (/transactions/pending)', '/api/transactions/pending?offset=0&limit=10'),
    list('Pagos', 'pagadas (/transactions/payed)', '/api/transactions/payed?offset=0&limit=10'),
    list('Pagos', 'pagadas entre fechas', `/api/transactions/payed?offset=0&limit=10&from=${i.projectFrom}&to=${i.projectTo}`),
    list('Pagos', 'pendientes de un Getter (filtro Getter)', `/api/transactions/pending?offset=0&limit=10&getterId=${i.getterId}`),
    list('Pagos', 'pagadas de un Getter (filtro Getter)', `/api/transactions/payed?offset=0&limit=10&getterId=${i.getterId}`),
    list('Pagos', 'de un Getter', `/api/transactions/by-getter?getterId=${i.getterId}&transactionType=PAID&offset=0&limit=10`),
    list('Push', 'historial', '/api/push-notifications/historial?offset=0&limit=10'),
    list('Cuestionarios', 'lista (/questionnariesV2)', '/api/questionnariesV2?offset=0&limit=5'),
    list('Bancos', 'campañas', '/api/campaigns?offset=0&limit=20'),
    list('Bancos', 'configuraciones de moves', '/api/moves?offset=0&limit=20'),
    list('Bancos', 'campañas de un cliente', `/api/campaigns/client/${i.clientId}`),
    list('Bancos', 'instructivos', '/api/guidelines?offset=0&limit=20'),
    list('Bancos', 'instructivos vigentes por nombre', '/api/guidelines/search?searchValue=Instructivo&offset=0&limit=20'),
    list('Bancos', 'etiquetas', '/api/tags?offset=0&limit=20'),
    list('Bancos', 'motivos', '/api/motives?offset=0&limit=20'),
    list('Bancos', 'características', '/api/characteristics/?offset=0&limit=20'),
    list('Bancos', 'atributos de cliente', '/api/features?offset=0&limit=20'),
    list('Bancos', 'atributos de un cliente', `/api/features/client/${i.clientId}?offset=0&limit=20`),
    list('Moves: asignación', 'stock publicado (/user-moves/stock-moves-report)', '/api/user-moves/stock-moves-report?statuses=Publicada&offset=0&limit=10'),
    // The assignment screen as it opens: the four states, only what can be assigned (src/resources/moves/assign).
    list('Moves: asignación', 'stock asignable, los cuatro estados (la pantalla al abrir)', `/api/user-moves/stock-moves-report?statuses=${encodeURIComponent('Asignada,Disponible,Publicada,Publicada por Cancelación')}&assignable=true&offset=0&limit=10`),
    // The assignment screen sorted by a heading (server/services/moves/stock.ts `sortedPageQuery`).
    list('Moves: asignación', 'stock asignable por fecha límite', `/api/user-moves/stock-moves-report?statuses=${encodeURIComponent('Asignada,Disponible,Publicada,Publicada por Cancelación')}&assignable=true&offset=0&limit=10&sort=fecha_limite&order=ASC`),
    list('Moves: asignación', 'stock entero por fecha límite (índices parciales)', `/api/user-moves/stock-moves-report?statuses=${encodeURIComponent('Asignada,Disponible,Publicada,Publicada por Cancelación')}&offset=0&limit=10&sort=fecha_limite&order=ASC`),
    list('Moves: asignación', 'stock asignable de un cliente por punto de venta', `/api/user-moves/stock-moves-report?statuses=${encodeURIComponent('Asignada,Disponible,Publicada,Publicada por Cancelación')}&assignable=true&clientId=${i.clientId}&offset=0&limit=10&sort=punto_de_venta&order=ASC`),
    list('Moves: asignación', 'stock asignable de un cliente con proyectos en curso, por punto de venta', `/api/user-moves/stock-moves-report?statuses=${encodeURIComponent('Asignada,Disponible,Publicada,Publicada por Cancelación')}&assignable=true&clientId=${i.runningClientId}&offset=0&limit=10&sort=punto_de_venta&order=ASC`),
    list('Moves: filtros', 'ciudades (/user-moves/get/cities)', '/api/user-moves/get/cities'),
    list('Moves: filtros', 'proyectos de un cliente', `/api/user-moves/get/projects?clientId=${i.clientId}`),
    // What the project picker asks as the user types (src/ui/ProjectPicker.tsx): 50 and one more.
    list('Moves: filtros', 'proyectos por nombre, como el selector (limit 51)', '/api/user-moves/get/projects?q=Auditor&limit=51'),
    list('Moves: filtros', 'proyectos en curso por nombre, como el selector de la asignación', '/api/user-moves/get/projects?q=Auditor&limit=51&current=true'),
    report('Reportes', 'tablero: estadísticas de un cliente', `/api/core-estadisticas/estadisticas/getEstadisticas?clientId=${i.clientId}`),
    report('Reportes', 'desempeño: opciones', `/api/reports/options?clientId=${i.clientId}`),
    report('Reportes', 'desempeño: un proyecto, 20 filas', `/api/reports/performance?clientId=${i.clientId}&projectId=${i.projectId}&fromDate=${i.projectFrom}&toDate=${i.projectTo}&offset=0&limit=20`),
    // The header sorts that the default's plan does not cover: a name of the joined point of sale, and a computed result.
    report('Reportes', 'desempeño: orden por punto de venta', `/api/reports/performance?clientId=${i.clientId}&projectId=${i.projectId}&fromDate=${i.projectFrom}&toDate=${i.projectTo}&offset=0&limit=20&sort=location&order=ASC`),
    report('Reportes', 'desempeño: orden por resultado', `/api/reports/performance?clientId=${i.clientId}&projectId=${i.projectId}&fromDate=${i.projectFrom}&toDate=${i.projectTo}&offset=0&limit=20&sort=result&order=DESC`),
    report('Reportes', 'Reporte de Moves (aprobadas de un cliente)', `/api/user-moves/report?clientId=${i.clientId}`),
    // The client side, each with its own session: the client's contact sees all its points of sale; its
    // franchise user, those it owns; its zone manager, those it manages (services/reports/scope.ts).
    report('Lado del cliente', 'tablero del cliente', '/api/core-estadisticas/estadisticas/getEstadisticas', i.clientUser),
    report('Lado del cliente', 'tablero de una franquicia', '/api/core-estadisticas/estadisticas/getEstadisticas', i.franchiseUser),
    report('Lado del cliente', 'tablero de un gerente zonal', '/api/core-estadisticas/estadisticas/getEstadisticas', i.zoneUser),
    report('Lado del cliente', 'desempeño: opciones de una franquicia', '/api/reports/options', i.franchiseUser),
    report('Lado del cliente', 'desempeño del cliente: un proyecto, 20 filas', `/api/reports/performance?projectId=${i.projectId}&fromDate=${i.projectFrom}&toDate=${i.projectTo}&offset=0&limit=20`, i.clientUser),
    report('Lado del cliente', 'desempeño de una franquicia: un proyecto, su punto de venta', `/api/reports/performance?projectId=${i.projectId}&clientLocationId=${i.franchiseLocationId}&fromDate=${i.projectFrom}&toDate=${i.projectTo}&offset=0&limit=20`, i.franchiseUser),
    report('Lado del cliente', 'desempeño de un gerente zonal: un proyecto', `/api/reports/performance?projectId=${i.projectId}&fromDate=${i.projectFrom}&toDate=${i.projectTo}&offset=0&limit=20`, i.zoneUser),
  ];
}
