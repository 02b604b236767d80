import type { QuestionnaireContent } from '../../../../domain/questionnaires';
import { draftHere } from '../../../authProvider/drafts';

/**
 * The questionnaire editor's work kept when the session ended under it (authProvider/drafts.ts): the
 * form's content and, editing a questionnaire, the version it was built on and the questionnaire's last
 * version then.
 */
export interface QuestionnaireDraft {
  content: QuestionnaireContent;
  version?: number;
  lastVersion?: number;
}

const isVersion = (n: unknown) => n === undefined || (Number.isInteger(n) && (n as number) > 0);

/** The draft of this page kept for the user logged in, if it is an editor's (anything else is left). */
export function questionnaireDraftOf(page: string): QuestionnaireDraft | null {
  const values = draftHere(page)?.values;
  if (typeof values !== 'object' || values === null) return null;
  const { content, version, lastVersion } = values as Partial<QuestionnaireDraft>;
  if (typeof content !== 'object' || content === null || !Array.isArray(content.dimensions) || typeof content.name !== 'string') return null;
  if (!isVersion(version) || !isVersion(lastVersion) || (version === undefined) !== (lastVersion === undefined)) return null;
  return { content, version, lastVersion };
}
