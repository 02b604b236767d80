/** The questionnaire editor's kept work: taken back only when it is one, for the user logged in. */
import { describe, expect, it } from 'vitest';
import { draftsTab } from './memoryStorage';
import { keepDrafts, lendDraft } from '../../src/authProvider/drafts';
import { questionnaireDraftOf } from '../../src/resources/questionnaires/editor/draft';

const content = { name: 'Atención al cliente', questionnaire_version_type: 'Básico', dimensions: [] };
draftsTab({ loggedIn: true });

const keep = (path: string, values: unknown, userId = 1) => {
  const takeBack = lendDraft(() => ({ path, userId, values }));
  keepDrafts();
  takeBack();
};

describe('questionnaireDraftOf', () => {
  it('takes back an edit with the versions it was built on, and a new one without them', () => {
    keep('/questionnaires/edit?id=4', { content, version: 2, lastVersion: 3 });
    keep('/questionnaires/add', { content });
    expect(questionnaireDraftOf('/questionnaires/edit?id=4')).toEqual({ content, version: 2, lastVersion: 3 });
    expect(questionnaireDraftOf('/questionnaires/add')).toEqual({ content, version: undefined, lastVersion: undefined });
    expect(questionnaireDraftOf('/questionnaires/edit?id=5')).toBeNull();
  });

  it('leaves what is not an editor’s work: another form’s values, a version without its last version, no dimensions', () => {
    keep('/a', { address: 'Calle 1' });
    keep('/b', { content, version: 2 });
    keep('/c', { content: { name: 'X' } });
    keep('/d', { content, version: 0, lastVersion: 1 });
    for (const page of ['/a', '/b', '/c', '/d']) expect(questionnaireDraftOf(page)).toBeNull();
  });

  it("is another user's only for that user", () => {
    keep('/questionnaires/add', { content }, 2);
    expect(questionnaireDraftOf('/questionnaires/add')).toBeNull();
  });
});
