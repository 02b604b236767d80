/**
 * A move's answered questionnaire (spec 2 §3 "Move reply per question") and the rules a quality
 * agent's edit must pass (spec 2 §5 "Move review"). The console checks them for comfort, the
 * server for safety; the score itself is questionnaire-result.ts.
 */
import { z } from 'zod';
import { formatCount, formatDecimal } from './numbers';
import type { Dimension, Question } from './questionnaires';
import { documentedAs } from './validation';

/** One question's reply. Photos and evidences are links: `store:<key>` in our file store, or http(s). */
export interface MoveReply {
  /** The chosen answer id (close, open, penalty), ids (multiple, accumulative), a text, an amount or photo links. */
  replyData: string | number | string[] | null;
  replyObservation: string | null;
  /** The question's weighting when it was answered. */
  weighting: number | null;
  evidences: string[];
  /** Marked to be corrected by the Getter when the move was returned. */
  hasToEdit: boolean;
}

export type MoveReplies = Record<string, MoveReply>;

/** A move's replies as the API answers them (`MoveReplies`), by question id. */
export const repliesAnswer = z.record(
  z.string(),
  z.object({
    replyData: z.union([z.string(), z.number(), z.array(z.string())]).nullable(),
    replyObservation: z.string().nullable(),
    weighting: z.number().nullable(),
    evidences: z.array(z.string()),
    hasToEdit: z.boolean(),
  }),
);

/** The longest written answer or observation a reply holds. */
export const REPLY_TEXT_MAX = 5000;

export const REPLY_TEXT = {
  incomplete: 'Existe información por completar',
  continueAnyway: '¿Desea continuar de todos modos?',
  required: 'Campo requerido',
  answerRequired: 'Respuesta requerida',
  missingPhotos: 'Faltan fotos',
  /** A question whose photo evidence is required ('Debe adjuntar una foto como evidencia.') sent without one. */
  missingEvidence: 'Falta la foto de evidencia',
  invalidAnswer: 'La respuesta no corresponde a la pregunta.',
  invalidAmount: 'Debe ser un número mayor o igual a 0.',
  /** An amount past AMOUNT_MAX or with more than AMOUNT_DECIMALS decimals. */
  amountTooLong: 'Debe tener hasta 12 cifras enteras y 3 decimales.',
  unknownQuestion: 'La pregunta no pertenece al cuestionario de la move.',
  /** An answer the Getter sent to a question only the quality agent sees (`visibleToGetter: false`). */
  hiddenFromGetter: 'El Getter no ve esta pregunta: la responde el agente de calidad.',
  /** A returned move sent again with a different reply to a question the agent did not mark to correct. */
  notReturned: 'Esta pregunta no fue devuelta: su respuesta no se puede cambiar.',
  /** A written answer or an observation longer than a reply holds (REPLY_TEXT_MAX). */
  tooLong: `Admite hasta ${formatCount(REPLY_TEXT_MAX)} caracteres.`,
} as const;

/** A question with its position: dimension, sub-dimension and question numbers (1-based), as photo names and labels use them. */
export interface NumberedQuestion {
  question: Question;
  dimension: Dimension;
  numbers: [number, number, number];
  /** '1.2.3 ¿Lo saludaron al entrar?' */
  label: string;
}

export function numberedQuestions(dimensions: readonly Dimension[]): NumberedQuestion[] {
  const out: NumberedQuestion[] = [];
  dimensions.forEach((d, di) =>
    d.subDimensions.forEach((s, si) =>
      s.questions.forEach((q, qi) => out.push({ question: q, dimension: d, numbers: [di + 1, si + 1, qi + 1], label: `${di + 1}.${si + 1}.${qi + 1} ${q.name}` })),
    ),
  );
  return out;
}

/** A question the Getter can be asked to correct (a return): one its app shows, not an agent's own. */
export const returnableQuestion = (q: Pick<Question, 'visibleToGetter'>): boolean => q.visibleToGetter !== false;

/** Whether a questionnaire holds a question the Getter could be asked to correct: else a move of it offers no 'Devolver'. */
export const hasReturnableQuestion = (dimensions: readonly Dimension[]): boolean => dimensions.some((d) => d.subDimensions.some((s) => s.questions.some(returnableQuestion)));

/** Whether a reply says anything: an answer, an observation or an evidence (null, '' and [] say nothing). */
export const saysAnything = (reply: { replyData?: unknown; replyObservation?: string | null; evidences?: string[] } | undefined): boolean => {
  if (!reply) return false;
  const data = reply.replyData;
  const answered = data !== null && data !== undefined && data !== '' && !(Array.isArray(data) && data.length === 0);
  return answered || Boolean(reply.replyObservation?.trim()) || Boolean(reply.evidences?.length);
};

/** Whether two replies say the same: the answer (a number as its text), the observation and the evidences ('' and [] as nothing). */
export function sameReply(
  a: { replyData?: unknown; replyObservation?: string | null; evidences?: string[] },
  b: { replyData?: unknown; replyObservation?: string | null; evidences?: string[] },
): boolean {
  const norm = (r: typeof a) => {
    const d = r.replyData;
    const data = Array.isArray(d) ? d.map(String) : d === null || d === undefined || d === '' ? null : String(d);
    return JSON.stringify([data, r.replyObservation?.trim() || null, r.evidences ?? []]);
  };
  return norm(a) === norm(b);
}

export const emptyReply = (weighting: number | null = null): MoveReply => ({ replyData: null, replyObservation: null, weighting, evidences: [], hasToEdit: false });

/** A reply as one line of text: the chosen options, the text or amount, or how many photos ('' when unanswered). */
export function replyText(q: Question, reply: MoveReply | undefined): string {
  if (q.type === 'photographs') return `${photosOf(reply).length} foto(s)`;
  if (q.type === 'text' || q.type === 'amount') {
    const data = reply?.replyData;
    if (data === null || data === undefined) return '';
    // An amount is stored as a number (12.5): written as the console writes figures, '12,5' and '1.250'.
    return q.type === 'amount' && typeof data === 'number' ? formatDecimal(data) : String(data);
  }
  const ids = chosenAnswerIds(reply);
  return q.answers
    .filter((a) => ids.includes(a._id))
    .map((a) => a.answer)
    .join(', ');
}

/** The ids a reply chose (one or several). */
export function chosenAnswerIds(reply: Pick<MoveReply, 'replyData'> | undefined): string[] {
  const data = reply?.replyData;
  if (Array.isArray(data)) return data.map(String);
  return data === null || data === undefined || data === '' ? [] : [String(data)];
}

/** How many photos a photo question asks for (its one answer holds the number; at least 1). */
export const photosAsked = (q: Question) => Math.max(1, Math.ceil(Number(q.answers[0]?.answer) || 1));

/** The photo links of a reply (photo questions keep them in replyData). */
export const photosOf = (reply: MoveReply | undefined): string[] => (Array.isArray(reply?.replyData) ? reply.replyData.map(String) : []);

/**
 * The largest amount an answer holds, and its decimals: 15 digits in all, what a number keeps exactly
 * (typed as 99999999999999999999, an amount was stored as 100000000000000000000).
 */
export const AMOUNT_MAX = 999_999_999_999;
export const AMOUNT_DECIMALS = 3;

/**
 * What is wrong with an amount's answer, or null: a number of zero or more (a count, minutes, a price),
 * as a number or as the text typed ('12,5' with either separator), up to AMOUNT_MAX with at most
 * AMOUNT_DECIMALS decimals; empty (or null: never answered) is no answer. '1-2' or '-3' is not an amount.
 */
export function amountProblem(data: MoveReply['replyData']): string | null {
  if (data === null) return null;
  if (typeof data === 'number') {
    if (!Number.isFinite(data) || data < 0) return REPLY_TEXT.invalidAmount;
    return Math.floor(data) > AMOUNT_MAX ? REPLY_TEXT.amountTooLong : null;
  }
  if (typeof data !== 'string') return REPLY_TEXT.invalidAmount;
  const plain = data.trim().replace(',', '.');
  if (plain === '') return null;
  const parts = /^(\d+)(?:\.(\d+))?$/.exec(plain);
  if (!parts) return REPLY_TEXT.invalidAmount;
  return Number(parts[1]) > AMOUNT_MAX || (parts[2]?.length ?? 0) > AMOUNT_DECIMALS ? REPLY_TEXT.amountTooLong : null;
}

export const amountFits = (data: MoveReply['replyData']): boolean => amountProblem(data) === null;

/** A typed amount as a number ('12,5' → 12.5), or null when the text is no amount (or one too long). */
export function amountOf(text: string): number | null {
  const plain = text.trim().replace(',', '.');
  return plain !== '' && amountProblem(plain) === null ? Number(plain) : null;
}

function isAnswered(q: Question, reply: MoveReply | undefined): boolean {
  const data = reply?.replyData;
  if (data === null || data === undefined) return false;
  if (q.type === 'photographs') return photosOf(reply).length >= photosAsked(q);
  if (Array.isArray(data)) return data.length > 0;
  if (typeof data === 'number') return Number.isFinite(data);
  return data.trim() !== '';
}

export interface ReplyProblem {
  questionId: string;
  label: string;
  field: 'replyData' | 'replyObservation' | 'evidences';
  message: string;
  /** Photos missing (a photo question's, or a required evidence): the agent may continue anyway. */
  photo: boolean;
}

/**
 * Whose answers the rules are checked for. The quality agent's edit (the default) covers every
 * question, and a rescued move's photos are not required: the agent completes what the Getter left
 * and cannot take them. The Getter's own send (`getter`) covers only the questions its app shows,
 * and always wants the photos: the Getter is who takes them.
 */
export interface ReplyCheck {
  rescued: boolean;
  getter?: boolean;
}

/**
 * What a reply leaves incomplete: a required answer missing, the photos a photo question asks for,
 * the evidence photo a question requires (of the Getter's send, when it is answered or required), or an
 * observation missing where the chosen answer asks for a commentary.
 */
export function replyProblems(dimensions: readonly Dimension[], replies: Readonly<MoveReplies>, { rescued, getter = false }: ReplyCheck): ReplyProblem[] {
  const problems: ReplyProblem[] = [];
  const photosExempt = rescued && !getter;
  for (const { question: q, label } of numberedQuestions(dimensions)) {
    if (getter && !returnableQuestion(q)) continue;
    const reply = replies[q._id];
    const photo = q.type === 'photographs';
    const answered = isAnswered(q, reply);
    if (q.answerRequired && !(photo && photosExempt) && !answered) {
      problems.push({ questionId: q._id, label, field: 'replyData', message: photo ? REPLY_TEXT.missingPhotos : REPLY_TEXT.answerRequired, photo });
    }
    else if (q.type === 'amount' && reply && reply.replyData !== null && !amountFits(reply.replyData)) {
      problems.push({ questionId: q._id, label, field: 'replyData', message: amountProblem(reply.replyData)!, photo: false });
    }
    // The evidence is the Getter's to take: the agent's edit cannot add one (mergeAgentEdit keeps the
    // Getter's), so asking the agent for it only asked '¿Desea continuar…?' about what nobody could supply.
    const evidenceAsked = getter && q.allowPhotoEvidence && q.photoEvidenceRequired && (q.answerRequired || answered);
    if (evidenceAsked && !reply?.evidences?.length) {
      problems.push({ questionId: q._id, label, field: 'evidences', message: REPLY_TEXT.missingEvidence, photo: true });
    }
    const ids = chosenAnswerIds(reply);
    const needsCommentary = q.answers.some((a) => a.hasCommentary && ids.includes(a._id));
    if (needsCommentary && !reply?.replyObservation?.trim()) {
      problems.push({ questionId: q._id, label, field: 'replyObservation', message: REPLY_TEXT.required, photo: false });
    }
    // Said beside the question before anything is sent: the server's 400 named no question.
    if (typeof reply?.replyData === 'string' && reply.replyData.length > REPLY_TEXT_MAX) {
      problems.push({ questionId: q._id, label, field: 'replyData', message: REPLY_TEXT.tooLong, photo: false });
    }
    if ((reply?.replyObservation?.length ?? 0) > REPLY_TEXT_MAX) {
      problems.push({ questionId: q._id, label, field: 'replyObservation', message: REPLY_TEXT.tooLong, photo: false });
    }
  }
  return problems;
}

/** Only photo questions are incomplete: the agent is asked '¿Desea continuar de todos modos?'. */
export const onlyPhotosMissing = (problems: readonly ReplyProblem[]) => problems.length > 0 && problems.every((p) => p.photo);

/** The lines of the 'Existe información por completar' dialog. */
export const problemLines = (problems: readonly ReplyProblem[]) => problems.map((p) => `${p.label}: ${p.message}`);

/** What a reply that does not fit its question is told: an amount, what is wrong with it; any other, that it is not the question's. */
export const misfitMessage = (q: Question, data: MoveReply['replyData']): string => (q.type === 'amount' && amountProblem(data)) || REPLY_TEXT.invalidAnswer;

/**
 * Whether a reply's data fits its question: chosen ids among its answers, a text, an amount, photo
 * links. Null (no answer) always fits; the completeness rules are replyProblems'.
 */
export function replyFits(q: Question, data: MoveReply['replyData']): boolean {
  if (data === null) return true;
  const ids = new Set(q.answers.map((a) => a._id));
  switch (q.type) {
    case 'close':
    case 'open':
    case 'penalty':
      return typeof data === 'string' && (data === '' || ids.has(data));
    case 'multiple':
    case 'accumulative':
      return Array.isArray(data) && data.every((id) => ids.has(id)) && new Set(data).size === data.length;
    case 'text':
      return typeof data === 'string';
    case 'amount':
      return amountFits(data);
    case 'photographs':
      return Array.isArray(data);
    default:
      return false;
  }
}

const LIMITS = { questions: 3000, text: REPLY_TEXT_MAX, links: 50 } as const;

const replyShape = z.object({
  replyData: z.union([z.string().max(LIMITS.text, REPLY_TEXT.tooLong), z.number(), z.array(z.string().max(2000)).max(LIMITS.links), z.null()]).default(null),
  replyObservation: z
    .string()
    .max(LIMITS.text, REPLY_TEXT.tooLong)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  evidences: z.array(z.string().max(2000)).max(LIMITS.links).optional(),
  hasToEdit: z.boolean().optional(),
});

export const TOO_MANY_REPLIES = `Un cuestionario admite hasta ${formatCount(LIMITS.questions)} respuestas`;
const repliesRecord = z.record(z.string().min(1).max(64), replyShape);
/**
 * Replies by question id, as the console sends an agent's edit. How many is counted before each reply is
 * judged: counted after, 2 MB of invalid replies were judged one by one (1.4 s of the server) to be refused.
 */
export const repliesBody = documentedAs(
  z
    .custom<unknown>((v) => typeof v !== 'object' || v === null || Object.keys(v).length <= LIMITS.questions, TOO_MANY_REPLIES)
    .pipe(repliesRecord),
  repliesRecord,
);
export type RepliesInput = z.output<typeof repliesBody>;
