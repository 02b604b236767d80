import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { questionnaireResult, type Replies } from '../../domain/questionnaire-result';
import { defaultAnswers, type Dimension, newPenaltyDimension, newQuestion, type Question, type QuestionType, withType } from '../../domain/questionnaires';

const question = (id: string, type: QuestionType, weighting: number): Question => ({ ...withType(newQuestion(), type), _id: id, name: id, weighting });
const dim = (weighting: number, subs: [number, Question[]][]): Dimension => ({
  _id: `d${weighting}`,
  name: 'D',
  weighting,
  type: 'NORMAL',
  subDimensions: subs.map(([w, questions], i) => ({ _id: `s${i}`, name: 'S', weighting: w, type: 'NORMAL', questions })),
});
/** The id of the answer of `q` whose text is `text`. */
const pick = (q: Question, text: string) => q.answers.find((a) => a.answer === text)!._id;

describe('questionnaireResult', () => {
  const a = question('a', 'close', 60);
  const b = question('b', 'close', 40);
  const c = question('c', 'close', 100);
  const version = { dimensions: [dim(70, [[100, [a, b]]]), dim(30, [[100, [c]]])] };

  it('weights dimension → sub-dimension → question', () => {
    expect(questionnaireResult(version, { a: { replyData: pick(a, 'Sí') }, b: { replyData: pick(b, 'No') }, c: { replyData: pick(c, 'Sí') } })).toBe(72);
    expect(questionnaireResult(version, { a: { replyData: pick(a, 'Sí') }, b: { replyData: pick(b, 'Sí') }, c: { replyData: pick(c, 'No') } })).toBe(70);
  });

  it('leaves N/A answers out and renormalises the rest', () => {
    const replies: Replies = { a: { replyData: pick(a, 'N/A') }, b: { replyData: pick(b, 'Sí') }, c: { replyData: pick(c, 'No') } };
    expect(questionnaireResult(version, replies)).toBe(70);
    // The whole second dimension N/A: the first one is the result.
    expect(questionnaireResult(version, { a: { replyData: pick(a, 'Sí') }, b: { replyData: pick(b, 'No') }, c: { replyData: pick(c, 'N/A') } })).toBe(60);
  });

  it('is -1 when nothing scored was answered', () => {
    expect(questionnaireResult(version, {})).toBe(-1);
    expect(questionnaireResult({ dimensions: [dim(100, [[100, [question('t', 'text', -1)]]])] }, { t: { replyData: 'Todo bien' } })).toBe(-1);
  });

  it('scores open questions by the chosen option and accumulative ones by the sum of the chosen', () => {
    const open = { ...question('o', 'open', 50), answers: defaultAnswers('open').map((x, i) => ({ ...x, weighting: [100, 25][i] })) };
    const acc = question('m', 'accumulative', 50);
    const v = { dimensions: [dim(100, [[100, [open, acc]]])] };
    expect(questionnaireResult(v, { o: { replyData: open.answers[1]._id }, m: { replyData: [acc.answers[0]._id] } })).toBe(37.5);
    expect(questionnaireResult(v, { o: { replyData: open.answers[0]._id }, m: { replyData: acc.answers.map((x) => x._id) } })).toBe(100);
  });

  it('subtracts accumulative penalties and zeroes on an absolute one', () => {
    const p = newPenaltyDimension();
    const abs = { ...withType(newQuestion('PENALTY_ABSOLUTE'), 'penalty', 'PENALTY_ABSOLUTE'), _id: 'pa' };
    const acc = { ...withType(newQuestion('PENALTY_ACCUMULATIVE'), 'penalty', 'PENALTY_ACCUMULATIVE'), _id: 'pc', weighting: 15 };
    p.subDimensions[0].questions = [abs];
    p.subDimensions[1].questions = [acc];
    const v = { dimensions: [...version.dimensions, p] };
    const all: Replies = { a: { replyData: pick(a, 'Sí') }, b: { replyData: pick(b, 'Sí') }, c: { replyData: pick(c, 'Sí') } };
    expect(questionnaireResult(v, all)).toBe(100);
    expect(questionnaireResult(v, { ...all, pc: { replyData: pick(acc, 'Sí') } })).toBe(85);
    expect(questionnaireResult(v, { ...all, pc: { replyData: pick(acc, 'No') } })).toBe(100);
    expect(questionnaireResult(v, { ...all, pa: { replyData: pick(abs, 'Sí') } })).toBe(0);
  });

  it('stays between 0 and 100 with two decimals, 100 when every answer is the best and 0 when the worst', () => {
    const arb = fc.array(fc.tuple(fc.integer({ min: 1, max: 100 }), fc.constantFrom('Sí', 'No', 'N/A')), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(arb, arb, (first, second) => {
        const qs1 = first.map(([w], i) => question(`x${i}`, 'close', w));
        const qs2 = second.map(([w], i) => question(`y${i}`, 'close', w));
        const v = { dimensions: [dim(50, [[100, qs1]]), dim(50, [[100, qs2]])] };
        const replies: Record<string, { replyData: string }> = {};
        [...first.map((t, i) => [qs1[i], t[1]] as const), ...second.map((t, i) => [qs2[i], t[1]] as const)].forEach(([q, text]) => {
          replies[q._id] = { replyData: pick(q, text) };
        });
        const result = questionnaireResult(v, replies);
        const allNa = [...first, ...second].every(([, t]) => t === 'N/A');
        if (allNa) expect(result).toBe(-1);
        else {
          expect(result).toBeGreaterThanOrEqual(0);
          expect(result).toBeLessThanOrEqual(100);
          expect(Math.round(result * 100) / 100).toBe(result);
        }
        const best = Object.fromEntries([...qs1, ...qs2].map((q) => [q._id, { replyData: pick(q, 'Sí') }]));
        const worst = Object.fromEntries([...qs1, ...qs2].map((q) => [q._id, { replyData: pick(q, 'No') }]));
        expect(questionnaireResult(v, best)).toBe(100);
        expect(questionnaireResult(v, worst)).toBe(0);
      }),
    );
  });
});
