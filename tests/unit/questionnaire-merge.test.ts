/** Re-applying one person's edits on the version another person saved meanwhile (domain/questionnaire-merge.ts). */
import { describe, expect, it } from 'vitest';
import { mergeQuestionnaire } from '../../domain/questionnaire-merge';
import { lockedChanges } from '../../domain/questionnaire-locks';
import { questionnaireProblems } from '../../domain/questionnaire-weights';
import { type Dimension, finalizeQuestionnaire, newPenaltyDimension, newQuestion, type Question, type QuestionnaireContent, withType } from '../../domain/questionnaires';

const question = (id: string, name: string, weighting: number): Question => ({ ...newQuestion(), _id: id, name, weighting });

/** The version both people opened: 'Atención' with one sub-dimension of two questions (60 / 40), and 'Limpieza'. */
function opened(): QuestionnaireContent {
  const attention: Dimension = {
    _id: 'd1',
    name: 'Atención',
    weighting: 60,
    type: 'NORMAL',
    subDimensions: [{ _id: 's1', name: 'Saludo inicial', weighting: 100, type: 'NORMAL', questions: [question('q1', '¿Lo saludaron al entrar?', 60), question('q2', '¿Le ofrecieron ayuda?', 40)] }],
  };
  const cleaning: Dimension = {
    _id: 'd2',
    name: 'Limpieza',
    weighting: 40,
    type: 'NORMAL',
    subDimensions: [{ _id: 's2', name: 'Salón principal', weighting: 100, type: 'NORMAL', questions: [question('q3', '¿El piso estaba limpio?', 100)] }],
  };
  return finalizeQuestionnaire({ name: 'Visita a cafetería', questionnaire_version_type: 'Básico', dimensions: [attention, cleaning] });
}

/** Built once: its answers' ids are random. */
const OPENED = opened();
const base = () => structuredClone(OPENED);

const edited = (edit: (c: QuestionnaireContent) => void) => {
  const c = structuredClone(base());
  edit(c);
  return finalizeQuestionnaire(c);
};
const questionsOf = (c: QuestionnaireContent, d = 0, s = 0) => c.dimensions[d].subDimensions[s].questions.map((q) => [q._id, q.name, q.weighting]);

describe('re-applying my edits on the version saved meanwhile', () => {
  it('keeps both sides when they changed different things, with nothing to check', () => {
    const mine = edited((c) => {
      c.dimensions[0].subDimensions[0].questions[0].name = '¿Lo saludaron con una sonrisa?';
    });
    const theirs = edited((c) => {
      c.dimensions[1].subDimensions[0].questions[0].guide = 'Mirar debajo de las mesas.';
      c.name = 'Visita a cafetería (2026)';
    });
    const { content, notes } = mergeQuestionnaire(base(), mine, theirs);
    expect(notes).toEqual([]);
    expect(content.name).toBe('Visita a cafetería (2026)');
    expect(questionsOf(content)[0]).toEqual(['q1', '¿Lo saludaron con una sonrisa?', 60]);
    expect(content.dimensions[1].subDimensions[0].questions[0].guide).toBe('Mirar debajo de las mesas.');
    expect(questionnaireProblems(content)).toEqual([]);
  });

  it('keeps my value where both changed the same thing, and names it', () => {
    const mine = edited((c) => {
      c.dimensions[0].subDimensions[0].questions[0].weighting = 50;
      c.dimensions[0].subDimensions[0].questions[1].weighting = 50;
    });
    const theirs = edited((c) => {
      c.dimensions[0].subDimensions[0].questions[0].weighting = 70;
      c.dimensions[0].subDimensions[0].questions[1].weighting = 30;
    });
    const { content, notes } = mergeQuestionnaire(base(), mine, theirs);
    expect(questionsOf(content).map((q) => q[2])).toEqual([50, 50]);
    expect(notes).toEqual([
      'Pregunta «¿Lo saludaron al entrar?», ponderación: la otra persona también lo cambió; quedó el suyo.',
      'Pregunta «¿Le ofrecieron ayuda?», ponderación: la otra persona también lo cambió; quedó el suyo.',
    ]);
  });

  it('merges a question field by field: my weighting and their guide on the same question', () => {
    const mine = edited((c) => {
      c.dimensions[0].subDimensions[0].questions[1].weighting = 40;
      c.dimensions[0].subDimensions[0].questions[1].visibleToGetter = false;
    });
    const theirs = edited((c) => {
      c.dimensions[0].subDimensions[0].questions[1].guide = 'Preguntar si necesita algo más.';
    });
    const { content, notes } = mergeQuestionnaire(base(), mine, theirs);
    const q = content.dimensions[0].subDimensions[0].questions[1];
    expect([notes, q.weighting, q.visibleToGetter, q.answerRequired, q.guide]).toEqual([[], 40, false, false, 'Preguntar si necesita algo más.']);
  });

  it('takes a question whose type one side changed whole, and names it if the other changed it too', () => {
    const mine = edited((c) => {
      const q = c.dimensions[0].subDimensions[0].questions[1];
      c.dimensions[0].subDimensions[0].questions[1] = { ...withType(q, 'text'), name: q.name };
    });
    const theirs = edited((c) => {
      c.dimensions[0].subDimensions[0].questions[1].answers[0].answer = 'Sí, enseguida';
    });
    const { content, notes } = mergeQuestionnaire(base(), mine, theirs);
    expect([content.dimensions[0].subDimensions[0].questions[1].type, content.dimensions[0].subDimensions[0].questions[1].answers]).toEqual(['text', []]);
    expect(notes).toEqual(['Pregunta «¿Le ofrecieron ayuda?»: la otra persona también la cambió; quedó como usted la dejó.']);
  });

  it('takes a change both made alike without a note', () => {
    const change = (c: QuestionnaireContent) => {
      c.dimensions[0].weighting = 50;
      c.dimensions[1].weighting = 50;
    };
    const { content, notes } = mergeQuestionnaire(base(), edited(change), edited(change));
    expect([notes, content.dimensions.map((d) => d.weighting)]).toEqual([[], [50, 50]]);
  });

  it('adds what each one added, mine after the question it followed', () => {
    const mine = edited((c) => {
      c.dimensions[0].subDimensions[0].questions.splice(1, 0, question('mine', '¿Le dijeron su nombre?', 0));
    });
    const theirs = edited((c) => {
      c.dimensions[0].subDimensions[0].questions.push(question('theirs', '¿Le ofrecieron la carta?', 0));
      c.dimensions.push({ _id: 'd3', name: 'Caja', weighting: 0, type: 'NORMAL', subDimensions: [] });
    });
    const { content, notes } = mergeQuestionnaire(base(), mine, theirs);
    expect(notes).toEqual([]);
    expect(questionsOf(content).map((q) => q[0])).toEqual(['q1', 'mine', 'q2', 'theirs']);
    expect(content.dimensions.map((d) => d._id)).toEqual(['d1', 'd2', 'd3']);
  });

  it('removes what one removed and the other left alone', () => {
    const mine = edited((c) => {
      c.dimensions[0].subDimensions[0].questions.splice(1, 1);
    });
    const theirs = edited((c) => {
      c.dimensions.splice(1, 1);
    });
    const { content, notes } = mergeQuestionnaire(base(), mine, theirs);
    expect([notes, content.dimensions.map((d) => d._id), questionsOf(content).map((q) => q[0])]).toEqual([[], ['d1'], ['q1']]);
  });

  it('keeps, and names, what one removed and the other changed', () => {
    const mine = edited((c) => {
      c.dimensions[0].subDimensions[0].questions.splice(1, 1);
      c.dimensions[1].subDimensions[0].questions[0].name = '¿El piso y las mesas estaban limpios?';
    });
    const theirs = edited((c) => {
      c.dimensions[0].subDimensions[0].questions[1].name = '¿Le ofrecieron ayuda al entrar?';
      c.dimensions.splice(1, 1);
    });
    const { content, notes } = mergeQuestionnaire(base(), mine, theirs);
    expect(questionsOf(content).map((q) => q[1])).toEqual(['¿Lo saludaron al entrar?', '¿Le ofrecieron ayuda al entrar?']);
    expect(content.dimensions[1].subDimensions[0].questions[0].name).toBe('¿El piso y las mesas estaban limpios?');
    expect(notes).toEqual([
      'Pregunta «¿Le ofrecieron ayuda al entrar?»: usted la eliminó, pero la otra persona la modificó; se conserva con esos cambios.',
      'Dimensión «Limpieza»: la otra persona la eliminó, pero usted la modificó; se conserva con sus cambios.',
    ]);
  });

  it('keeps my order when only I moved questions, theirs when they did', () => {
    const swap = (c: QuestionnaireContent) => c.dimensions[0].subDimensions[0].questions.reverse();
    const mine = edited(swap);
    const theirs = edited((c) => {
      c.dimensions[0].subDimensions[0].questions[0].guide = 'Desde la puerta.';
    });
    expect(questionsOf(mergeQuestionnaire(base(), mine, theirs).content).map((q) => q[0])).toEqual(['q2', 'q1']);
    expect(questionsOf(mergeQuestionnaire(base(), theirs, mine).content).map((q) => q[0])).toEqual(['q2', 'q1']);
  });

  it('says so when both reordered the same questions differently (theirs stays), and not when both did the same', () => {
    const withThree = (c: QuestionnaireContent) => c.dimensions[0].subDimensions[0].questions.push(question('q4', '¿Le sonrieron?', 0));
    const start = edited(withThree);
    // Each side reorders the same three questions (their answers' ids made once, in `start`).
    const order = (ids: string[]) => {
      const c = structuredClone(start);
      const qs = c.dimensions[0].subDimensions[0].questions;
      c.dimensions[0].subDimensions[0].questions = ids.map((id) => qs.find((q) => q._id === id)!);
      return finalizeQuestionnaire(c);
    };
    const mine = order(['q4', 'q1', 'q2']);
    const crossed = mergeQuestionnaire(start, mine, order(['q2', 'q1', 'q4']));
    expect(questionsOf(crossed.content).map((q) => q[0])).toEqual(['q2', 'q1', 'q4']);
    expect(crossed.notes).toEqual(['Las preguntas de Subdimensión «Saludo inicial»: la otra persona también cambió su orden; quedó el orden de la otra persona.']);
    expect(mergeQuestionnaire(start, mine, order(['q4', 'q1', 'q2'])).notes).toEqual([]);
  });

  it('leaves one penalty dimension, last, with the questions both added to it', () => {
    const addPenalties = (id: string, q: Question) => (c: QuestionnaireContent) => {
      const p = newPenaltyDimension();
      p._id = id;
      p.subDimensions[1].questions.push({ ...q, type: 'penalty', weighting: 10, answers: [] });
      c.dimensions.push(p);
    };
    const mine = edited((c) => {
      addPenalties('pm', question('pq1', '¿Hubo demoras en la caja?', 10))(c);
      c.dimensions.splice(1, 0, { _id: 'd9', name: 'Caja', weighting: 0, type: 'NORMAL', subDimensions: [] });
    });
    const theirs = edited(addPenalties('pt', question('pq2', '¿Faltaba el cartel de precios?', 10)));
    const { content, notes } = mergeQuestionnaire(base(), mine, theirs);
    expect(content.dimensions.map((d) => d._id)).toEqual(['d1', 'd9', 'd2', 'pt']);
    expect(content.dimensions[3].subDimensions[1].questions.map((q) => q._id)).toEqual(['pq2', 'pq1']);
    expect(notes).toEqual(['Penalizaciones: las agregaron los dos; quedó una sola, con las preguntas de ambos.']);
  });

  it('gives a tree the server takes as a new version of theirs (names and types of their nodes kept)', () => {
    const mine = edited((c) => {
      c.dimensions[0].subDimensions.push({ _id: 's9', name: 'Despedida', weighting: 0, type: 'NORMAL', questions: [] });
    });
    const theirs = edited((c) => {
      c.dimensions[1].subDimensions.push({ _id: 's8', name: 'Baños', weighting: 0, type: 'NORMAL', questions: [] });
    });
    const { content } = mergeQuestionnaire(base(), mine, theirs);
    expect(lockedChanges(theirs, finalizeQuestionnaire(content))).toEqual([]);
    expect(content.dimensions.map((d) => d.subDimensions.map((s) => s._id))).toEqual([['s1', 's9'], ['s2', 's8']]);
  });
});
