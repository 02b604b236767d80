/**
 * Questionnaires (spec 2 §3, §9): the versioned, weighted tree dimension → sub-dimension →
 * question → answer, its type labels, the defaults a new question or a type change gets, and
 * what a save computes. The request's shape is in questionnaire-body.ts, the weighting and length
 * rules in questionnaire-weights.ts, the score of a replied questionnaire in questionnaire-result.ts.
 */
import { z } from 'zod';
import { idName, moment, paged, recordId } from './answers';
import { asRead, trimText } from './validation';
import { formatCount } from './numbers';

export const QUESTION_TYPES = ['open', 'close', 'text', 'amount', 'photographs', 'multiple', 'accumulative', 'penalty'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  open: 'Opción Multiple',
  close: 'Opciones SI, NO, N/A',
  text: 'Abierta',
  amount: 'Cantidad',
  photographs: 'Fotos',
  multiple: 'Selección Múltiple',
  accumulative: 'Selección Múltiple Acumulativa',
  penalty: 'Penalidad',
};

/** Types whose weighting counts in the score; the others are always -1 (N/A). */
export const SCORED_TYPES: readonly QuestionType[] = ['open', 'close', 'accumulative'];
/** Types whose answers are options the user edits (close keeps its three fixed ones). */
export const OPTION_TYPES: readonly QuestionType[] = ['open', 'close', 'multiple', 'accumulative', 'penalty'];

export const VERSION_TYPES = ['Básico', 'Complejo'] as const;
export type VersionType = (typeof VERSION_TYPES)[number];

export const DIMENSION_TYPES = ['NORMAL', 'PENALTY'] as const;
export type DimensionType = (typeof DIMENSION_TYPES)[number];
export const SUB_DIMENSION_TYPES = ['NORMAL', 'PENALTY_ABSOLUTE', 'PENALTY_ACCUMULATIVE'] as const;
export type SubDimensionType = (typeof SUB_DIMENSION_TYPES)[number];

export const DIMENSION_TYPE_LABELS: Record<DimensionType, string> = { NORMAL: 'Normal', PENALTY: 'Penalización' };
export const SUB_DIMENSION_TYPE_LABELS: Record<SubDimensionType, string> = {
  NORMAL: 'Normal',
  PENALTY_ABSOLUTE: 'Penalización absoluta',
  PENALTY_ACCUMULATIVE: 'Penalización acumulativa',
};

export const PENALTY_DIMENSION_NAME = 'Penalizaciones';

/** -1 is "not applicable": it counts as 0 in every sum. */
export const NOT_APPLICABLE = -1;

export interface Answer {
  _id: string;
  /** The option's text, or the number of photos for a photo question. */
  answer: string;
  guide: string;
  weighting: number | null;
  hasCommentary: boolean;
  isRequired: boolean;
  number: number;
}

export interface Question {
  _id: string;
  name: string;
  /** -1 means not applicable; null is an empty input. */
  weighting: number | null;
  type: QuestionType;
  answers: Answer[];
  /** Visible to the client. */
  visibleToUser: boolean;
  visibleToGetter: boolean;
  allowPhotoEvidence: boolean;
  photoEvidenceRequired: boolean;
  guide: string;
  answerRequired: boolean;
}

export interface SubDimension {
  _id: string;
  name: string;
  weighting: number | null;
  type: SubDimensionType;
  questions: Question[];
}

export interface Dimension {
  _id: string;
  name: string;
  weighting: number | null;
  type: DimensionType;
  subDimensions: SubDimension[];
}

/** What the editor sends and a version stores. */
export interface QuestionnaireContent {
  name: string;
  questionnaire_version_type: VersionType;
  dimensions: Dimension[];
}

export interface UserRef {
  id: number;
  name: string;
}

/** One version as `GET /questionnariesV2/get/:id` answers it. */
export interface QuestionnaireVersion extends QuestionnaireContent {
  id: number;
  version: number;
  lastVersion: number;
  createdAt: string;
  versionCreatedAt: string;
  updatedBy: UserRef | null;
  versions: { version: number; createdAt: string; createdBy: UserRef | null }[];
}

/** A row of `GET /questionnariesV2`. */
export interface QuestionnaireRow {
  id: number;
  name: string;
  questionnaire_version_type: VersionType;
  createdAt: string;
  updatedBy: UserRef | null;
  lastVersion: number;
  questionCount: number;
}

/** A short random id for a node of the tree (getRandomValues works on plain-http pages too). */
export function newId(): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const answer = (text: string, weighting: number, number: number): Answer => ({
  _id: newId(),
  answer: text,
  guide: '',
  weighting,
  hasCommentary: false,
  isRequired: false,
  number,
});

/** The answers a question of each type starts with (spec 2 §9). */
export function defaultAnswers(type: QuestionType): Answer[] {
  switch (type) {
    case 'close':
      return [answer('Sí', 100, 1), answer('No', 0, 2), answer('N/A', NOT_APPLICABLE, 3)];
    case 'open':
      return [answer('Opción 1', 0, 1), answer('Opción 2', 0, 2)];
    case 'accumulative':
      return [answer('Opción 1', 50, 1), answer('Opción 2', 50, 2)];
    case 'multiple':
      return [answer('Opción 1', NOT_APPLICABLE, 1), answer('Opción 2', NOT_APPLICABLE, 2)];
    case 'photographs':
      return [answer('1', NOT_APPLICABLE, 1)];
    case 'penalty':
      // 'Sí' applies the penalty in full; 'No' does not apply it.
      return [answer('Sí', 100, 1), answer('No', 0, 2)];
    default:
      return [];
  }
}

/**
 * A new question's weighting (spec 2 §9): 0 for open, close and accumulative questions visible to
 * the client, else -1; a penalty question starts at a valid value of its sub-dimension.
 */
export function initialWeighting(type: QuestionType, visibleToUser: boolean, subDimensionType: SubDimensionType = 'NORMAL'): number {
  if (subDimensionType === 'PENALTY_ABSOLUTE') return 100;
  if (subDimensionType === 'PENALTY_ACCUMULATIVE') return 10;
  return SCORED_TYPES.includes(type) && visibleToUser ? 0 : NOT_APPLICABLE;
}

export function newQuestion(subDimensionType: SubDimensionType = 'NORMAL'): Question {
  const type: QuestionType = subDimensionType === 'NORMAL' ? 'close' : 'penalty';
  return {
    _id: newId(),
    name: '',
    weighting: initialWeighting(type, true, subDimensionType),
    type,
    answers: defaultAnswers(type),
    visibleToUser: true,
    visibleToGetter: true,
    allowPhotoEvidence: false,
    photoEvidenceRequired: false,
    guide: '',
    answerRequired: type !== 'penalty',
  };
}

/** Its text folded: 'SÍ', 'si ', 'Si.' → 'si'; 'N / A', 'NA', 'No aplica' → 'n/a'. */
function closeSlot(text: string): number | undefined {
  const folded = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s.]/g, '');
  return ({ si: 0, no: 1, 'n/a': 2, na: 2, noaplica: 2 } as Record<string, number>)[folded];
}

/**
 * An 'Opciones SI, NO, N/A' question stored with other than its three answers (saved through the
 * API before the server required them): the editor cannot register it as it is.
 */
export const hasWrongCloseAnswers = (q: Pick<Question, 'type' | 'answers'>) => q.type === 'close' && q.answers.length !== 3;

/**
 * Its three answers back, Sí, No and N/A in that order: each one an answer it had (by its text, the
 * first of each) keeps that answer's id, text, weighting, guide and flags; a missing one comes back
 * with its default (Sí 100, No 0, N/A -1). Answers that are none of the three are dropped.
 */
export function restoreCloseAnswers(answers: readonly Answer[]): Answer[] {
  const kept: (Answer | undefined)[] = [undefined, undefined, undefined];
  for (const a of answers) {
    const slot = closeSlot(a.answer);
    if (slot !== undefined && !kept[slot]) kept[slot] = a;
  }
  const used = new Set(kept.flatMap((a) => (a ? [a._id] : [])));
  return defaultAnswers('close').map((d, i) => {
    const a = kept[i];
    return a ? { ...a, number: i + 1 } : { ...d, _id: used.has(d._id) ? newId() : d._id };
  });
}

/** A type change resets the answers (and the weighting) to that type's defaults. */
export function withType(question: Question, type: QuestionType, subDimensionType: SubDimensionType = 'NORMAL'): Question {
  return { ...question, type, answers: defaultAnswers(type), weighting: initialWeighting(type, question.visibleToUser, subDimensionType) };
}

export const newDimension = (): Dimension => ({ _id: newId(), name: '', weighting: null, type: 'NORMAL', subDimensions: [] });
export const newSubDimension = (): SubDimension => ({ _id: newId(), name: '', weighting: null, type: 'NORMAL', questions: [] });

/** 'Penalizaciones': weighting 0, its two fixed sub-dimensions, no questions yet. */
export const newPenaltyDimension = (): Dimension => ({
  _id: newId(),
  name: PENALTY_DIMENSION_NAME,
  weighting: 0,
  type: 'PENALTY',
  subDimensions: [
    { _id: newId(), name: SUB_DIMENSION_TYPE_LABELS.PENALTY_ABSOLUTE, weighting: 0, type: 'PENALTY_ABSOLUTE', questions: [] },
    { _id: newId(), name: SUB_DIMENSION_TYPE_LABELS.PENALTY_ACCUMULATIVE, weighting: 0, type: 'PENALTY_ACCUMULATIVE', questions: [] },
  ],
});

/** answerRequired (spec 2 §3): not for multiple questions, only when the getter sees it, never for penalties. */
export const isAnswerRequired = (q: Pick<Question, 'type' | 'visibleToGetter'>) => q.type !== 'multiple' && q.type !== 'penalty' && q.visibleToGetter;

/** A stored version's content: what the editor edits and a merge compares. */
export const contentOf = (v: QuestionnaireVersion): QuestionnaireContent => ({ name: v.name, questionnaire_version_type: v.questionnaire_version_type, dimensions: v.dimensions });

/**
 * What a save computes before the rules run, on both sides: answerRequired, -1 for questions the
 * client does not see and for unscored types, no answers for text and amount questions, answers
 * numbered, the penalty dimension's fixed weightings, trimmed texts and an id on every node.
 */
export function finalizeQuestionnaire(content: QuestionnaireContent): QuestionnaireContent {
  const ids = new Set<string>();
  const idOf = (id: string | undefined) => {
    const next = id && !ids.has(id) ? id : newId();
    ids.add(next);
    return next;
  };
  return {
    name: asRead(trimText(content.name)), // the name is unique as read
    questionnaire_version_type: content.questionnaire_version_type,
    dimensions: content.dimensions.map((d) => {
      const penalty = d.type === 'PENALTY';
      return {
        _id: idOf(d._id),
        name: penalty ? PENALTY_DIMENSION_NAME : d.name.trim(),
        weighting: penalty ? 0 : d.weighting,
        type: d.type,
        subDimensions: d.subDimensions.map((s) => ({
          _id: idOf(s._id),
          name: s.name.trim(),
          weighting: penalty ? 0 : s.weighting,
          type: s.type,
          questions: s.questions.map((q) => finalizeQuestion(q, idOf)),
        })),
      };
    }),
  };
}

function finalizeQuestion(q: Question, idOf: (id: string | undefined) => string): Question {
  const scored = SCORED_TYPES.includes(q.type);
  const hidden = q.type !== 'penalty' && (!q.visibleToUser || !scored);
  const answers = q.type === 'text' || q.type === 'amount' ? [] : q.answers;
  return {
    _id: idOf(q._id),
    name: q.name.trim(),
    weighting: hidden ? NOT_APPLICABLE : q.weighting,
    type: q.type,
    answers: answers.map((a, i) => ({ ...a, _id: idOf(a._id), answer: a.answer.trim(), guide: a.guide.trim(), number: i + 1 })),
    visibleToUser: q.visibleToUser,
    visibleToGetter: q.visibleToGetter,
    allowPhotoEvidence: q.allowPhotoEvidence,
    photoEvidenceRequired: q.allowPhotoEvidence && q.photoEvidenceRequired,
    guide: q.guide.trim(),
    answerRequired: isAnswerRequired(q),
  };
}

export const countQuestions = (content: Pick<QuestionnaireContent, 'dimensions'>) =>
  content.dimensions.reduce((n, d) => n + d.subDimensions.reduce((m, s) => m + s.questions.length, 0), 0);

const userRef = idName.nullable();
const weighting = z.number().nullable();
/** A questionnaire's tree as a version stores it (`Dimension`). */
export const dimensionAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  weighting,
  type: z.enum(DIMENSION_TYPES),
  subDimensions: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      weighting,
      type: z.enum(SUB_DIMENSION_TYPES),
      questions: z.array(
        z.object({
          _id: z.string(),
          name: z.string(),
          weighting,
          type: z.enum(QUESTION_TYPES),
          answers: z.array(z.object({ _id: z.string(), answer: z.string(), guide: z.string(), weighting, hasCommentary: z.boolean(), isRequired: z.boolean(), number: z.number().int() })),
          visibleToUser: z.boolean(),
          visibleToGetter: z.boolean(),
          allowPhotoEvidence: z.boolean(),
          photoEvidenceRequired: z.boolean(),
          guide: z.string(),
          answerRequired: z.boolean(),
        }),
      ),
    }),
  ),
});

/** A row of `GET /questionnariesV2` (`QuestionnaireRow`). */
export const questionnaireListAnswer = paged(
  z.object({ id: recordId, name: z.string(), questionnaire_version_type: z.enum(VERSION_TYPES), createdAt: moment, updatedBy: userRef, lastVersion: z.number().int(), questionCount: z.number().int() }),
);

/** `GET /questionnariesV2/get/:id` (`QuestionnaireVersion`). */
export const questionnaireVersionAnswer = z.object({
  id: recordId,
  name: z.string(),
  questionnaire_version_type: z.enum(VERSION_TYPES),
  version: z.number().int(),
  lastVersion: z.number().int(),
  createdAt: moment,
  versionCreatedAt: moment,
  updatedBy: userRef,
  versions: z.array(z.object({ version: z.number().int(), createdAt: moment, createdBy: userRef })),
  dimensions: z.array(dimensionAnswer),
});

/**
 * `GET /questionnariesV2/usage/:id`: what 'Quitar última versión' would touch: the last version, the one
 * the questionnaire goes back to (null: none, it is given up), and how many moves hold the last one (they keep it).
 */
export const versionUsageAnswer = z.object({ id: recordId, lastVersion: z.number().int(), previousVersion: z.number().int().nullable(), moves: z.number().int() });
export type VersionUsage = z.output<typeof versionUsageAnswer>;

/** The confirmation of 'Quitar última versión', from what the server counted (`usage`, null while it counts or when it could not). */
export const REMOVE_VERSION_TEXT = {
  only: (name: string) => `"${name}" tiene una sola versión: al quitarla, el cuestionario deja de estar disponible.`,
  last: (name: string, version: number, previous: number | null) =>
    previous === null ? `Se quitará la versión ${version} de "${name}".` : `Se quitará la versión ${version} de "${name}": las moves nuevas usarán la versión ${previous}.`,
  moves: (n: number) => (n === 0 ? 'Ninguna move usa esta versión.' : n === 1 ? 'Una move ya usa esta versión: la conserva.' : `${formatCount(n)} moves ya usan esta versión: la conservan.`),
  counting: 'Contando las moves que usan esta versión…',
  uncounted: 'No se pudo saber cuántas moves usan esta versión.',
  final: 'Esta acción no se podrá deshacer.',
} as const;

/** `DELETE /questionnariesV2/delete/:id`: the version removed and the last one left (null when none is). */
export const versionRemovedAnswer = z.object({ id: recordId, removedVersion: z.number().int(), lastVersion: z.number().int().nullable() });
