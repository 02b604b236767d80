/**
 * The clients and project a report's or the stock's filter names must exist, and the project be of one of
 * those clients: a filter of a client that is no client answered 200 with an empty report, as if the
 * client had nothing approved.
 */
import { eq, inArray } from 'drizzle-orm';
import { MOVE_FORM_TEXT } from '../../../domain/move-forms';
import { PROJECT_TEXT } from '../../../domain/projects';
import type { Db } from '../../db/client';
import { clients, projects } from '../../db/schema';
import { badRequest, notFound } from '../../http';

/** A 404 in the API's words ('El cliente no existe.', 'El proyecto no existe.') for the first one missing. */
export async function checkFilterRefs(db: Db, { clientIds = [], projectId }: { clientIds?: number[]; projectId?: number }): Promise<void> {
  const [found, project] = await Promise.all([
    clientIds.length ? db.select({ id: clients.id }).from(clients).where(inArray(clients.id, clientIds)) : [],
    projectId === undefined ? [] : db.select({ id: projects.id, clientId: projects.clientId }).from(projects).where(eq(projects.id, projectId)),
  ]);
  const present = new Set(found.map((c) => c.id));
  const missing = [...new Set(clientIds)].filter((id) => !present.has(id));
  if (missing.length) throw notFound(MOVE_FORM_TEXT.unknownClients(missing, new Set(clientIds).size));
  if (projectId !== undefined && !project.length) throw notFound(PROJECT_TEXT.notFound);
  // A project of none of the clients named: the filters cannot both hold, and the empty answer read as
  // "nothing approved yet".
  if (project.length && clientIds.length && !clientIds.some((id) => id === project[0].clientId)) {
    const message = MOVE_FORM_TEXT.projectOfOtherClient(new Set(clientIds).size);
    throw badRequest(message, { projectId: message });
  }
}
