/** What a project points to: each reference must exist and belong; a new choice must also be usable. */
import { eq } from 'drizzle-orm';
import { pricedCategory } from '../../../domain/movesConfig';
import type { ProjectSnapshot } from '../../../domain/projects';
import type { Tx } from '../../db/client';
import { campaigns, clients, guidelines, moveConfigurations, questionnaires } from '../../db/schema';
import { badRequest, INVALID_DATA } from '../../http';

export const REFERENCE_TEXT = {
  clientNotFound: 'El cliente no existe.',
  clientInactive: 'El cliente está inactivo.',
  campaignNotFound: 'La campaña no existe o no es de este cliente.',
  campaignDisabled: 'La campaña está inhabilitada.',
  moveNotFound: 'La configuración de move no existe.',
  moveDisabled: 'La configuración de move está deshabilitada.',
  questionnaireNotFound: 'El cuestionario no existe.',
  guidelineNotFound: 'El instructivo no existe.',
  guidelineEnded: 'Esa versión del instructivo ya no está vigente.',
} as const;

type Refs = Pick<ProjectSnapshot, 'clientId' | 'campaignId' | 'moveConfigurationId' | 'questionnaireId' | 'guidelineId'>;

/**
 * Checks the references of a new or edited project (`current` in EDIT: a reference kept as it was
 * stays valid even if it was disabled since). Answers the campaign's dates and whether the move
 * configuration carries a price.
 */
export async function checkReferences(tx: Tx, body: Refs, current?: Refs): Promise<{ campaign: { startDate: string; endDate: string }; priced: boolean }> {
  const kept = (key: keyof Refs) => current !== undefined && current[key] === body[key];
  const errors: Record<string, string> = {};
  // One after the other: inside a transaction the queries share one connection. The campaign and the
  // move configuration are held (KEY SHARE) until the project is written: an edit that locks either to
  // count its projects (FOR UPDATE: a campaign's client, a configuration's fields) waits for this one.
  const [client] = await tx.select({ state: clients.state }).from(clients).where(eq(clients.id, body.clientId));
  const [campaign] = await tx
    .select({ clientId: campaigns.clientId, startDate: campaigns.startDate, endDate: campaigns.endDate, deletedAt: campaigns.deletedAt })
    .from(campaigns)
    .where(eq(campaigns.id, body.campaignId))
    .for('key share');
  const [move] = await tx
    .select({ status: moveConfigurations.status, category: moveConfigurations.category })
    .from(moveConfigurations)
    .where(eq(moveConfigurations.id, body.moveConfigurationId))
    .for('key share');
  // The questionnaire and the guideline too, SHARE: removing a questionnaire's last version (FOR UPDATE)
  // or ending a guideline (a plain UPDATE) waits until the project is written, and then sees it; or,
  // done first, is seen here (a locking read reads the last committed row), and refused as removed.
  const [questionnaire] = await tx.select({ removedAt: questionnaires.removedAt }).from(questionnaires).where(eq(questionnaires.id, body.questionnaireId)).for('share');
  const [guideline] = await tx.select({ deletedAt: guidelines.deletedAt }).from(guidelines).where(eq(guidelines.id, body.guidelineId)).for('share');
  if (!client) errors.clientId = REFERENCE_TEXT.clientNotFound;
  else if (!client.state && !kept('clientId')) errors.clientId = REFERENCE_TEXT.clientInactive;
  if (!campaign || campaign.clientId !== body.clientId) errors.campaignId = REFERENCE_TEXT.campaignNotFound;
  else if (campaign.deletedAt && !kept('campaignId')) errors.campaignId = REFERENCE_TEXT.campaignDisabled;
  if (!move) errors.moveConfigurationId = REFERENCE_TEXT.moveNotFound;
  else if (!move.status && !kept('moveConfigurationId')) errors.moveConfigurationId = REFERENCE_TEXT.moveDisabled;
  if (!questionnaire || (questionnaire.removedAt && !kept('questionnaireId'))) errors.questionnaireId = REFERENCE_TEXT.questionnaireNotFound;
  if (!guideline) errors.guidelineId = REFERENCE_TEXT.guidelineNotFound;
  else if (guideline.deletedAt && !kept('guidelineId')) errors.guidelineId = REFERENCE_TEXT.guidelineEnded;
  if (Object.keys(errors).length) throw badRequest(INVALID_DATA, errors);
  return { campaign: { startDate: campaign!.startDate, endDate: campaign!.endDate }, priced: pricedCategory(move!.category) };
}
