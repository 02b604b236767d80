import { eq, inArray, or } from 'drizzle-orm';
import { ASSIGN_TEXT } from '../../../domain/assignment';
import type { Tx } from '../../db/client';
import { inIds } from '../../db/list';
import { locations, projectLocations, userMoves } from '../../db/schema';
import { conflict } from '../../http';

/**
 * A point of sale deactivated after it joined a project is listed with it but gets no Getter: neither
 * its stock moves nor its published visits go to one. 409 naming the points of sale (a few), before
 * anything is written. Assignments and a republished move's copy alike.
 */
export async function refuseInactiveLocations(tx: Tx, of: { moveIds?: readonly number[]; projectLocationIds?: readonly number[] }) {
  const moveIds = of.moveIds ?? [];
  const plIds = of.projectLocationIds ?? [];
  if (!moveIds.length && !plIds.length) return;
  const ofMoves = tx.select({ id: userMoves.projectLocationId }).from(userMoves).where(inIds(userMoves.id, moveIds));
  // Every point of sale involved, active or not, held (SHARE, in id order) until the assignment commits:
  // a deactivation meanwhile waits for it, and one committed just before is read here. Locking only the
  // inactive ones would let a deactivation slip in between this check and the writes.
  const involved = await tx
    .select({ id: locations.id, name: locations.fullName, active: locations.status })
    .from(projectLocations)
    .innerJoin(locations, eq(locations.id, projectLocations.locationId))
    .where(or(moveIds.length ? inArray(projectLocations.id, ofMoves) : undefined, plIds.length ? inIds(projectLocations.id, plIds) : undefined))
    .orderBy(locations.id)
    .for('share', { of: locations });
  const inactive = [...new Set(involved.filter((l) => !l.active).map((l) => l.name))].sort((a, b) => a.localeCompare(b, 'es')).slice(0, 5);
  if (inactive.length) throw conflict(ASSIGN_TEXT.locationInactive(inactive));
}
