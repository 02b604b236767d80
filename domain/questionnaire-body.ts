/** The body of `POST /questionnariesV2` and `PUT /questionnariesV2/update/:id`: the tree's shape. */
import { z } from 'zod';
import { countQuestions, DIMENSION_TYPES, QUESTION_TYPES, type QuestionnaireContent, SUB_DIMENSION_TYPES, VERSION_TYPES } from './questionnaires';
import { formatCount } from './numbers';

/** Caps that keep a request bounded; the rules in questionnaire-weights.ts give the field messages. */
export const LIMITS = { dimensions: 50, subDimensions: 50, questions: 1000, totalQuestions: 3000, answers: 50, text: 5000 } as const;

const looseText = z
  .string()
  .max(LIMITS.text, 'El campo es demasiado largo')
  .nullish()
  .transform((v) => v ?? '');
const nodeId = z.string().max(64).optional();
/** A number, or null for an empty input ('' and null arrive as null). */
const weighting = z
  .union([z.number(), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : v))
  .refine((v) => v === null || Number.isFinite(v), 'Debe ser un número');

const answerShape = z.object({
  _id: nodeId,
  answer: z
    .union([z.string().max(LIMITS.text), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? '' : String(v))),
  guide: looseText,
  weighting,
  hasCommentary: z.boolean().default(false),
  isRequired: z.boolean().default(false),
  number: z.number().optional(),
});

const questionShape = z.object({
  _id: nodeId,
  name: looseText,
  weighting,
  type: z.enum(QUESTION_TYPES, { error: 'Tipo de pregunta inválido' }),
  answers: z.array(answerShape).max(LIMITS.answers).default([]),
  visibleToUser: z.boolean().default(true),
  visibleToGetter: z.boolean().default(true),
  allowPhotoEvidence: z.boolean().default(false),
  photoEvidenceRequired: z.boolean().default(false),
  guide: looseText,
  answerRequired: z.boolean().optional(),
});

const subDimensionShape = z.object({
  _id: nodeId,
  name: looseText,
  weighting,
  type: z.enum(SUB_DIMENSION_TYPES).default('NORMAL'),
  questions: z.array(questionShape).max(LIMITS.questions).default([]),
});

const dimensionShape = z.object({
  _id: nodeId,
  name: looseText,
  weighting,
  type: z.enum(DIMENSION_TYPES).default('NORMAL'),
  subDimensions: z.array(subDimensionShape).max(LIMITS.subDimensions).default([]),
});

/** An update based on a last version that is no longer the last: another save (or a removal) landed in between. */
export const QUESTIONNAIRE_CONFLICT =
  'El cuestionario fue modificado en otra pestaña o por otra persona mientras lo editaba. No se guardaron sus cambios: vuelva a abrirlo para partir de su última versión.';

/** 'Quitar última versión' from a list that showed another last version (removed or added since). */
export const QUESTIONNAIRE_REMOVE_CONFLICT =
  'El cuestionario cambió en otra pestaña o por otra persona: su última versión ya no es la que se mostraba. No se quitó ninguna versión; revise la lista actualizada.';

/** An update that would store what the last version already holds: no version is added. */
export const questionnaireUnchanged = (version: number) =>
  `El cuestionario no tiene cambios respecto de su versión ${version}: no se registró una versión nueva.`;

/** A value as text with its object keys sorted (a stored jsonb tree has its own key order), undefined keys left out. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

/** Whether two values are the same tree: object keys in any order, undefined keys as absent. */
export const sameTree = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/** Whether two finalized questionnaires hold the same name, type and tree (ids included). */
export const sameQuestionnaire = (a: QuestionnaireContent, b: QuestionnaireContent): boolean =>
  a.name === b.name && a.questionnaire_version_type === b.questionnaire_version_type && sameTree(a.dimensions, b.dimensions);

export const TOO_MANY_QUESTIONS = `Un cuestionario admite hasta ${formatCount(LIMITS.totalQuestions)} preguntas`;

/**
 * Whether a body as it arrives (nothing checked yet) holds more questions than a questionnaire admits,
 * counted by its arrays' lengths alone: read before the schema, which judged every question first (8 MB
 * of empty questions, each an error, kept the server's thread for half a minute).
 */
export function tooManyQuestions(body: unknown): boolean {
  const list = (value: unknown, key: string): unknown[] => {
    const inner = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    return Array.isArray(inner) ? inner : [];
  };
  let questions = 0;
  for (const dimension of list(body, 'dimensions'))
    for (const subDimension of list(dimension, 'subDimensions')) if ((questions += list(subDimension, 'questions').length) > LIMITS.totalQuestions) return true;
  return false;
}

/**
 * The body of create and update: the tree's shape with bounded sizes. It does not judge lengths
 * or sums; `questionnaireProblems` does, with the spec's messages.
 */
export const questionnaireBody = z
  .object({
    name: looseText,
    questionnaire_version_type: z.enum(VERSION_TYPES).default('Básico'),
    dimensions: z.array(dimensionShape).max(LIMITS.dimensions),
    /**
     * On update, the questionnaire's last version when the editor opened it (`lastVersion` of the
     * GET): if another version was added or removed since, the update is refused with 409.
     */
    expectedLastVersion: z.number().int().positive().optional(),
  })
  .refine((q) => countQuestions(q as QuestionnaireContent) <= LIMITS.totalQuestions, TOO_MANY_QUESTIONS);
