/**
 * The Getter's send (`POST /user-moves/submit`) takes a move to review only with its questionnaire
 * complete, by the same rules as the agent's 'Guardar Cambios'; a rescue's photo exemption is the
 * agent's, and ends once the Getter sends the move again.
 */
import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { AnsweredQuestionnaire } from '../../domain/move-api';
import { MOVE_TEXT } from '../../domain/moves';
import { type MoveReplies, numberedQuestions, REPLY_TEXT } from '../../domain/move-replies';
import type { Dimension } from '../../domain/questionnaires';
import { auditLog, moveReplies, projectLocations, projects, questionnaireVersions, transactions, userMoves, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';
import { auditsOf, autoApproving, caller, completeSend, type Detail, inStatus, logsOf, type MoveRow, movesWhere, notRepublished, reload, reviewedByPeople, withAgent, withoutAgent } from './moves-helpers';

let t: TestApp;
let admin: string;
let adminId: number;
let api: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  const login = await t.login('admin@campo.test');
  admin = login.token;
  adminId = login.id;
});
afterAll(() => t?.close());

const getterToken = async (move: MoveRow) => {
  const [getter] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, move.userId!));
  return (await t.login(getter.email)).token;
};
const questionnaireOf = async (move: MoveRow) => (await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${move.id}`, admin)).questionnaire.dimensions;
const getterReplyOf = async (move: MoveRow) => (await t.db.select().from(moveReplies).where(and(eq(moveReplies.userMoveId, move.id), eq(moveReplies.byAgent, false))))[0] ?? null;
/** A move's questionnaire version changed in place, as an older save could have left it, for one test. */
async function changeVersion(move: MoveRow, change: (dimensions: Dimension[]) => void): Promise<void> {
  const version = eq(questionnaireVersions.id, move.questionnaireVersionId!);
  const [{ content: original }] = await t.db.select({ content: questionnaireVersions.content }).from(questionnaireVersions).where(version);
  const content = structuredClone(original) as { dimensions: Dimension[] };
  change(content.dimensions);
  await t.db.update(questionnaireVersions).set({ content }).where(version);
  onTestFinished(async () => {
    await t.db.update(questionnaireVersions).set({ content: original }).where(version);
  });
}
/** The first seeded move of `where` whose questionnaire asks for photos, with that questionnaire. */
async function withPhotos(...where: SQL[]): Promise<{ move: MoveRow; dimensions: Dimension[] }> {
  for (const move of await movesWhere(t, isNotNull(userMoves.userId), isNotNull(userMoves.questionnaireVersionId), ...where)) {
    const dimensions = await questionnaireOf(move);
    if (numberedQuestions(dimensions).some((n) => n.question.type === 'photographs' && n.question.answerRequired)) return { move, dimensions };
  }
  throw new Error('no seeded move of that kind asks for photos');
}

describe('the Getter sends a complete questionnaire', () => {
  it('refuses a required answer missing, a comment missing, photos or an evidence short, naming each question, and changes nothing', async () => {
    const { move } = await withPhotos(inStatus('INICIADA'), reviewedByPeople);
    // In its version, one question's 'No' asks for a commentary and another asks for an evidence photo.
    let commented = '';
    let evidenced = '';
    await changeVersion(move, (dimensions) => {
      const [first, second] = numberedQuestions(dimensions).filter((n) => n.question.type === 'close' && n.question.answerRequired).map((n) => n.question);
      first.answers[1].hasCommentary = true;
      commented = first._id;
      Object.assign(second, { allowPhotoEvidence: true, photoEvidenceRequired: true });
      evidenced = second._id;
    });
    const dimensions = await questionnaireOf(move);
    const questions = numberedQuestions(dimensions);
    const labelOf = (id: string) => questions.find((n) => n.question._id === id)!.label;
    const required = questions.find((n) => n.question.answerRequired && n.question.type !== 'photographs' && ![commented, evidenced].includes(n.question._id))!.question;
    const photo = questions.find((n) => n.question.type === 'photographs' && n.question.answerRequired)!.question;
    const token = await getterToken(move);
    const complete = completeSend(dimensions);
    const no = questions.find((n) => n.question._id === commented)!.question.answers[1]._id;
    const replies = {
      ...complete,
      [required._id]: { ...complete[required._id], replyData: null },
      [commented]: { ...complete[commented], replyData: no, replyObservation: null },
      [photo._id]: { ...complete[photo._id], replyData: (complete[photo._id].replyData as string[]).slice(1) },
      [evidenced]: { ...complete[evidenced], evidences: [] },
    };
    const before = await reload(t, move.id);
    const replyBefore = await getterReplyOf(move);

    const refused = await api.call('POST', '/user-moves/submit', token, { id: move.id, replies });
    expect([refused.statusCode, refused.json().message]).toEqual([400, REPLY_TEXT.incomplete]);
    expect(refused.json().errors).toEqual({
      [`replies.${required._id}.replyData`]: `${labelOf(required._id)}: ${REPLY_TEXT.answerRequired}`,
      [`replies.${commented}.replyObservation`]: `${labelOf(commented)}: ${REPLY_TEXT.required}`,
      [`replies.${photo._id}.replyData`]: `${labelOf(photo._id)}: ${REPLY_TEXT.missingPhotos}`,
      [`replies.${evidenced}.evidences`]: `${labelOf(evidenced)}: ${REPLY_TEXT.missingEvidence}`,
    });
    expect(await reload(t, move.id)).toEqual(before);
    expect(await getterReplyOf(move)).toEqual(replyBefore);

    // Completed (the comment written, the photos and the evidence there), it goes to review.
    const sent = await api.ok<{ statusId: string }>('POST', '/user-moves/submit', token, { id: move.id, replies: { ...complete, [commented]: { ...complete[commented], replyData: no, replyObservation: 'El encargado no estaba.' } } });
    expect(sent.statusId).toBe('EN_REVISION');
  });

  it('does not ask the Getter for a question its app does not show, even one a version marked as required', async () => {
    const [move] = await movesWhere(t, inStatus('ASIGNADA'), isNotNull(userMoves.userId), isNotNull(userMoves.questionnaireVersionId));
    let hidden = '';
    await changeVersion(move, (dimensions) => {
      // An agent's own question, marked required: the agent answers it in the review, not the Getter.
      const q = numberedQuestions(dimensions).find((n) => n.question.type === 'close' && n.question.visibleToGetter)!.question;
      Object.assign(q, { visibleToGetter: false, answerRequired: true });
      hidden = q._id;
    });
    const replies = completeSend(await questionnaireOf(move));
    expect(replies[hidden].replyData).toBeNull();
    const sent = await api.ok<{ statusId: string }>('POST', '/user-moves/submit', await getterToken(move), { id: move.id, replies });
    expect(sent.statusId).toBe('EN_REVISION');
  });
});

describe('a rescued move returned to its Getter', () => {
  it('is sent again only with its photos, and is then reviewed as the Getter’s: the rescue no longer excuses them', async () => {
    const { move, dimensions } = await withPhotos(inStatus('ASIGNADA'), withAgent, isNull(userMoves.rescueUserId));
    const photo = numberedQuestions(dimensions).find((n) => n.question.type === 'photographs' && n.question.answerRequired)!;
    const complete = completeSend(dimensions);
    const withoutPhotos = { ...complete, [photo.question._id]: { ...complete[photo.question._id], replyData: [] } };

    // Rescued, the agent completes it without photos (it cannot take them) and returns it for them.
    const rescued = await api.ok<Detail>('POST', '/user-moves/rescue-one', admin, { id: move.id });
    expect(rescued.rescueUserId).toBe(adminId);
    const edited = await api.ok<Detail>('POST', '/questionnaireRepliedByAgent', admin, { userMoveId: move.id, replies: withoutPhotos, continueWithoutPhotos: false, version: rescued.version });
    const returned = await api.ok<Detail>('POST', '/user-moves/return-one', admin, { id: move.id, reason: 'Faltan las fotos.', questions: [photo.question._id], version: edited.version });
    expect(returned.statusId).toBe('DEVUELTA');

    // The Getter sends it back without them: refused, the move still returned and still the rescue's.
    const token = await getterToken(move);
    const before = await reload(t, move.id);
    const refused = await api.call('POST', '/user-moves/submit', token, { id: move.id, replies: withoutPhotos });
    expect([refused.statusCode, refused.json().errors]).toEqual([400, { [`replies.${photo.question._id}.replyData`]: `${photo.label}: ${REPLY_TEXT.missingPhotos}` }]);
    expect(await reload(t, move.id)).toEqual(before);

    // With them, it is the Getter's send: who had rescued it stays in the audit, the move no longer says so.
    const sent = await api.ok<{ statusId: string }>('POST', '/user-moves/submit', token, { id: move.id, replies: complete });
    expect(sent.statusId).toBe('EN_REVISION');
    expect((await reload(t, move.id)).rescueUserId).toBeNull();
    const [submitted] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'user_move'), eq(auditLog.entityId, String(move.id)), eq(auditLog.action, 'submit')));
    expect(submitted.detail).toMatchObject({ from: 'DEVUELTA', to: 'EN_REVISION', rescuedBy: adminId });

    // A photo taken out, the agent's save asks to continue without it, as on any move the Getter sent.
    const answered = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${move.id}`, admin);
    const photos = answered.replies[photo.question._id].replyData as string[];
    const shortened = await api.ok<Detail>('PUT', '/user-moves/delete-photo', admin, { userMoveId: move.id, questionId: photo.question._id, imageUrl: photos[0], index: 0 });
    const unconfirmed = await api.call('PUT', '/questionnaireRepliedByAgent', admin, { userMoveId: move.id, replies: answered.replies as MoveReplies, continueWithoutPhotos: false, version: shortened.version });
    expect([unconfirmed.statusCode, unconfirmed.json().errors]).toEqual([400, { [`replies.${photo.question._id}.replyData`]: `${photo.label}: ${REPLY_TEXT.missingPhotos}` }]);
    await api.ok('PUT', '/questionnaireRepliedByAgent', admin, { userMoveId: move.id, replies: answered.replies, continueWithoutPhotos: true, version: shortened.version });
  });
});

describe('a returned move sent again', () => {
  it('changes only the questions the agent marked: another changed is refused, omitted it keeps its reviewed reply', async () => {
    const [move] = await movesWhere(t, inStatus('EN_REVISION'), withAgent, isNotNull(userMoves.userId), isNotNull(userMoves.questionnaireVersionId));
    const answered = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${move.id}`, admin);
    const [marked, other] = numberedQuestions(answered.questionnaire.dimensions)
      .map((n) => n.question)
      .filter((q) => q.type === 'close' && q.visibleToGetter !== false);
    const returned = await api.ok<Detail>('POST', '/user-moves/return-one', admin, { id: move.id, reason: 'Revise la primera respuesta.', questions: [marked._id] });
    expect(returned.statusId).toBe('DEVUELTA');
    const token = await getterToken(move);
    const otherAnswer = (q: typeof marked, current: unknown) => q.answers.find((a) => a._id !== current && !a.hasCommentary)!._id;

    // The Getter flips an answer nobody asked it to correct: refused, nothing changes.
    const before = await reload(t, move.id);
    const flipped = { [other._id]: { replyData: otherAnswer(other, answered.replies[other._id]?.replyData) } };
    const refused = await api.call('POST', '/user-moves/submit', token, { id: move.id, replies: flipped });
    expect([refused.statusCode, refused.json().errors]).toEqual([400, { [`replies.${other._id}.replyData`]: REPLY_TEXT.notReturned }]);
    expect(await reload(t, move.id)).toEqual(before);

    // Sending the marked question corrected is enough: the rest stays as the agent reviewed it.
    const corrected = otherAnswer(marked, answered.replies[marked._id]?.replyData);
    const sent = await api.ok<{ statusId: string }>('POST', '/user-moves/submit', token, { id: move.id, replies: { [marked._id]: { replyData: corrected } } });
    expect(sent.statusId).toBe('EN_REVISION');
    const after = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${move.id}`, admin);
    expect(after.replies[marked._id].replyData).toBe(corrected);
    expect(after.replies[other._id].replyData).toEqual(answered.replies[other._id].replyData);
  });
});

describe("a project that requires automatic approval ('Requiere aprobación automática')", () => {
  // What a Getter may send: taken, started or paused.
  const toSend = inArray(userMoves.status, ['ASIGNADA', 'INICIADA', 'PAUSADA']);
  const priceOf = async (move: MoveRow) =>
    (await t.db.select({ price: projects.price }).from(projectLocations).innerJoin(projects, eq(projects.id, projectLocations.projectId)).where(eq(projectLocations.id, move.projectLocationId)))[0].price;

  it("approves a move sent complete for the first time, by no one, with the Getter's pending payment; not its republished copy", async () => {
    const [move] = await movesWhere(t, autoApproving, toSend, withAgent, isNotNull(userMoves.userId), isNotNull(userMoves.questionnaireVersionId), isNull(userMoves.republishedFromId));
    expect(move).toBeDefined();
    const sent = await api.ok<{ statusId: string; version: number }>('POST', '/user-moves/submit', await getterToken(move), { id: move.id, replies: completeSend(await questionnaireOf(move)) });
    expect(sent.statusId).toBe('APROBADA');
    const stored = await reload(t, move.id);
    expect([stored.status, stored.version, stored.finishAnalysisDate !== null, stored.completedAuditDate !== null]).toEqual(['APROBADA', sent.version, true, true]);
    // The history: the Getter's send, then the approval of no one, saying why.
    const logs = (await logsOf(t, move.id)).slice(-2);
    expect(logs.map((l) => [l.status, l.userId, l.reason, l.finishedAt === null])).toEqual([
      ['EN_REVISION', move.userId, null, false],
      ['APROBADA', null, MOVE_TEXT.autoApproved, true],
    ]);
    const [owed] = await t.db.select({ amount: transactions.amount, status: transactions.status }).from(transactions).where(eq(transactions.userMoveId, move.id));
    expect(owed).toEqual({ amount: await priceOf(move), status: 'PENDING' });
    expect((await auditsOf(t, move.id)).map((a) => [a.action, a.userId, (a.detail as { automatic?: boolean } | null)?.automatic ?? null]).slice(-2)).toEqual([
      ['submit', move.userId, null],
      ['approve', null, true],
    ]);

    // Its agent may disapprove it, and republish it: the copy, its visit turned down once, waits for the agent.
    await api.ok('POST', '/user-moves/disapprove-one', admin, { id: move.id, reason: 'El cliente objetó la visita.', version: sent.version });
    const copy = await api.ok<Detail>('POST', '/user-moves/republish-move', admin, { id: move.id });
    const resent = await api.ok<{ statusId: string }>('POST', '/user-moves/submit', await getterToken(move), { id: copy.id, replies: completeSend(await questionnaireOf(move)) });
    expect(resent.statusId).toBe('EN_REVISION');
  });

  it('leaves in review a move with no quality agent yet: approved, its actions would have no one to take them', async () => {
    const [move] = await movesWhere(t, autoApproving, toSend, withoutAgent, isNotNull(userMoves.userId), isNotNull(userMoves.questionnaireVersionId), notRepublished);
    const sent = await api.ok<{ statusId: string }>('POST', '/user-moves/submit', await getterToken(move), { id: move.id, replies: completeSend(await questionnaireOf(move)) });
    expect(sent.statusId).toBe('EN_REVISION');
  });

  it('leaves in review a move whose questionnaire asks the quality agent for a required answer', async () => {
    const [unassigned] = await movesWhere(t, autoApproving, toSend, withoutAgent, isNotNull(userMoves.userId), isNotNull(userMoves.questionnaireVersionId), notRepublished);
    const [{ assignedAgentId }] = await movesWhere(t, withAgent);
    await api.ok('PUT', '/user-moves', admin, { id: unassigned.id, assignedAgentId });
    const move = await reload(t, unassigned.id);
    await changeVersion(move, (dimensions) => {
      const q = numberedQuestions(dimensions).find((n) => n.question.type === 'close' && n.question.visibleToGetter)!.question;
      Object.assign(q, { visibleToGetter: false, answerRequired: true });
    });
    const sent = await api.ok<{ statusId: string }>('POST', '/user-moves/submit', await getterToken(move), { id: move.id, replies: completeSend(await questionnaireOf(move)) });
    expect(sent.statusId).toBe('EN_REVISION');
    expect(await t.db.select().from(transactions).where(eq(transactions.userMoveId, move.id))).toEqual([]);
  });

  it('leaves in review a returned move sent again: the agent who returned it looks at the correction', async () => {
    const [move] = await movesWhere(t, autoApproving, inStatus('EN_REVISION'), withAgent, isNotNull(userMoves.userId), isNotNull(userMoves.questionnaireVersionId));
    const dimensions = await questionnaireOf(move);
    const question = numberedQuestions(dimensions).find((n) => n.question.type === 'close' && n.question.visibleToGetter)!.question;
    const returned = await api.ok<Detail>('POST', '/user-moves/return-one', admin, { id: move.id, reason: 'Revise la primera respuesta.', questions: [question._id], version: move.version });
    expect(returned.statusId).toBe('DEVUELTA');
    const sent = await api.ok<{ statusId: string }>('POST', '/user-moves/submit', await getterToken(move), { id: move.id, replies: { [question._id]: completeSend(dimensions)[question._id] } });
    expect(sent.statusId).toBe('EN_REVISION');
    expect((await logsOf(t, move.id)).at(-1)).toMatchObject({ status: 'EN_REVISION', finishedAt: null });
  });
});
