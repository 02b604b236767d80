/** How a demo Getter answers a questionnaire: plausible choices, the photos asked for, a comment when one is due. */
import { emptyReply, type MoveReplies, numberedQuestions, photosAsked, returnableQuestion } from '../../../domain/move-replies';
import type { Dimension, Question } from '../../../domain/questionnaires';
import { STORE_PREFIX } from '../../services/files';

export type Random = () => number;

/** A small seeded generator (mulberry32): the demo is the same on every machine. */
export function randomFrom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)];

export const PHOTO_KEYS = ['demo/gondola-1.png', 'demo/gondola-2.png', 'demo/fachada.jpg', 'demo/ticket.png'];

const TEXTS = [
  'El local estaba ordenado y bien iluminado; el personal fue amable.',
  'Había poca gente; la atención fue rápida aunque algo distraída.',
  'Los sanitarios estaban limpios pero faltaba jabón en uno de los lavabos.',
  'Se notaba falta de personal en el horario del mediodía.',
];
const COMMENTS = ['Se adjunta foto como respaldo.', 'El encargado confirmó la situación.', 'Observado durante toda la visita.'];

function chooseOne(random: Random, q: Question): string | null {
  const byText = (text: string) => q.answers.find((a) => a.answer === text)?._id ?? null;
  if (q.type === 'close') {
    const r = random();
    return r < 0.72 ? byText('Sí') : r < 0.92 ? byText('No') : byText('N/A');
  }
  if (q.type === 'penalty') return random() < 0.9 ? byText('No') : byText('Sí');
  return q.answers.length ? pick(random, q.answers)._id : null;
}

/**
 * The Getter's reply to every question. `partial`: a move rescued before its Getter finished it
 * (no photos, some optional answers missing).
 */
export function demoReplies(random: Random, dimensions: Dimension[], { partial = false } = {}): MoveReplies {
  const replies: MoveReplies = {};
  // What a rescued move's Getter left out is drawn as before, but an answer the questionnaire requires was
  // given (only photos may lack in review, and approval asks for it): answered from draws of its own, so
  // the rest of the demo draws the same numbers as before.
  const apart = randomFrom(dimensions.length);
  for (const { question: q } of numberedQuestions(dimensions)) {
    if (partial && (q.type === 'photographs' || random() < 0.3)) {
      replies[q._id] = q.answerRequired && q.type !== 'photographs' ? demoReply(apart, q) : emptyReply(q.weighting);
      continue;
    }
    // The Getter's app does not show an agent's own question, and its send refuses an answer to one. Left
    // empty after drawing it, so the rest of the demo draws the same numbers as before.
    const reply = demoReply(random, q);
    replies[q._id] = returnableQuestion(q) ? reply : emptyReply(q.weighting);
  }
  return replies;
}

/** The Getter's reply to one question. */
function demoReply(random: Random, q: Question): MoveReplies[string] {
  const reply = emptyReply(q.weighting);
  switch (q.type) {
    case 'close':
    case 'open':
    case 'penalty':
      reply.replyData = chooseOne(random, q);
      break;
    case 'multiple':
    case 'accumulative': {
      const chosen = q.answers.filter(() => random() < 0.55).map((a) => a._id);
      reply.replyData = chosen.length ? chosen : q.answers.slice(0, 1).map((a) => a._id);
      break;
    }
    case 'text':
      reply.replyData = pick(random, TEXTS);
      break;
    case 'amount':
      reply.replyData = 1 + Math.floor(random() * 15);
      break;
    case 'photographs':
      reply.replyData = Array.from({ length: photosAsked(q) }, (_, i) => `${STORE_PREFIX}${PHOTO_KEYS[(i + Math.floor(random() * 4)) % PHOTO_KEYS.length]}`);
      break;
  }
  const chosen = q.answers.filter((a) => (Array.isArray(reply.replyData) ? reply.replyData.includes(a._id) : reply.replyData === a._id));
  if (chosen.some((a) => a.hasCommentary) || random() < 0.1) reply.replyObservation = pick(random, COMMENTS);
  if (q.allowPhotoEvidence && (q.photoEvidenceRequired || random() < 0.5)) reply.evidences = [`${STORE_PREFIX}${pick(random, PHOTO_KEYS)}`];
  return reply;
}

const AGENT_NOTE = 'Revisado en el video: coincide con lo que respondió el Getter.';

/** An agent's edit: the same reply with one scored answer changed, and the agent's own text questions answered. */
export function agentEdit(random: Random, dimensions: Dimension[], replies: MoveReplies): MoveReplies {
  const scored = numberedQuestions(dimensions).filter((n) => n.question.type === 'close' && n.question.answers.length);
  const edited: MoveReplies = JSON.parse(JSON.stringify(replies));
  for (const { question: q } of numberedQuestions(dimensions)) {
    if (!returnableQuestion(q) && q.type === 'text') edited[q._id] = { ...(edited[q._id] ?? emptyReply(q.weighting)), replyData: AGENT_NOTE };
  }
  if (scored.length) {
    const q = pick(random, scored).question;
    edited[q._id] = { ...(edited[q._id] ?? emptyReply(q.weighting)), replyData: q.answers.find((a) => a.answer === 'Sí')?._id ?? q.answers[0]._id };
  }
  return edited;
}
