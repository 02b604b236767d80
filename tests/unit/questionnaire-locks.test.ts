import { describe, expect, it } from 'vitest';
import { LOCKED_TEXT, lockedChanges, lockedNodeIds } from '../../domain/questionnaire-locks';
import { problemErrors, problemLine } from '../../domain/questionnaire-weights';
import { type Dimension, finalizeQuestionnaire, newPenaltyDimension, newQuestion, type QuestionnaireContent, withType } from '../../domain/questionnaires';

/** A stored version: 'Atención' (two sub-dimensions with a question each) and 'Penalizaciones'. */
function stored(): QuestionnaireContent {
  const penalties = newPenaltyDimension();
  penalties._id = 'p';
  penalties.subDimensions.forEach((s, i) => (s._id = `p${i}`));
  const attention: Dimension = {
    _id: 'd1',
    name: 'Atención',
    weighting: 100,
    type: 'NORMAL',
    subDimensions: [
      { _id: 's1', name: 'Saludo inicial', weighting: 50, type: 'NORMAL', questions: [{ ...newQuestion(), _id: 'q1', name: '¿Lo saludaron?', weighting: 100 }] },
      { _id: 's2', name: 'Despedida', weighting: 50, type: 'NORMAL', questions: [{ ...newQuestion(), _id: 'q2', name: '¿Lo despidieron?', weighting: 100 }] },
    ],
  };
  return finalizeQuestionnaire({ name: 'Visita', questionnaire_version_type: 'Básico', dimensions: [attention, penalties] });
}

const changesAfter = (edit: (next: QuestionnaireContent) => void) => {
  const previous = stored();
  const next = structuredClone(previous);
  edit(next);
  return lockedChanges(previous, finalizeQuestionnaire(next));
};

describe('what a new version keeps of the one it replaces', () => {
  it('locks the dimensions and sub-dimensions the version has, not its questions or answers', () => {
    expect([...lockedNodeIds(stored())].sort()).toEqual(['d1', 'p', 'p0', 'p1', 's1', 's2']);
  });

  it('finds nothing in an unchanged version, nor in one saved with stray spaces around the names', () => {
    expect(changesAfter(() => undefined)).toEqual([]);
    expect(
      changesAfter((next) => {
        next.dimensions[0].name = '  Atención ';
        next.dimensions[0].subDimensions[1].name = 'Despedida ';
      }),
    ).toEqual([]);
  });

  it('refuses a renamed dimension or sub-dimension, naming it as it was, at the path the new version holds it', () => {
    const changes = changesAfter((next) => {
      next.dimensions[0].name = 'Servicio';
      next.dimensions[0].subDimensions.reverse();
      next.dimensions[0].subDimensions[0].name = 'Despedida cordial';
    });
    expect(problemErrors(changes)).toEqual({ 'dimensions.0.name': LOCKED_TEXT, 'dimensions.0.subDimensions.0.name': LOCKED_TEXT });
    expect(changes.map(problemLine)).toEqual([
      `Dimensión «Atención», nombre: ${LOCKED_TEXT}`,
      `Dimensión «Atención» › Subdimensión «Despedida», nombre: ${LOCKED_TEXT}`,
    ]);
  });

  it('refuses a changed type of a dimension or a sub-dimension', () => {
    const changes = changesAfter((next) => {
      next.dimensions[1].type = 'NORMAL';
      const [absolute, accumulative] = next.dimensions[1].subDimensions;
      [absolute.type, accumulative.type] = [accumulative.type, absolute.type];
    });
    expect(problemErrors(changes)).toEqual({
      'dimensions.1.type': LOCKED_TEXT,
      'dimensions.1.subDimensions.0.type': LOCKED_TEXT,
      'dimensions.1.subDimensions.1.type': LOCKED_TEXT,
    });
    expect(problemLine(changes[1])).toBe(`Dimensión «Penalizaciones» › Subdimensión «Penalización absoluta», tipo: ${LOCKED_TEXT}`);
  });

  it('lets weightings change, nodes be removed, reordered or added with any name, and questions change freely', () => {
    expect(
      changesAfter((next) => {
        const [attention] = next.dimensions;
        attention.weighting = 60;
        attention.subDimensions.reverse();
        attention.subDimensions[1].weighting = 70;
        attention.subDimensions[1].questions = [{ ...withType(attention.subDimensions[1].questions[0], 'open'), name: 'Otra pregunta' }];
        attention.subDimensions.push({ _id: 's3', name: 'Atención en caja', weighting: 0, type: 'NORMAL', questions: [] });
        next.dimensions.splice(1, 1, { _id: 'd2', name: 'Limpieza', weighting: 40, type: 'NORMAL', subDimensions: [] });
        next.dimensions.unshift({ _id: '', name: 'Sin id', weighting: 0, type: 'NORMAL', subDimensions: [] });
      }),
    ).toEqual([]);
  });

  it('takes a node whose id the previous version did not have as new, even where an old one was', () => {
    expect(changesAfter((next) => (next.dimensions[0] = { ...next.dimensions[0], _id: 'otra', name: 'Servicio' }))).toEqual([]);
  });
});

describe('the ids of a saved version', () => {
  it('are all distinct: a node sent with another’s id (a section copied whole) gets a new one, the first keeps its own', () => {
    const next = structuredClone(stored());
    const copy = structuredClone(next.dimensions[0]);
    copy.name = 'Atención (copia)';
    next.dimensions.splice(1, 0, copy);
    const saved = finalizeQuestionnaire(next);
    const ids = saved.dimensions.flatMap((d) => [d._id, ...d.subDimensions.flatMap((s) => [s._id, ...s.questions.flatMap((q) => [q._id, ...q.answers.map((a) => a._id)])])]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(saved.dimensions[0]._id).toBe('d1');
    expect(saved.dimensions[0].subDimensions.map((s) => s._id)).toEqual(['s1', 's2']);
    expect(saved.dimensions[1]._id).not.toBe('d1');
  });
});
