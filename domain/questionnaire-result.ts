/**
 * The result of a replied questionnaire (a move's questionnaireResult, spec 2 §3): a percentage
 * with two decimals, or -1 (N/A) when nothing scored could be judged. See docs/decisions.md,
 * "Cuestionarios", for the reasoning.
 *
 * - A question scores the weighting of its chosen answer (close, open) or the sum of its chosen
 *   answers (accumulative, capped at 100), as a fraction of 100. A question with weighting -1, no
 *   reply, or a chosen answer of weighting -1 (N/A) is left out, and the weights of the questions
 *   left standing are renormalised.
 * - A sub-dimension is the weighted mean of its questions; a dimension of its sub-dimensions; the
 *   questionnaire of its dimensions. A part with nothing judged is left out in the same way; a part
 *   with weighting 0 or empty does not count.
 * - Penalties subtract: each applied accumulative penalty takes its weighting in points, an applied
 *   absolute penalty (weighting 100) takes everything. The result never goes below 0.
 */
import { type Dimension, NOT_APPLICABLE, type Question, type QuestionnaireContent, type SubDimension } from './questionnaires';

/** What a Getter answered to one question (spec 2 §3 "Move reply per question"). */
export interface QuestionReply {
  /** The chosen answer's id (close, open, penalty), the chosen ids (multiple, accumulative), a text, an amount or photo URLs. */
  replyData: string | number | string[] | null | undefined;
}

/** Replies by question id. */
export type Replies = Readonly<Record<string, QuestionReply | undefined>>;

/** The result of a move with nothing to judge. */
export const RESULT_NOT_APPLICABLE = -1;

/** A weighted mean over the parts that could be judged; null when none could. */
function weightedMean(parts: { weight: number | null; score: number | null }[]): number | null {
  let total = 0;
  let weights = 0;
  for (const { weight, score } of parts) {
    if (score === null || weight === null || weight <= 0) continue;
    total += weight * score;
    weights += weight;
  }
  return weights > 0 ? total / weights : null;
}

const chosenIds = (reply: QuestionReply | undefined): string[] => {
  const data = reply?.replyData;
  if (Array.isArray(data)) return data.map(String);
  return data === null || data === undefined || data === '' ? [] : [String(data)];
};

/** A question's score between 0 and 1, or null when it is not applicable or unanswered. */
export function questionScore(question: Question, reply: QuestionReply | undefined): number | null {
  if (question.weighting === null || question.weighting === NOT_APPLICABLE || question.weighting <= 0) return null;
  const ids = chosenIds(reply);
  const chosen = question.answers.filter((a) => ids.includes(a._id));
  if (!chosen.length) return null;
  if (question.type === 'close' || question.type === 'open') {
    const w = chosen[0].weighting;
    return w === null || w < 0 ? null : Math.min(w, 100) / 100;
  }
  if (question.type === 'accumulative') {
    const sum = chosen.reduce((s, a) => s + Math.max(a.weighting ?? 0, 0), 0);
    return Math.min(sum, 100) / 100;
  }
  return null;
}

function subDimensionScore(s: SubDimension, replies: Replies): number | null {
  return weightedMean(s.questions.map((q) => ({ weight: q.weighting, score: questionScore(q, replies[q._id]) })));
}

/** A dimension's score between 0 and 1, or null when nothing in it could be judged (the dashboard's statistics use it). */
export function dimensionScore(d: Dimension, replies: Replies): number | null {
  return weightedMean(d.subDimensions.map((s) => ({ weight: s.weighting, score: subDimensionScore(s, replies) })));
}

/** How much of a penalty question applies (0 to 1): its chosen answer's weighting over 100. */
function penaltyApplied(q: Question, reply: QuestionReply | undefined): number {
  const ids = chosenIds(reply);
  const chosen = q.answers.find((a) => ids.includes(a._id));
  const w = chosen?.weighting ?? 0;
  return w > 0 ? Math.min(w, 100) / 100 : 0;
}

/** The points the penalty dimension takes off; Infinity when an absolute penalty applies. */
export function penaltyPoints(content: Pick<QuestionnaireContent, 'dimensions'>, replies: Replies): number {
  let points = 0;
  for (const d of content.dimensions) {
    if (d.type !== 'PENALTY') continue;
    for (const s of d.subDimensions) {
      for (const q of s.questions) {
        const applied = penaltyApplied(q, replies[q._id]);
        if (!applied) continue;
        if (s.type === 'PENALTY_ABSOLUTE') return Number.POSITIVE_INFINITY;
        points += (q.weighting ?? 0) * applied;
      }
    }
  }
  return points;
}

/** The move's result: 0–100 with two decimals, or -1 when nothing could be judged. */
export function questionnaireResult(version: Pick<QuestionnaireContent, 'dimensions'>, replies: Replies): number {
  const base = weightedMean(version.dimensions.filter((d) => d.type !== 'PENALTY').map((d) => ({ weight: d.weighting, score: dimensionScore(d, replies) })));
  if (base === null) return RESULT_NOT_APPLICABLE;
  const result = Math.max(0, base * 100 - penaltyPoints(version, replies));
  return Math.round(result * 100) / 100;
}
