/**
 * Who sees which points of sale on the client side (spec 1 §6, spec 3 §6): a client user (5) every
 * location of its client; a franchise user (6) only the locations it owns (`locations.owner_id`); a
 * zone manager (15) the locations it manages (`location_zone_managers`). The administrator reads any
 * client's, naming it. The condition is SQL over `locations`, joined by every client-side query.
 */
import { type SQL, sql } from 'drizzle-orm';
import { REPORT_TEXT } from '../../../domain/reports';
import { isAdmin, ROLE } from '../../../domain/roles';
import { locationZoneManagers, locations } from '../../db/schema';
import type { SessionUser } from '../../guard';
import { badRequest, HttpError } from '../../http';

/** Which locations a user sees: all of its client's, those it owns (franchise), those it manages (zone). */
export type ScopeKind = 'all' | 'owner' | 'zone';

export interface ClientScope {
  clientId: number;
  /** Holds for the locations the user may see (of any client: pair it with the client's). */
  locations: SQL;
  /** A franchise user must choose its point of sale before the report answers (spec 3 §5). */
  locationRequired: boolean;
  /** What `locations` is, for a statement kept by its shape (`visibleLocations` with a placeholder). */
  kind: ScopeKind;
  /** The user `locations` names (owner or zone manager). */
  userId: number;
}

/**
 * The condition on `locations` of a scope's kind, the user as a value or a placeholder (a statement
 * built once per shape binds it on each request).
 */
export function visibleLocations(kind: ScopeKind, userId: unknown): SQL {
  if (kind === 'owner') return sql`${locations.ownerId} = ${userId}`;
  if (kind === 'zone') return sql`exists (select 1 from ${locationZoneManagers} where ${locationZoneManagers.locationId} = ${locations.id} and ${locationZoneManagers.userId} = ${userId})`;
  return sql`true`;
}

const scopeOf = (clientId: number, kind: ScopeKind, userId: number, locationRequired = false): ClientScope => ({
  clientId,
  locations: visibleLocations(kind, userId),
  locationRequired,
  kind,
  userId,
});

export function clientScope(session: SessionUser, requestedClientId: number | undefined): ClientScope {
  if (isAdmin(session.rol)) {
    if (!requestedClientId) throw badRequest(REPORT_TEXT.pickClient, { clientId: REPORT_TEXT.pickClient });
    return scopeOf(requestedClientId, 'all', session.id);
  }
  const clientId = session.clientId;
  if (clientId === null || (requestedClientId !== undefined && requestedClientId !== clientId)) throw new HttpError(403, REPORT_TEXT.clientForbidden);
  if (session.rol === ROLE.FRANCHISE) return scopeOf(clientId, 'owner', session.id, true);
  if (session.rol === ROLE.ZONE_MANAGER) return scopeOf(clientId, 'zone', session.id);
  if (session.rol === ROLE.CLIENT) return scopeOf(clientId, 'all', session.id);
  throw new HttpError(403, REPORT_TEXT.clientForbidden);
}
