import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCESS,
  ADMIN_ONLY,
  ALL_USER_ROLES,
  ANY_USER,
  type Area,
  admits,
  CLIENT_SIDE,
  canAccess,
  canUse,
  EDITORS,
  isAdmin,
  isRoleId,
  ROLE,
  ROLE_IDS,
  ROLE_NAMES,
  requiresClient,
  STAFF,
  titleForRole,
  type UserRole,
} from '../../domain/roles';

const AREAS = Object.keys(ACCESS) as Area[];
const anyRole = fc.constantFrom(...ALL_USER_ROLES);
const anyArea = fc.constantFrom(...AREAS);

describe('roles', () => {
  it('has fifteen distinct ids, 1 to 15, each with a Spanish name', () => {
    expect([...ROLE_IDS].sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    for (const role of ROLE_IDS) expect(ROLE_NAMES[role]).toMatch(/\S/);
    expect(ROLE_NAMES[ROLE.ADMIN]).toBe('Administrador');
    expect(ROLE_NAMES[ROLE.CLIENT]).toBe('Cliente');
  });

  it('counts the null platform role among the user roles', () => {
    expect(ALL_USER_ROLES).toHaveLength(16);
    expect(ALL_USER_ROLES).toContain(null);
  });

  it('recognises only real role ids', () => {
    for (const role of ROLE_IDS) expect(isRoleId(role)).toBe(true);
    for (const value of [null, undefined, 0, 16, -1, 1.5, '1', Number.NaN]) expect(isRoleId(value), String(value)).toBe(false);
  });

  it('makes only role 1 the admin', () => {
    expect(ALL_USER_ROLES.filter(isAdmin)).toEqual([ROLE.ADMIN]);
  });
});

describe('titleForRole', () => {
  it('titles the page by role', () => {
    expect(titleForRole(null)).toBe('Plataform');
    expect(titleForRole(ROLE.CLIENT)).toBe('Cliente');
    expect(titleForRole(ROLE.FRANCHISE)).toBe('Responsable de punto de venta');
    expect(titleForRole(ROLE.ZONE_MANAGER)).toBe('Responsable de punto de venta');
    for (const role of [ROLE.ADMIN, ROLE.OPERATIONS, ROLE.AGENT, ROLE.ACCOUNTS, ROLE.INACTIVE, ROLE.GETTER]) expect(titleForRole(role)).toBe('Admin');
  });
});

describe('requiresClient', () => {
  it('asks a client of the client, franchise, inactive and zone-manager roles only', () => {
    const withClient = ALL_USER_ROLES.filter(requiresClient);
    expect(withClient.sort()).toEqual([ROLE.CLIENT, ROLE.FRANCHISE, ROLE.INACTIVE, ROLE.ZONE_MANAGER].sort());
    expect(requiresClient(null)).toBe(false);
    expect(requiresClient(ROLE.ADMIN)).toBe(false);
  });
});

describe('admits', () => {
  it('lets everyone, the null role included, into an any-user audience', () => {
    for (const role of ALL_USER_ROLES) expect(admits(ANY_USER, role)).toBe(true);
  });

  it('keeps the null role out of every role list', () => {
    for (const audience of [STAFF, EDITORS, CLIENT_SIDE, ADMIN_ONLY, []]) expect(admits(audience, null)).toBe(false);
  });

  it('admits exactly the listed roles', () => {
    fc.assert(
      fc.property(fc.subarray([...ROLE_IDS]), anyRole, (audience, role) => {
        expect(admits(audience, role)).toBe(role !== null && audience.includes(role));
      }),
    );
  });
});

describe('canUse', () => {
  it('lets the admin read and write everything', () => {
    for (const area of AREAS) {
      expect(canUse(ROLE.ADMIN, area, 'read'), area).toBe(true);
      expect(canUse(ROLE.ADMIN, area, 'write'), area).toBe(true);
    }
  });

  it('keeps client-side users out of clients and in reports, customer service and campus', () => {
    for (const role of [ROLE.CLIENT, ROLE.FRANCHISE, ROLE.ZONE_MANAGER]) {
      expect(canUse(role, 'clients'), String(role)).toBe(false);
      expect(canUse(role, 'clients', 'write'), String(role)).toBe(false);
      expect(canUse(role, 'web-users'), String(role)).toBe(false);
      expect(canUse(role, 'reports'), String(role)).toBe(true);
      expect(canUse(role, 'reports', 'write'), String(role)).toBe(false);
      expect(canUse(role, 'client-service'), String(role)).toBe(true);
      expect(canUse(role, 'campus'), String(role)).toBe(true);
      expect(canUse(role, 'dashboard'), String(role)).toBe(true);
    }
  });

  it('shows the contact page to the client only', () => {
    expect(ALL_USER_ROLES.filter((role) => canUse(role, 'client-contact'))).toEqual([ROLE.ADMIN, ROLE.CLIENT]);
  });

  it('lets operations write reference data but not users, payments or auditors', () => {
    for (const area of ['clients', 'locations', 'projects', 'campaigns', 'questionnaires', 'push-notifications'] as const) {
      expect(canUse(ROLE.OPERATIONS, area, 'write'), area).toBe(true);
    }
    for (const area of ['web-users', 'payments', 'auditors', 'client-upload'] as const) expect(canUse(ROLE.OPERATIONS, area), area).toBe(false);
  });

  it('lets staff read clients but only editors change them', () => {
    expect(ALL_USER_ROLES.filter((role) => canUse(role, 'clients', 'read')).sort()).toEqual([...STAFF].sort());
    expect(ALL_USER_ROLES.filter((role) => canUse(role, 'clients', 'write')).sort()).toEqual([ROLE.ADMIN, ROLE.OPERATIONS]);
    expect(canUse(ROLE.FIELD_LEADER, 'clients')).toBe(true);
    expect(canUse(ROLE.FIELD_LEADER, 'clients', 'write')).toBe(false);
  });

  it('lets payers, and only them, into payments', () => {
    expect(ALL_USER_ROLES.filter((role) => canUse(role, 'payments')).sort()).toEqual([ROLE.ADMIN, ROLE.ADMINISTRATION, ROLE.ACCOUNTS].sort());
  });

  it('leaves the platform, getter and inactive roles only the areas open to every user', () => {
    const open = AREAS.filter((area) => ACCESS[area].read === ANY_USER).sort();
    expect(open).toEqual(['dashboard', 'reference', 'surveys']);
    for (const role of [null, ROLE.GETTER, ROLE.INACTIVE]) {
      expect(AREAS.filter((area) => canUse(role, area)).sort(), String(role)).toEqual(open);
      expect(AREAS.filter((area) => canUse(role, area, 'write')), String(role)).toEqual([]);
    }
  });

  it('reads by default', () => {
    fc.assert(fc.property(anyRole, anyArea, (role, area) => canUse(role, area) === canUse(role, area, 'read')));
  });

  it('never lets a role write what it cannot read', () => {
    fc.assert(fc.property(anyRole, anyArea, (role, area) => !canUse(role, area, 'write') || canUse(role, area, 'read')));
  });

  it('lets nobody but the admin write the read-only areas', () => {
    const readOnly = AREAS.filter((area) => ACCESS[area].write.length === 0);
    expect(readOnly).toContain('reports');
    fc.assert(fc.property(anyRole, fc.constantFrom(...readOnly), (role, area) => canUse(role, area, 'write') === (role === ROLE.ADMIN)));
  });
});

describe('canAccess', () => {
  it('maps list, show, read, export and access to reading and the rest to writing', () => {
    fc.assert(
      fc.property(anyRole, anyArea, fc.constantFrom('list', 'show', 'read', 'export', 'access'), (role, area, action) => {
        expect(canAccess(role, area, action)).toBe(canUse(role, area, 'read'));
      }),
    );
    fc.assert(
      fc.property(anyRole, anyArea, fc.constantFrom('create', 'edit', 'delete', 'activate', 'upload'), (role, area, action) => {
        expect(canAccess(role, area, action)).toBe(canUse(role, area, 'write'));
      }),
    );
  });

  it('resolves console resources named differently from their area', () => {
    const aliases: [string, Area][] = [
      ['branch-offices', 'locations'],
      ['projects-campo', 'projects'],
      ['campo-campaigns', 'campaigns'],
      ['campo-guidelines', 'guidelines'],
      ['campo-characteristics', 'characteristics'],
      ['payment-administration', 'payments'],
    ];
    for (const [resource, area] of aliases) {
      for (const role of ALL_USER_ROLES) {
        for (const operation of ['list', 'edit']) {
          expect(canAccess(role, resource, operation), `${resource} ${operation} ${role}`).toBe(canUse(role, area, operation === 'list' ? 'read' : 'write'));
        }
      }
    }
    expect(canAccess(ROLE.ADMINISTRATION, 'payment-administration', 'list')).toBe(true);
    expect(canAccess(ROLE.OPERATIONS, 'payment-administration', 'list')).toBe(false);
  });

  it('opens an unknown resource to the admin only', () => {
    fc.assert(
      fc.property(
        anyRole,
        fc.string().filter((s) => !(s in ACCESS) && !['branch-offices', 'projects-campo', 'campo-campaigns', 'campo-guidelines', 'campo-characteristics', 'payment-administration'].includes(s)),
        fc.constantFrom('list', 'edit'),
        (role: UserRole, resource, action) => canAccess(role, resource, action) === (role === ROLE.ADMIN),
      ),
    );
  });

  it('states the facts the console menus rely on', () => {
    expect(canAccess(ROLE.CLIENT, 'clients', 'list')).toBe(false);
    expect(canAccess(ROLE.CLIENT, 'reports', 'list')).toBe(true);
    expect(canAccess(ROLE.OPERATIONS, 'clients', 'create')).toBe(true);
    expect(canAccess(ROLE.AGENT, 'user-moves', 'edit')).toBe(true);
    expect(canAccess(ROLE.FIELD_LEADER, 'user-moves', 'edit')).toBe(false);
    expect(canAccess(null, 'dashboard', 'access')).toBe(true);
    expect(canAccess(null, 'clients', 'list')).toBe(false);
    expect(canAccess(ROLE.ADMIN, 'anything-new', 'delete')).toBe(true);
  });
});
