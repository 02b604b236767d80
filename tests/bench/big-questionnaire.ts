/** A valid questionnaire of 300 questions for the editor's benchmark. */
import { problemLine, questionnaireProblems } from '../../domain/questionnaire-weights';
import { type Dimension, finalizeQuestionnaire, newQuestion, type QuestionnaireContent, withType } from '../../domain/questionnaires';

export const QUESTIONS = 300;

/** 5 dimensions × 3 sub-dimensions × 20 questions (close, open and accumulative), weightings that sum. */
export function bigQuestionnaire(name: string): QuestionnaireContent {
  const dimensions: Dimension[] = Array.from({ length: 5 }, (_, d) => ({
    _id: `d${d}`,
    name: `Dimensión ${d + 1}`,
    weighting: 20,
    type: 'NORMAL',
    subDimensions: Array.from({ length: 3 }, (_, s) => ({
      _id: `d${d}s${s}`,
      name: `Subdimensión ${d + 1}.${s + 1}`,
      weighting: s === 2 ? 33.34 : 33.33,
      type: 'NORMAL',
      questions: Array.from({ length: QUESTIONS / 15 }, (_, q) => {
        const type = q % 5 === 3 ? 'open' : q % 5 === 4 ? 'accumulative' : 'close';
        const question = { ...withType(newQuestion(), type), name: `¿Se cumplió el punto de control ${d + 1}.${s + 1}.${q + 1} durante la visita?`, weighting: 5 };
        if (type === 'open') question.answers = question.answers.map((a, i) => ({ ...a, weighting: i === 0 ? 100 : 0 }));
        return { ...question, guide: 'Observe el punto de control sin avisar al personal.' };
      }),
    })),
  }));
  const content = finalizeQuestionnaire({ name, questionnaire_version_type: 'Complejo', dimensions });
  const problems = questionnaireProblems(content);
  if (problems.length) throw new Error(`The benchmark questionnaire is invalid: ${problemLine(problems[0])}`);
  return content;
}
