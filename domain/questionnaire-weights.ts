/**
 * The questionnaire's rules (spec 2 §5, §8, §9), written once: the console checks them inline and
 * before its confirmation, the server refuses a questionnaire that breaks one (400, same words).
 */
import {
  type Answer,
  type Dimension,
  hasWrongCloseAnswers,
  NOT_APPLICABLE,
  type Question,
  type QuestionnaireContent,
  type QuestionType,
  type SubDimension,
  type SubDimensionType,
} from './questionnaires';
import { foldText } from './fold';
import { MSG, nameKey } from './validation';
import { formatCount } from './numbers';

const orNoName = (name: string) => name.trim() || 'SIN NOMBRE';

export const QUESTIONNAIRE_TEXT = {
  dimensionsSum: 'Revise las ponderaciones que suman las dimensiones',
  dimensionSum: (name: string) => `Revise las ponderaciones dentro de la dimensión ${orNoName(name)}`,
  subDimensionSum: (name: string) => `Revise las ponderaciones dentro de la subdimensión ${orNoName(name)}`,
  answersSum: (name: string) => `Revise las ponderaciones de las respuestas de la pregunta ${orNoName(name)}`,
  mustSum100: 'Las ponderaciones deben sumar 100',
  mustSumAtLeast100: 'Las ponderaciones deben sumar al menos 100',
  required: 'Este campo es requerido',
  tooShort: 'El campo es demasiado corto',
  tooLong: 'El campo es demasiado largo',
  negativeOnlyNA: 'Sólo puede ser menor a cero en el caso de preguntas N/A',
  max100: 'No puede ser mayor a 100',
  notANumber: MSG.number,
  range0to100: MSG.weighting,
  penaltyAccumulative: 'La penalización acumulativa debe estar entre 1 y 99',
  penaltyAbsolute: 'La penalización absoluta debe ser 100',
  photoCount: 'Debe ser un número mayor o igual a 1',
  fewAnswers: 'Agregue al menos dos respuestas',
  onePhotoAnswer: 'Una pregunta de fotos tiene una sola respuesta: la cantidad de fotos',
  threeCloseAnswers: 'Una pregunta Opciones SI, NO, N/A tiene sus tres respuestas: ni más ni menos',
  restoreClose: 'Restaurar Sí, No y N/A',
  wrongCloseOpened: (count: number) =>
    count === 1
      ? 'Una pregunta Opciones SI, NO, N/A de esta versión no tiene sus tres respuestas (Sí, No y N/A): así no se puede registrar una nueva versión.'
      : `${formatCount(count)} preguntas Opciones SI, NO, N/A de esta versión no tienen sus tres respuestas (Sí, No y N/A): así no se puede registrar una nueva versión.`,
  wrongCloseHow: 'Restaurarlas conserva las respuestas Sí, No y N/A que tengan (con su ponderación y su guía), agrega las que falten y quita las demás.',
  closeRestored: (count: number) =>
    count === 1
      ? 'Se restauraron las respuestas Sí, No y N/A de 1 pregunta: revise su ponderación y envíe el cuestionario para registrarlo.'
      : `Se restauraron las respuestas Sí, No y N/A de ${formatCount(count)} preguntas: revise sus ponderaciones y envíe el cuestionario para registrarlo.`,
  wrongType: 'Este tipo de pregunta no corresponde a la subdimensión',
  onePenalty: 'Sólo puede existir una dimensión de penalizaciones',
  penaltyShape: 'La dimensión de penalizaciones tiene sólo sus dos subdimensiones fijas',
  /** Sent by hand: a dimension that scores with a penalty sub-dimension in it. */
  penaltyOutside: 'Las subdimensiones de penalización van sólo en la dimensión de penalizaciones',
  noDimensions: 'Agregue al menos una dimensión',
  noSubDimensions: 'Agregue al menos una subdimensión',
  noQuestions: 'Agregue al menos una pregunta',
  reminder:
    'Recuerda que todos los campos deben estar llenos y que las sumas de las ponderaciones de una misma sección no pueden sumar más de cien (100)',
  confirm: 'Desea registrar el cuestionario en la base de datos?',
  /** Two dimensions, or two sub-dimensions of one dimension, that read the same: the review, the PDF and the reports tell them apart by name. */
  repeatedDimension: 'Ya hay otra dimensión con ese nombre en el cuestionario.',
  repeatedSubDimension: 'Ya hay otra subdimensión con ese nombre en esta dimensión.',
  moreProblems: (count: number) => (count === 1 ? 'Y 1 problema más, marcado en rojo.' : `Y ${formatCount(count)} problemas más, marcados en rojo.`),
  loading: 'Verificando la información del cuestionario, esto puede tardar unos segundos.',
} as const;

const T = QUESTIONNAIRE_TEXT;

/** The lengths of spec 2 §5 and §9 (the questionnaire's and dimension's names are ours). */
export const LENGTHS = {
  questionnaireName: { min: 3, max: 120 },
  dimensionName: { min: 1, max: 60 },
  subDimensionName: { min: 5, max: 60 },
  questionName: { min: 5, max: 1000 },
  answer: { min: 2, max: 200 },
  guide: { min: 10, max: 600 },
} as const;

/** A required text between min and max characters (trimmed). */
export function checkText(value: string, { min, max }: { min: number; max: number }): string | undefined {
  const text = value.trim();
  if (!text) return T.required;
  if (text.length < min) return T.tooShort;
  if (text.length > max) return T.tooLong;
  return undefined;
}

/** A guide is optional; when written, 10 to 600 characters. */
export const checkGuide = (value: string) => (value.trim() ? checkText(value, LENGTHS.guide) : undefined);

/** Dimension and sub-dimension weightings: required, 0 to 100. */
export function checkSectionWeighting(w: number | null): string | undefined {
  if (w === null) return T.required;
  if (Number.isNaN(w)) return T.notANumber;
  if (w < 0 || w > 100) return T.range0to100;
  return undefined;
}

/** A question's weighting: -1 (N/A) or 0 to 100; in penalty sub-dimensions 1–99 or exactly 100. */
export function checkQuestionWeighting(w: number | null, subDimensionType: SubDimensionType = 'NORMAL'): string | undefined {
  if (w === null) return T.required;
  if (Number.isNaN(w)) return T.notANumber;
  if (subDimensionType === 'PENALTY_ACCUMULATIVE') return w >= 1 && w <= 99 ? undefined : T.penaltyAccumulative;
  if (subDimensionType === 'PENALTY_ABSOLUTE') return w === 100 ? undefined : T.penaltyAbsolute;
  if (w < 0 && w !== NOT_APPLICABLE) return T.negativeOnlyNA;
  if (w > 100) return T.max100;
  return undefined;
}

/** An answer's weighting: -1 to 100 (open, close, multiple, photos); 0 to 100 (accumulative, penalty). */
export function checkAnswerWeighting(w: number | null, type: QuestionType): string | undefined {
  if (w === null) return T.required;
  if (Number.isNaN(w)) return T.notANumber;
  if (type === 'accumulative' || type === 'penalty') return w < 0 || w > 100 ? T.range0to100 : undefined;
  if (w < 0 && w !== NOT_APPLICABLE) return T.negativeOnlyNA;
  if (w > 100) return T.max100;
  return undefined;
}

/** The photo count: a number of at least 1 (the legacy pattern allowed decimals). */
export function checkPhotoCount(value: string): string | undefined {
  const text = value.trim();
  if (!text) return T.required;
  return /^\d+(\.\d+)?$/.test(text) && Number(text) >= 1 ? undefined : T.photoCount;
}

/** -1 counts as 0; an empty weighting, or one that is no number (its own field says so), is skipped. */
export const sumWeightings = (weightings: readonly (number | null)[]) => weightings.reduce<number>((sum, w) => (w === null || Number.isNaN(w) ? sum : sum + Math.max(w, 0)), 0);

/** Sums are compared with a tolerance so that 33.33 + 33.33 + 33.34 is 100. */
export const isHundred = (sum: number) => Math.abs(sum - 100) < 1e-6;

/** Dimensions, or the sub-dimensions of one dimension: the non-empty weightings sum to 100. */
export const sectionSumOk = (weightings: readonly (number | null)[]) => isHundred(sumWeightings(weightings));

/** Questions of a sub-dimension: sum to 100, unless every one is -1. */
export const questionsSumOk = (weightings: readonly (number | null)[]) => weightings.every((w) => w === NOT_APPLICABLE) || isHundred(sumWeightings(weightings));

/** Answers of a question: open ones sum at least 100, accumulative ones exactly 100 (-1 excluded). */
export function answersSumProblem(type: QuestionType, weightings: readonly (number | null)[]): string | undefined {
  const sum = sumWeightings(weightings);
  if (type === 'open') return sum >= 100 - 1e-6 ? undefined : T.mustSumAtLeast100;
  if (type === 'accumulative') return isHundred(sum) ? undefined : T.mustSum100;
  return undefined;
}

export interface Problem {
  /** Where the value lives in the form and the request: 'dimensions.0.subDimensions.1.name'. */
  path: string;
  message: string;
  /** The field's place, in words, for the error dialog. */
  where: string;
  /** A weighting sum (its message already names its place). */
  sum: boolean;
}

/** A line of the error dialog. */
export const problemLine = (p: Problem) => (p.sum ? p.message : `${p.where}: ${p.message}`);

/** How many messages the error dialog lists before saying how many more there are. */
export const SHOWN_PROBLEMS = 5;

/** The error dialog's lines: up to SHOWN_PROBLEMS messages, how many more, then the spec's reminder (spec 2 §8). */
export function problemDialogLines(messages: readonly string[]): string[] {
  const unique = [...new Set(messages)];
  const shown = unique.slice(0, SHOWN_PROBLEMS);
  const more = unique.length - shown.length;
  return [...shown, ...(more > 0 ? [T.moreProblems(more)] : []), T.reminder];
}

/** `{ path: message }`, the first message of each path. */
export function problemErrors(problems: readonly Problem[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of problems) if (!(p.path in out)) out[p.path] = p.message;
  return out;
}

const quoted = (label: string, name: string) => `${label} «${orNoName(name)}»`;

/**
 * Every rule broken by a (finalized) questionnaire: the weighting sums first, in the order of the
 * tree, then the fields. Empty when it can be saved.
 */
export function questionnaireProblems(content: QuestionnaireContent): Problem[] {
  const sums: Problem[] = [];
  const fields: Problem[] = [];
  const field = (path: string, where: string, message: string | undefined) => {
    if (message) fields.push({ path, message, where, sum: false });
  };
  const sum = (path: string, message: string) => sums.push({ path, message, where: '', sum: true });

  field('name', 'Nombre del cuestionario', checkText(content.name, LENGTHS.questionnaireName));
  if (content.dimensions.length === 0) field('dimensions', 'Dimensiones', T.noDimensions);
  const normal = content.dimensions.filter((d) => d.type !== 'PENALTY');
  // Only the penalty dimension (no dimension that scores) sums 0, not 100.
  if (content.dimensions.length && !sectionSumOk(normal.map((d) => d.weighting))) sum('dimensions', T.dimensionsSum);
  if (content.dimensions.length - normal.length > 1) field('dimensions', 'Dimensiones', T.onePenalty);

  content.dimensions.forEach((d, i) => checkDimension(d, `dimensions.${i}`, sum, field));
  return [...sums, ...fields];
}

type SumSink = (path: string, message: string) => void;
type FieldSink = (path: string, where: string, message: string | undefined) => void;

function checkDimension(d: Dimension, path: string, sum: SumSink, field: FieldSink) {
  const where = quoted('Dimensión', d.name);
  if (d.type === 'PENALTY') {
    const types = d.subDimensions.map((s) => s.type).sort();
    if (types.join() !== 'PENALTY_ABSOLUTE,PENALTY_ACCUMULATIVE') field(`${path}.subDimensions`, where, T.penaltyShape);
  } else {
    field(`${path}.name`, `${where}, nombre`, checkText(d.name, LENGTHS.dimensionName));
    field(`${path}.weighting`, `${where}, ponderación`, checkSectionWeighting(d.weighting));
    if (d.subDimensions.some((s) => s.type !== 'NORMAL')) field(`${path}.subDimensions`, where, T.penaltyOutside);
    // Empty, its sub-dimensions sum 0: what is missing is a sub-dimension, not a weighting to fix.
    if (d.subDimensions.length === 0) field(`${path}.subDimensions`, where, T.noSubDimensions);
    else if (d.weighting !== null && !sectionSumOk(d.subDimensions.map((s) => s.weighting))) sum(`${path}.subDimensions`, T.dimensionSum(d.name));
  }
  d.subDimensions.forEach((s, j) => checkSubDimension(s, d.type === 'PENALTY', `${path}.subDimensions.${j}`, `${where} › `, sum, field));
}

function checkSubDimension(s: SubDimension, inPenalty: boolean, path: string, parent: string, sum: SumSink, field: FieldSink) {
  const where = `${parent}${quoted('Subdimensión', s.name)}`;
  // The penalty ones too: a sub-dimension's name (5 to 60) is what the review, the PDF and the reports show.
  field(`${path}.name`, `${where}, nombre`, checkText(s.name, LENGTHS.subDimensionName));
  if (!inPenalty) {
    field(`${path}.weighting`, `${where}, ponderación`, checkSectionWeighting(s.weighting));
    // Empty, it would pass the sum (no question is not -1) and score a share of its dimension with
    // nothing to answer: what is missing is a question. The penalty sub-dimensions may stay empty.
    if (s.questions.length === 0) field(`${path}.questions`, where, T.noQuestions);
    else if (s.weighting !== null && !questionsSumOk(s.questions.map((q) => q.weighting))) sum(`${path}.questions`, T.subDimensionSum(s.name));
  }
  s.questions.forEach((q, k) => checkQuestion(q, s.type, `${path}.questions.${k}`, `${where} › Pregunta ${k + 1}`, sum, field));
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * The dimensions of the questionnaire, and the sub-dimensions of each dimension, whose name another one
 * before it already has (capitals, accents and spaces aside): a reviewer, the move's PDF, a client's
 * dashboard tell them apart only by name. Two that the version it replaces already had (`kept`, by id),
 * whose names a new version may not change, are left as they are.
 */
export function repeatedNames(content: Pick<QuestionnaireContent, 'dimensions'>, kept: ReadonlySet<string> = new Set()): Problem[] {
  const out: Problem[] = [];
  const repeated = <T extends { _id: string; name: string }>(nodes: readonly T[], each: (node: T, index: number) => void) => {
    const seen = new Map<string, T[]>();
    nodes.forEach((node, index) => {
      const key = foldText(nameKey(node.name));
      const earlier = seen.get(key) ?? [];
      if (key && earlier.some((other) => !(kept.has(other._id) && kept.has(node._id)))) each(node, index);
      seen.set(key, [...earlier, node]);
    });
  };
  repeated(content.dimensions, (d, i) => out.push({ path: `dimensions.${i}.name`, where: `${quoted('Dimensión', d.name)}, nombre`, message: T.repeatedDimension, sum: false }));
  content.dimensions.forEach((d, i) =>
    repeated(d.subDimensions, (s, j) =>
      out.push({ path: `dimensions.${i}.subDimensions.${j}.name`, where: `${quoted('Dimensión', d.name)} › ${quoted('Subdimensión', s.name)}, nombre`, message: T.repeatedSubDimension, sum: false }),
    ),
  );
  return out;
}

function checkQuestion(q: Question, subDimensionType: SubDimensionType, path: string, where: string, sum: SumSink, field: FieldSink) {
  const penaltyPlace = subDimensionType !== 'NORMAL';
  if (penaltyPlace !== (q.type === 'penalty')) field(join(path, 'type'), `${where}, tipo`, T.wrongType);
  field(join(path, 'name'), `${where}, nombre`, checkText(q.name, LENGTHS.questionName));
  field(join(path, 'weighting'), `${where}, ponderación`, checkQuestionWeighting(q.weighting, subDimensionType));
  field(join(path, 'guide'), `${where}, guía`, checkGuide(q.guide));
  checkAnswers(q, path, where, sum, field);
}

/** One question's problems, with paths relative to it ('name', 'answers.0.guide'): the question dialog's check. */
export function questionProblems(q: Question, subDimensionType: SubDimensionType): Problem[] {
  const out: Problem[] = [];
  checkQuestion(
    q,
    subDimensionType,
    '',
    'Pregunta',
    (p, message) => out.push({ path: p, message, where: '', sum: true }),
    (p, w, message) => {
      if (message) out.push({ path: p, message, where: w, sum: false });
    },
  );
  return out;
}

function checkAnswers(q: Question, path: string, where: string, sum: SumSink, field: FieldSink) {
  const answersPath = join(path, 'answers');
  const at = (i: number) => `${answersPath}.${i}`;
  if (q.type === 'text' || q.type === 'amount') return;
  if (q.type === 'photographs') {
    if (q.answers.length !== 1) field(answersPath, where, T.onePhotoAnswer);
    q.answers.forEach((a, i) => {
      field(`${at(i)}.answer`, `${where}, cantidad de fotos`, checkPhotoCount(a.answer));
      field(`${at(i)}.guide`, `${where}, guía de la respuesta`, checkGuide(a.guide));
    });
    return;
  }
  if (q.type === 'close') {
    // Its three options are fixed (the editor offers no other): with two or five it is no longer that question.
    if (q.answers.length !== 3) field(answersPath, where, T.threeCloseAnswers);
  } else if (q.answers.length < 2) field(answersPath, where, T.fewAnswers);
  q.answers.forEach((a: Answer, i) => {
    const place = `${where} › Respuesta ${i + 1}`;
    field(`${at(i)}.answer`, `${place}, texto`, checkText(a.answer, LENGTHS.answer));
    field(`${at(i)}.guide`, `${place}, guía`, checkGuide(a.guide));
    field(`${at(i)}.weighting`, `${place}, ponderación`, checkAnswerWeighting(a.weighting, q.type));
  });
  if (answersSumProblem(q.type, q.answers.map((a) => a.weighting))) sum(answersPath, T.answersSum(q.name));
}

/** The 'Opciones SI, NO, N/A' questions without their three answers: each one's path and place in words. */
export function wrongCloseQuestions(content: Pick<QuestionnaireContent, 'dimensions'>): { path: string; where: string }[] {
  return content.dimensions.flatMap((d, i) =>
    d.subDimensions.flatMap((s, j) =>
      s.questions.flatMap((q, k) =>
        hasWrongCloseAnswers(q)
          ? [{ path: `dimensions.${i}.subDimensions.${j}.questions.${k}`, where: `${quoted('Dimensión', d.name)} › ${quoted('Subdimensión', s.name)} › Pregunta ${k + 1}` }]
          : [],
      ),
    ),
  );
}
