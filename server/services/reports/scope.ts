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

export interface ClientScope {
  clientId: number;
  /** Holds for the locations the user may see (of any client: pair it with the client's). */
  locations: SQL;
  /** A franchise user must choose its point of sale before the report answers (spec 3 §5). */
  locationRequired: boolean;
}

export function clientScope(session: SessionUser, requestedClientId: number | undefined): ClientScope {
  if (isAdmin(session.rol)) {
    if (!requestedClientId) throw badRequest(REPORT_TEXT.pickClient, { clientId: REPORT_TEXT.pickClient });
    return { clientId: requestedClientId, locations: sql`true`, locationRequired: false };
  }
  const clientId = session.clientId;
  if (clientId === null || (requestedClientId !== undefined && requestedClientId !== clientId)) throw new HttpError(403, REPORT_TEXT.clientForbidden);
  if (session.rol === ROLE.FRANCHISE) return { clientId, locations: sql`${locations.ownerId} = ${session.id}`, locationRequired: true };
  if (session.rol === ROLE.ZONE_MANAGER) {
    return {
      clientId,
      locations: sql`exists (select 1 from ${locationZoneManagers} where ${locationZoneManagers.locationId} = ${locations.id} and ${locationZoneManagers.userId} = ${session.id})`,
      locationRequired: false,
    };
  }
  if (session.rol === ROLE.CLIENT) return { clientId, locations: sql`true`, locationRequired: false };
  throw new HttpError(403, REPORT_TEXT.clientForbidden);
}
