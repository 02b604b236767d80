/**
 * Role ids (spec 1 §6, spec 3 §3) and the access matrix shared by the console's `canAccess`
 * and the server's route guard. A null role is the "platform" user.
 */
export const ROLE = {
  ADMIN: 1,
  OPERATIONS: 2,
  FIELD_LEADER: 3,
  AGENT_LEADER: 4,
  CLIENT: 5,
  FRANCHISE: 6,
  GETTER: 7,
  AGENT: 8,
  ADMINISTRATION: 9,
  ANALYST_ADMINISTRATION: 10,
  COMMERCIAL: 11,
  GETTER_MASTER: 12,
  ACCOUNTS: 13,
  INACTIVE: 14,
  ZONE_MANAGER: 15,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];
/** The signed-in user's role; null is the platform user with no role. */
export type UserRole = RoleId | null;

export const ROLE_IDS: readonly RoleId[] = Object.values(ROLE);
/** Every role a user can have, the null role included: what the access tests iterate over. */
export const ALL_USER_ROLES: readonly UserRole[] = [...ROLE_IDS, null];

export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'Administrador',
  2: 'Operaciones',
  3: 'Líder de campo',
  4: 'Líder de agentes',
  5: 'Cliente',
  6: 'Franquicia',
  7: 'Getter',
  8: 'Agente',
  9: 'Administración',
  10: 'Analista de administración',
  11: 'Comercial',
  12: 'Getter master',
  13: 'Cuentas',
  14: 'Inactivo',
  15: 'Gerente zonal',
};

export const isRoleId = (value: unknown): value is RoleId =>
  typeof value === 'number' && (ROLE_IDS as readonly number[]).includes(value);

export const isAdmin = (role: UserRole): boolean => role === ROLE.ADMIN;

/** Roles that must belong to a client (spec 1 §6, spec 3 §5). */
export const ROLES_WITH_CLIENT: readonly RoleId[] = [ROLE.CLIENT, ROLE.FRANCHISE, ROLE.INACTIVE, ROLE.ZONE_MANAGER];
export const requiresClient = (role: UserRole): boolean => role !== null && ROLES_WITH_CLIENT.includes(role);

/** Client-side users: they see the dashboard, reports and customer service. */
export const CLIENT_SIDE: readonly RoleId[] = [ROLE.CLIENT, ROLE.FRANCHISE, ROLE.ZONE_MANAGER];

/** Staff of the platform: everyone who works in the back office. */
export const STAFF: readonly RoleId[] = [
  ROLE.ADMIN,
  ROLE.OPERATIONS,
  ROLE.FIELD_LEADER,
  ROLE.AGENT_LEADER,
  ROLE.AGENT,
  ROLE.ADMINISTRATION,
  ROLE.ANALYST_ADMINISTRATION,
  ROLE.COMMERCIAL,
  ROLE.GETTER_MASTER,
  ROLE.ACCOUNTS,
];
export const ADMIN_ONLY: readonly RoleId[] = [ROLE.ADMIN];
/** Staff who change reference data (clients, locations, projects, banks). */
export const EDITORS: readonly RoleId[] = [ROLE.ADMIN, ROLE.OPERATIONS];
/** Staff who review moves. */
export const REVIEWERS: readonly RoleId[] = [ROLE.ADMIN, ROLE.OPERATIONS, ROLE.AGENT_LEADER, ROLE.AGENT, ROLE.ANALYST_ADMINISTRATION];
/** Staff who pay the Getters. */
export const PAYERS: readonly RoleId[] = [ROLE.ADMIN, ROLE.ADMINISTRATION, ROLE.ACCOUNTS];

/** The page title by role (spec 1 §1). */
export function titleForRole(role: UserRole): string {
  if (role === null) return 'Plataform';
  if (role === ROLE.CLIENT) return 'Cliente';
  if (role === ROLE.FRANCHISE || role === ROLE.ZONE_MANAGER) return 'Responsable de punto de venta';
  return 'Admin';
}

/** Everyone who holds a session, the null role included. */
export const ANY_USER = 'any' as const;
export type Audience = readonly RoleId[] | typeof ANY_USER;

/**
 * The access matrix: for each area of the console, who reads it and who writes it.
 * The console filters its menus and routes with it; the server guards every route with it.
 */
export const ACCESS = {
  clients: { read: STAFF, write: EDITORS },
  'client-upload': { read: ADMIN_ONLY, write: ADMIN_ONLY },
  locations: { read: STAFF, write: EDITORS },
  features: { read: STAFF, write: EDITORS },
  'moves-config': { read: STAFF, write: EDITORS },
  'web-users': { read: ADMIN_ONLY, write: ADMIN_ONLY },
  projects: { read: STAFF, write: EDITORS },
  campaigns: { read: STAFF, write: EDITORS },
  guidelines: { read: STAFF, write: EDITORS },
  tags: { read: STAFF, write: EDITORS },
  motives: { read: STAFF, write: EDITORS },
  characteristics: { read: STAFF, write: EDITORS },
  questionnaires: { read: STAFF, write: EDITORS },
  'user-moves': { read: STAFF, write: REVIEWERS },
  payments: { read: PAYERS, write: PAYERS },
  'push-notifications': { read: EDITORS, write: EDITORS },
  auditors: { read: ADMIN_ONLY, write: ADMIN_ONLY },
  dashboard: { read: ANY_USER, write: [] },
  reports: { read: CLIENT_SIDE, write: [] },
  'client-service': { read: CLIENT_SIDE, write: [] },
  'client-contact': { read: [ROLE.CLIENT], write: [] },
  campus: { read: CLIENT_SIDE, write: [] },
  surveys: { read: ANY_USER, write: [] },
  reference: { read: ANY_USER, write: [] },
} as const satisfies Record<string, { read: Audience; write: readonly RoleId[] }>;

export type Area = keyof typeof ACCESS;
export type Operation = 'read' | 'write';

export function admits(audience: Audience, role: UserRole): boolean {
  if (audience === ANY_USER) return true;
  return role !== null && audience.includes(role);
}

/** Whether a role may read or write an area. Admin may do everything. */
export function canUse(role: UserRole, area: Area, operation: Operation = 'read'): boolean {
  if (isAdmin(role)) return true;
  return admits(ACCESS[area][operation], role);
}

const READ_ACTIONS = new Set(['list', 'show', 'read', 'export', 'access']);

/** react-admin's canAccess({ action, resource }) as a pure function of the role. */
export function canAccess(role: UserRole, resource: string, action: string): boolean {
  const area = (resource in ACCESS ? resource : resourceArea[resource]) as Area | undefined;
  if (!area) return isAdmin(role);
  return canUse(role, area, READ_ACTIONS.has(action) ? 'read' : 'write');
}

/** Console resources whose name differs from their area. */
const resourceArea: Record<string, Area> = {
  'branch-offices': 'locations',
  'projects-campo': 'projects',
  'campo-campaigns': 'campaigns',
  'campo-guidelines': 'guidelines',
  'campo-characteristics': 'characteristics',
  'payment-administration': 'payments',
};
