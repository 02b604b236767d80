/** The review workflow as the server enforces it: each action one transaction, one winner per race. */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGN_TEXT } from '../../domain/assignment';
import type { AnsweredQuestionnaire, MoveDetail } from '../../domain/move-api';
import { MOVE_FORM_TEXT } from '../../domain/move-forms';
import { type MoveReplies, REPLY_TEXT, REPLY_TEXT_MAX } from '../../domain/move-replies';
import { MOVE_TEXT } from '../../domain/moves';
import { questionnaireResult } from '../../domain/questionnaire-result';
import { ROLE } from '../../domain/roles';
import { todayIso } from '../../domain/validation';
import { accounts, locations, moveReplies, projectLocations, projects, transactions, userMoves, users, visits } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';
import { auditsOf, caller, completeSend, type Detail, expectLogFollows, inStatus, logsOf, movesWhere, notRepublished, reload, visitGoneMessage, withAgent, withoutAgent } from './moves-helpers';

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

const VIDEO = 'https://www.dropbox.com/s/abc/visita.mp4?dl=0';
/** The seeded moves of a status, each test taking a different one by index. */
const inReview = async (i: number) => (await movesWhere(t, inStatus('EN_REVISION'), withAgent, isNull(userMoves.rescueUserId)))[i];
/** Moves of a project that has ended, or not (as of today). */
const ofProject = (ended: boolean) =>
  inArray(
    userMoves.projectLocationId,
    t.db
      .select({ id: projectLocations.id })
      .from(projectLocations)
      .innerJoin(projects, eq(projects.id, projectLocations.projectId))
      .where(ended ? sql`${projects.endDate} < ${todayIso()}` : sql`${projects.endDate} >= ${todayIso()}`),
  );

const priceOf = async (projectLocationId: number) => {
  const [row] = await t.db.select({ price: projects.price }).from(projectLocations).innerJoin(projects, eq(projects.id, projectLocations.projectId)).where(eq(projectLocations.id, projectLocationId));
  return row.price;
};

describe('approving', () => {
  it('checks the video URL with the spec’s messages', async () => {
    const move = await inReview(0);
    for (const [link, message] of [
      ['', MOVE_FORM_TEXT.fieldRequired],
      ['    ', MOVE_FORM_TEXT.fieldRequired],
      ['https://x.test/mi video.mp4', MOVE_FORM_TEXT.urlSpaces],
      ['a.b', MOVE_FORM_TEXT.tooShort],
      [`https://x.test/${'v'.repeat(250)}`, MOVE_FORM_TEXT.tooLong],
    ]) {
      const res = await api.call('POST', '/user-moves/accept-one', admin, { id: move.id, userMoveVideoLink: link });
      expect(res.statusCode, link).toBe(400);
      expect(res.json().errors.userMoveVideoLink).toBe(message);
    }
    expect((await reload(t, move.id)).version).toBe(move.version);
  });

  it('refuses a link to a file of the move as the video (it expires in an hour), writing nothing', async () => {
    const move = await inReview(0);
    for (const [path, body] of [
      ['/user-moves/accept-one', { id: move.id, userMoveVideoLink: '/api/files/moves/1/video.mp4?exp=1767225600&sig=abc' }],
      ['/user-moves', { id: move.id, userMoveVideoLink: 'https://campo.test/api/files/moves/1/video.mp4?exp=1&sig=x' }],
    ] as const) {
      const res = await api.call(path === '/user-moves' ? 'PUT' : 'POST', path, admin, body);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors.userMoveVideoLink, path).toBe(MOVE_FORM_TEXT.storedVideo);
    }
    expect(await reload(t, move.id)).toMatchObject({ status: 'EN_REVISION', version: move.version, videoLink: move.videoLink });
  });

  it('refuses as the video a link the move’s screens could not open (no web address), writing nothing', async () => {
    const move = await inReview(0);
    const [approved] = await movesWhere(t, inStatus('APROBADA'), withAgent);
    // 'www.…' was approved and then shown as plain text, with no link, in 'Editado' and in the client's visit.
    // Nor one with an invisible character (a direction override shows it reversed, a zero-width space breaks
    // its host).
    for (const link of ['www.youtube.com/watch?v=visita', 'javascript:alert(1)', '\u0001\u0002\u0003\u0004\u0005', 'ftp://videos.campo.test/visita.mp4', 'http://\u202emoc.live/v', 'https://exa\u200bmple.com/v']) {
      const accept = await api.call('POST', '/user-moves/accept-one', admin, { id: move.id, userMoveVideoLink: link });
      expect([accept.statusCode, accept.json().errors?.userMoveVideoLink], link).toEqual([400, MOVE_FORM_TEXT.videoNotWeb]);
      const replace = await api.call('PUT', '/user-moves', admin, { id: approved.id, userMoveVideoLink: link });
      expect([replace.statusCode, replace.json().errors?.userMoveVideoLink], link).toEqual([400, MOVE_FORM_TEXT.videoNotWeb]);
    }
    expect(await reload(t, move.id)).toMatchObject({ status: 'EN_REVISION', version: move.version });
    expect(await reload(t, approved.id)).toMatchObject({ version: approved.version, videoLink: approved.videoLink });
  });

  it('approves in one transaction: status, log, audit and the Getter’s PENDING transaction at the project’s price', async () => {
    const move = await inReview(1);
    // A Getter without an account yet: approving creates it.
    await t.db.delete(transactions).where(inArray(transactions.accountId, t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, move.userId!))));
    await t.db.delete(accounts).where(eq(accounts.userId, move.userId!));
    const answer = await api.ok<Detail>('POST', '/user-moves/accept-one', admin, { id: move.id, userMoveVideoLink: VIDEO, version: move.version });
    expect(answer).toMatchObject({ statusId: 'APROBADA', userMoveVideoLink: VIDEO, version: move.version + 1 });
    expect(answer.finishAnalysisDate).not.toBeNull();
    await expectLogFollows(t, move.id, 'APROBADA');
    const [entry] = (await auditsOf(t, move.id)).filter((a) => a.action === 'approve');
    expect(entry).toMatchObject({ userId: adminId, detail: expect.objectContaining({ from: 'EN_REVISION', to: 'APROBADA' }) });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, move.userId!));
    const [owed] = await t.db.select().from(transactions).where(eq(transactions.userMoveId, move.id));
    expect(owed).toMatchObject({ accountId: account.id, status: 'PENDING', amount: await priceOf(move.projectLocationId) });
    expect(answer.transaction?.id).toBe(owed.id);
  });

  it('lets exactly one of two simultaneous approvals win; the other gets 409 and nothing is written twice', async () => {
    const move = await inReview(2);
    const body = { id: move.id, userMoveVideoLink: VIDEO, version: move.version };
    const [a, b] = await Promise.all([api.call('POST', '/user-moves/accept-one', admin, body), api.call('POST', '/user-moves/accept-one', admin, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(MOVE_TEXT.conflict);
    expect((await reload(t, move.id)).version).toBe(move.version + 1);
    expect((await logsOf(t, move.id)).filter((l) => l.status === 'APROBADA')).toHaveLength(1);
    expect(await t.db.select().from(transactions).where(eq(transactions.userMoveId, move.id))).toHaveLength(1);
  });

  it('refuses a stale version and a move without an agent, writing nothing', async () => {
    const move = await inReview(3);
    const stale = await api.call('POST', '/user-moves/accept-one', admin, { id: move.id, userMoveVideoLink: VIDEO, version: move.version - 1 || 999 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MOVE_TEXT.conflict);
    const [lonely] = await movesWhere(t, inStatus('EN_REVISION'), withoutAgent);
    const logsBefore = (await logsOf(t, lonely.id)).length;
    const res = await api.call('POST', '/user-moves/accept-one', admin, { id: lonely.id, userMoveVideoLink: VIDEO });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MOVE_TEXT.noAgent);
    expect(await reload(t, lonely.id)).toMatchObject({ status: 'EN_REVISION', version: lonely.version, videoLink: null });
    expect(await logsOf(t, lonely.id)).toHaveLength(logsBefore);
    expect(await t.db.select().from(transactions).where(eq(transactions.userMoveId, lonely.id))).toHaveLength(0);
  });

  it('refuses to approve a move that is not in review', async () => {
    const [approved] = await movesWhere(t, inStatus('APROBADA'));
    const res = await api.call('POST', '/user-moves/accept-one', admin, { id: approved.id, userMoveVideoLink: VIDEO });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No se puede realizar esta acción sobre una move aprobada.');
  });
});

describe('rejecting, returning, disapproving', () => {
  it('rejects with a reason, which is required', async () => {
    const move = await inReview(4);
    const empty = await api.call('POST', '/user-moves/reject-one', admin, { id: move.id, reason: '  ' });
    expect(empty.json().errors.reason).toBe('Campo requerido');
    // Control characters only: nothing the Getter or the history could read (it was rejected with it).
    const control = await api.call('POST', '/user-moves/reject-one', admin, { id: move.id, reason: '\u0001\u0002\u0003' });
    expect([control.statusCode, control.json().errors?.reason]).toEqual([400, 'Campo requerido']);
    expect((await reload(t, move.id)).status).toBe('EN_REVISION');
    const answer = await api.ok<Detail>('POST', '/user-moves/reject-one', admin, { id: move.id, projectLocationId: move.projectLocationId, reason: 'El video no corresponde.' });
    expect(answer).toMatchObject({ statusId: 'RECHAZADA', rejectionReason: 'El video no corresponde.' });
    expect((await logsOf(t, move.id)).at(-1)).toMatchObject({ status: 'RECHAZADA', reason: 'El video no corresponde.' });
  });

  it('returns with at least one flagged question and a reason; the flags reach the Getter’s reply', async () => {
    const move = await inReview(5);
    const none = await api.call('POST', '/user-moves/return-one', admin, { id: move.id, reason: 'Corregir', questions: [] });
    expect(none.json().errors.questions).toBe(MOVE_FORM_TEXT.flagOne);
    const answered = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${move.id}`, admin);
    const question = answered.questionnaire.dimensions[0].subDimensions[0].questions[0]._id;
    const noReason = await api.call('POST', '/user-moves/return-one', admin, { id: move.id, reason: '', questions: [question] });
    expect(noReason.json().errors.reason).toBe('Campo requerido');
    const unknown = await api.call('POST', '/user-moves/return-one', admin, { id: move.id, reason: 'Corregir', questions: ['no-existe'] });
    expect(unknown.statusCode).toBe(400);
    expect((await reload(t, move.id)).status).toBe('EN_REVISION');
    await api.ok('POST', '/user-moves/return-one', admin, { id: move.id, reason: 'Falta la foto de la góndola', questions: [question] });
    const after = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${move.id}`, admin);
    expect(after.replies[question].hasToEdit).toBe(true);
    expect(Object.values(after.replies).filter((r) => r.hasToEdit)).toHaveLength(1);
    expect((await reload(t, move.id)).returnReason).toBe('Falta la foto de la góndola');
  });

  it('does not return a question the Getter’s app does not show (an agent’s own): the Getter could not correct it', async () => {
    let found: { move: Awaited<ReturnType<typeof inReview>>; hidden: string; label: string; shown: string } | undefined;
    for (const move of (await movesWhere(t, inStatus('EN_REVISION'), withAgent, isNull(userMoves.rescueUserId))).slice(10)) {
      const answered = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${move.id}`, admin);
      const questions = answered.questionnaire.dimensions.flatMap((d, di) => d.subDimensions.flatMap((sd, si) => sd.questions.map((q, qi) => ({ q, label: `${di + 1}.${si + 1}.${qi + 1} ${q.name}` }))));
      const hidden = questions.find(({ q }) => q.visibleToGetter === false);
      if (hidden) {
        found = { move, hidden: hidden.q._id, label: hidden.label, shown: questions.find(({ q }) => q.visibleToGetter !== false)!.q._id };
        break;
      }
    }
    expect(found, 'a move in review whose questionnaire has a question only agents see').toBeDefined();
    const { move, hidden, label, shown } = found!;
    const refused = await api.call('POST', '/user-moves/return-one', admin, { id: move.id, reason: 'Corregir', questions: [shown, hidden], version: move.version });
    expect([refused.statusCode, refused.json().errors?.questions]).toEqual([400, MOVE_FORM_TEXT.notForGetter(label)]);
    expect(await reload(t, move.id)).toMatchObject({ status: 'EN_REVISION', version: move.version });
    await api.ok('POST', '/user-moves/return-one', admin, { id: move.id, reason: 'Corregir', questions: [shown], version: move.version });
    expect((await reload(t, move.id)).status).toBe('DEVUELTA');
  });

  it('shows the returned questions on a move an agent had edited too (the review shows the agent’s edit)', async () => {
    const move = await inReview(9);
    const answered = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${move.id}`, admin);
    const edited = await api.ok<Detail>('POST', '/questionnaireRepliedByAgent', admin, { userMoveId: move.id, replies: answered.replies, continueWithoutPhotos: true, version: move.version });
    const question = answered.questionnaire.dimensions[0].subDimensions[0].questions[1]._id;
    await api.ok('POST', '/user-moves/return-one', admin, { id: move.id, reason: 'Revisar cantidad', questions: [question], version: edited.version });
    for (const path of ['/questionnaireRepliedByAgent', '/questionnaires-replyeds/get']) {
      const shown = await api.ok<AnsweredQuestionnaire>('GET', `${path}?userMoveId=${move.id}`, admin);
      expect(Object.entries(shown.replies).filter(([, r]) => r.hasToEdit).map(([id]) => id), path).toEqual([question]);
    }
  });

  it('refuses an observation longer than a reply keeps with the words the review shows beside the question, writing nothing', async () => {
    const move = await inReview(10);
    const answered = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${move.id}`, admin);
    const [first] = Object.keys(answered.replies);
    const replies = { ...answered.replies, [first]: { ...answered.replies[first], replyObservation: 'x'.repeat(REPLY_TEXT_MAX + 1) } };
    const refused = await api.call('POST', '/questionnaireRepliedByAgent', admin, { userMoveId: move.id, replies, continueWithoutPhotos: true, version: move.version });
    expect(refused.statusCode).toBe(400);
    expect(Object.values(refused.json().errors ?? {})).toContain(REPLY_TEXT.tooLong);
    expect((await reload(t, move.id)).version).toBe(move.version);
  });

  it('disapproves an approved move with a reason, dropping its pending transaction', async () => {
    const [approved] = await movesWhere(t, inStatus('APROBADA'), withAgent);
    expect(await t.db.select().from(transactions).where(eq(transactions.userMoveId, approved.id))).toHaveLength(1);
    const answer = await api.ok<Detail>('POST', '/user-moves/disapprove-one', admin, { id: approved.id, reason: 'El cliente objetó la visita.' });
    expect(answer).toMatchObject({ statusId: 'DESAPROBADA', disapprovedReason: 'El cliente objetó la visita.' });
    expect(await t.db.select().from(transactions).where(eq(transactions.userMoveId, approved.id))).toHaveLength(0);
  });
});

describe('rescuing and republishing', () => {
  it('rescues an assigned move into review, recording who rescued it; not a move already in review', async () => {
    const [assigned] = await movesWhere(t, inStatus('ASIGNADA'));
    const answer = await api.ok<Detail>('POST', '/user-moves/rescue-one', admin, { id: assigned.id, userId: 99 });
    expect(answer).toMatchObject({ statusId: 'EN_REVISION', rescueUserId: adminId });
    await expectLogFollows(t, assigned.id, 'EN_REVISION');
    expect((await api.call('POST', '/user-moves/rescue-one', admin, { id: assigned.id })).statusCode).toBe(409);
  });

  it('refuses to rescue or republish a move no Getter took (409), and changes nothing', async () => {
    // A published move nobody took, cancelled: no field work to rescue.
    const [open] = await movesWhere(t, inStatus('DISPONIBLE'), isNull(userMoves.userId));
    await api.ok('POST', '/user-moves/cancel-one', admin, { id: open.id, reason: 'Se canceló el pedido.' });
    const cancelled = await reload(t, open.id);
    const rescue = await api.call('POST', '/user-moves/rescue-one', admin, { id: open.id });
    expect(rescue.statusCode).toBe(409);
    expect(rescue.json().message).toBe(MOVE_TEXT.rescueNoGetter);
    expect(await reload(t, open.id)).toMatchObject({ status: 'CANCELADA', version: cancelled.version });
    // One left so by an earlier version (rejected with no Getter) is not republished for nobody.
    await t.db.update(userMoves).set({ status: 'RECHAZADA', assignedAgentId: adminId }).where(eq(userMoves.id, open.id));
    const before = (await t.db.select({ id: userMoves.id }).from(userMoves)).length;
    const republish = await api.call('POST', '/user-moves/republish-move', admin, { id: open.id });
    expect(republish.statusCode).toBe(409);
    expect(republish.json().message).toBe(MOVE_TEXT.republishNoGetter);
    expect((await t.db.select({ id: userMoves.id }).from(userMoves)).length).toBe(before);
    await t.db.update(userMoves).set({ status: 'CANCELADA', assignedAgentId: cancelled.assignedAgentId }).where(eq(userMoves.id, open.id));
  });

  it('approves a rescued move only once the agent has answered what it requires', async () => {
    // A rescued move arrives in review with no answers; approving it as it came owed the Getter for nothing.
    const [assigned] = await movesWhere(t, inStatus('ASIGNADA'), withAgent, isNull(userMoves.rescueUserId));
    const rescued = await api.ok<Detail>('POST', '/user-moves/rescue-one', admin, { id: assigned.id });
    const refused = await api.call('POST', '/user-moves/accept-one', admin, { id: rescued.id, userMoveVideoLink: VIDEO, version: rescued.version });
    expect([refused.statusCode, refused.json().message]).toEqual([400, REPLY_TEXT.incomplete]);
    expect(Object.values(refused.json().errors as Record<string, string>).some((e) => e.includes(REPLY_TEXT.answerRequired))).toBe(true);
    expect((await reload(t, rescued.id)).status).toBe('EN_REVISION');
    expect(await t.db.select().from(transactions).where(eq(transactions.userMoveId, rescued.id))).toHaveLength(0);

    // The agent answers (here: another reviewed move's answers to the same questionnaire version), then it approves.
    const [twin] = await movesWhere(t, inStatus('EN_REVISION'), eq(userMoves.questionnaireVersionId, assigned.questionnaireVersionId!), isNull(userMoves.rescueUserId));
    const { replies } = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${twin.id}`, admin);
    const edited = await api.ok<Detail>('POST', '/questionnaireRepliedByAgent', admin, { userMoveId: rescued.id, replies, continueWithoutPhotos: true, version: rescued.version });
    const approved = await api.ok<Detail>('POST', '/user-moves/accept-one', admin, { id: rescued.id, userMoveVideoLink: VIDEO, version: edited.version });
    expect(approved.statusId).toBe('APROBADA');
  });

  it('gives a rescued move, once approved, a visit date: the client\'s report and dashboard show it', async () => {
    // A rescued move never got the Getter's 'completed' date: approved without one, it was counted in the
    // dashboard's approved visits and missing from the report (which filters by that date) and the charts.
    const [started] = await movesWhere(t, inStatus('ASIGNADA'), withAgent, isNull(userMoves.rescueUserId), isNull(userMoves.completedAuditDate));
    const begun = new Date(Date.now() - 2 * 86_400_000);
    await t.db.update(userMoves).set({ startAuditDate: begun }).where(eq(userMoves.id, started.id));
    const rescued = await api.ok<Detail>('POST', '/user-moves/rescue-one', admin, { id: started.id });
    const [twin] = await movesWhere(t, inStatus('EN_REVISION'), eq(userMoves.questionnaireVersionId, started.questionnaireVersionId!), isNull(userMoves.rescueUserId));
    const { replies } = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${twin.id}`, admin);
    const edited = await api.ok<Detail>('POST', '/questionnaireRepliedByAgent', admin, { userMoveId: rescued.id, replies, continueWithoutPhotos: true, version: rescued.version });
    await api.ok<Detail>('POST', '/user-moves/accept-one', admin, { id: rescued.id, userMoveVideoLink: VIDEO, version: edited.version });
    // The visit began when the Getter started it: that is its day.
    expect((await reload(t, rescued.id)).completedAuditDate?.toISOString()).toBe(begun.toISOString());

    const [place] = await t.db
      .select({ clientId: projects.clientId, projectId: projects.id })
      .from(projectLocations)
      .innerJoin(projects, eq(projects.id, projectLocations.projectId))
      .where(eq(projectLocations.id, started.projectLocationId!));
    const day = todayIso();
    const report = await api.ok<{ result: { id: number }[] }>('GET', `/reports/performance?clientId=${place.clientId}&projectId=${place.projectId}&fromDate=2000-01-01&toDate=${day}&limit=1000`, admin);
    expect(report.result.map((r) => r.id)).toContain(rescued.id);
  });

  it('republishes a rejected move once: a new ASIGNADA move for the same Getter and location', async () => {
    const [rejected] = await movesWhere(t, inStatus('RECHAZADA'), withAgent, notRepublished, ofProject(false));
    const copy = await api.ok<Detail>('POST', '/user-moves/republish-move', admin, { id: rejected.id, projectLocationId: rejected.projectLocationId });
    expect(copy).toMatchObject({ statusId: 'ASIGNADA', republishedFromId: rejected.id, userId: rejected.userId, projectLocation: { id: rejected.projectLocationId } });
    expect(copy.code).not.toBe(rejected.code);
    expect((await api.ok<Detail>('GET', `/user-moves/get?id=${rejected.id}`, admin)).republished).toBe(true);
    expect((await api.ok<Detail>('GET', `/user-moves/republish-move?id=${rejected.id}`, admin)).id).toBe(copy.id);
    const again = await api.call('POST', '/user-moves/republish-move', admin, { id: rejected.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MOVE_TEXT.alreadyRepublished);
  });

  it('refuses to republish at a point of sale deactivated since (as an assignment would), writing nothing', async () => {
    const [rejected] = await movesWhere(t, inStatus('RECHAZADA'), withAgent, notRepublished, ofProject(false));
    const [place] = await t.db
      .select({ id: locations.id, name: locations.fullName })
      .from(projectLocations)
      .innerJoin(locations, eq(locations.id, projectLocations.locationId))
      .where(eq(projectLocations.id, rejected.projectLocationId));
    await api.ok('PUT', '/locations/disable', admin, { id: place.id, status: false });
    // As the deactivation left it (it says the move can no longer be assigned: `assignable_until`).
    const before = await reload(t, rejected.id);
    expect(before.assignableUntil).toBeNull();
    try {
      const res = await api.call('POST', '/user-moves/republish-move', admin, { id: rejected.id });
      expect([res.statusCode, res.json().message]).toEqual([409, ASSIGN_TEXT.locationInactive([place.name])]);
      expect(await reload(t, rejected.id)).toEqual(before);
      expect((await api.call('GET', `/user-moves/republish-move?id=${rejected.id}`, admin)).statusCode).toBe(204);
    } finally {
      await api.ok('PUT', '/locations/disable', admin, { id: place.id, status: true });
    }
  });

  it('refuses to republish for a Getter no longer active (as an assignment would), writing nothing', async () => {
    const [rejected] = await movesWhere(t, inStatus('RECHAZADA'), withAgent, notRepublished, ofProject(false));
    const before = await reload(t, rejected.id);
    expect((await api.ok<MoveDetail>('GET', `/user-moves/get?id=${rejected.id}`, admin)).user).toMatchObject({ id: rejected.userId, active: true });
    await t.db.update(users).set({ status: false }).where(eq(users.id, rejected.userId!));
    try {
      // The move's detail says so, for the console to say it before anyone tries.
      expect((await api.ok<MoveDetail>('GET', `/user-moves/get?id=${rejected.id}`, admin)).user).toMatchObject({ id: rejected.userId, active: false });
      const res = await api.call('POST', '/user-moves/republish-move', admin, { id: rejected.id });
      expect([res.statusCode, res.json().message]).toEqual([409, MOVE_TEXT.republishGetterGone]);
      expect(await reload(t, rejected.id)).toEqual(before);
      expect((await api.call('GET', `/user-moves/republish-move?id=${rejected.id}`, admin)).statusCode).toBe(204);
    } finally {
      await t.db.update(users).set({ status: true }).where(eq(users.id, rejected.userId!));
    }
  });

  it('refuses to republish a move of a project that has ended (the copy could never be done nor reassigned), writing nothing', async () => {
    const [rejected] = await movesWhere(t, inStatus('RECHAZADA'), withAgent, notRepublished, ofProject(true));
    expect(rejected, 'the demo has a rejected move in an ended project').toBeDefined();
    const before = await reload(t, rejected.id);
    const res = await api.call('POST', '/user-moves/republish-move', admin, { id: rejected.id });
    expect([res.statusCode, res.json().message]).toEqual([409, MOVE_TEXT.projectEndedRepublish]);
    expect(await reload(t, rejected.id)).toEqual(before);
    expect((await api.call('GET', `/user-moves/republish-move?id=${rejected.id}`, admin)).statusCode).toBe(204);
  });
});

describe('editing the answers', () => {
  async function answersOf(moveId: number) {
    return api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${moveId}`, admin);
  }

  it('saves the agent’s edit, scored on the server with the domain function', async () => {
    const move = await inReview(6);
    const answered = await answersOf(move.id);
    const close = answered.questionnaire.dimensions.flatMap((d) => d.subDimensions.flatMap((s) => s.questions)).find((q) => q.type === 'close')!;
    const no = close.answers.find((a) => a.answer === 'No')!._id;
    const replies = { ...answered.replies, [close._id]: { ...answered.replies[close._id], replyData: no } };
    const answer = await api.ok<Detail>('POST', '/questionnaireRepliedByAgent', admin, { userMoveId: move.id, replies, continueWithoutPhotos: true, version: move.version });
    const expected = questionnaireResult({ dimensions: answered.questionnaire.dimensions }, replies as MoveReplies);
    expect(answer.questionnaireResult).toBe(expected);
    expect(answer.editedByAgent).toBe(true);
    const [stored] = await t.db.select().from(moveReplies).where(and(eq(moveReplies.userMoveId, move.id), eq(moveReplies.byAgent, true)));
    expect(Number(stored.questionnaireResult)).toBe(expected);
    expect((stored.replies as MoveReplies)[close._id].replyData).toBe(no);
  });

  it('refuses an incomplete edit with the list; photos alone pass once confirmed', async () => {
    const move = await inReview(7);
    const answered = await answersOf(move.id);
    const questions = answered.questionnaire.dimensions.flatMap((d) => d.subDimensions.flatMap((s) => s.questions));
    const required = questions.find((q) => q.answerRequired && q.type === 'close')!;
    const missing = await api.call('PUT', '/questionnaireRepliedByAgent', admin, { userMoveId: move.id, replies: { ...answered.replies, [required._id]: { replyData: null } }, continueWithoutPhotos: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(REPLY_TEXT.incomplete);
    expect(Object.values(missing.json().errors as Record<string, string>)[0]).toContain(REPLY_TEXT.answerRequired);
    const photoQuestion = questions.find((q) => q.type === 'photographs' && q.answerRequired);
    if (photoQuestion) {
      const photos = answered.replies[photoQuestion._id].replyData as string[];
      await api.ok('PUT', '/user-moves/delete-photo', admin, { userMoveId: move.id, questionId: photoQuestion._id, imageUrl: photos[0], index: 0 });
      const unconfirmed = await api.call('PUT', '/questionnaireRepliedByAgent', admin, { userMoveId: move.id, replies: answered.replies, continueWithoutPhotos: false });
      expect(unconfirmed.json().message).toBe(REPLY_TEXT.incomplete);
      await api.ok('PUT', '/questionnaireRepliedByAgent', admin, { userMoveId: move.id, replies: answered.replies, continueWithoutPhotos: true });
      expect(((await answersOf(move.id)).replies[photoQuestion._id].replyData as string[]).length).toBe(photos.length - 1);
    }
  });

  it('edits an approved move only with a reason', async () => {
    // One the Getter answered (a rescued one's answers are the agent's alone).
    const [approved] = await movesWhere(t, inStatus('APROBADA'), withAgent, isNull(userMoves.editReason), isNull(userMoves.rescueUserId));
    const answered = await answersOf(approved.id);
    const noReason = await api.call('PUT', '/user-moves/edit-one', admin, { id: approved.id, questionnarieReplyedByAgent: { replies: answered.replies }, continueWithoutPhotos: true });
    expect(noReason.json().errors.reason).toBe('Campo requerido');
    const control = await api.call('PUT', '/user-moves/edit-one', admin, { id: approved.id, reason: '\u0001\u0002 ', questionnarieReplyedByAgent: { replies: answered.replies }, continueWithoutPhotos: true });
    expect([control.statusCode, control.json().errors?.reason]).toEqual([400, 'Campo requerido']);
    const answer = await api.ok<Detail>('PUT', '/user-moves/edit-one', admin, { id: approved.id, reason: 'Corrección pedida por el cliente', questionnarieReplyedByAgent: { replies: answered.replies }, continueWithoutPhotos: true });
    expect(answer).toMatchObject({ statusId: 'APROBADA', editReason: 'Corrección pedida por el cliente', editedByAgent: true });
  });

  it('deletes a photo only when the link is the one at that position', async () => {
    const move = await inReview(8);
    const answered = await answersOf(move.id);
    const [id, reply] = Object.entries(answered.replies).find(([, r]) => Array.isArray(r.replyData) && String(r.replyData[0]).startsWith('/api/files/'))!;
    const wrong = await api.call('PUT', '/user-moves/delete-photo', admin, { userMoveId: move.id, questionId: id, imageUrl: '/api/files/demo/otra.png', index: 0 });
    expect(wrong.statusCode).toBe(409);
    await api.ok('PUT', '/user-moves/delete-photo', admin, { userMoveId: move.id, questionId: id, imageUrl: (reply.replyData as string[])[0], index: 0 });
    expect(((await answersOf(move.id)).replies[id].replyData as string[]).length).toBe((reply.replyData as string[]).length - 1);
  });

  it('deletes a photo from an approved move only with a reason, kept as its edit reason and in the audit; in review none is asked', async () => {
    // The answers the review shows (the agent's edit when there is one): a stored photo of an approved move the other tests leave alone.
    const shown = async (moveId: number) => {
      const byAgent = await api.call('GET', `/questionnaireRepliedByAgent?userMoveId=${moveId}`, admin);
      return byAgent.statusCode === 200 ? (byAgent.json() as AnsweredQuestionnaire) : answersOf(moveId);
    };
    const photoOf = (answered: AnsweredQuestionnaire) => Object.entries(answered.replies).find(([, r]) => Array.isArray(r.replyData) && String(r.replyData[0]).startsWith('/api/files/'));
    // The last such move of a status (the other tests take the first ones).
    const lastWithPhoto = async (status: string) => {
      for (const m of (await movesWhere(t, inStatus(status), withAgent, isNull(userMoves.editReason), isNull(userMoves.rescueUserId))).reverse()) {
        const photo = photoOf(await shown(m.id));
        if (photo) return { move: m, photo };
      }
      throw new Error(`No ${status} move with a stored photo`);
    };
    const { move: approved, photo } = await lastWithPhoto('APROBADA');
    const [questionId, reply] = photo;
    const photos = reply.replyData as string[];
    const body = { userMoveId: approved.id, questionId, imageUrl: photos[0], index: 0 };
    for (const reason of [undefined, '', '   ', '\u0001\u0002']) {
      const refused = await api.call('PUT', '/user-moves/delete-photo', admin, { ...body, ...(reason === undefined ? {} : { reason }) });
      expect([refused.statusCode, refused.json().message, refused.json().errors?.reason], JSON.stringify(reason)).toEqual([400, MOVE_FORM_TEXT.photoReason, MOVE_FORM_TEXT.required]);
    }
    expect(await reload(t, approved.id)).toEqual(approved);
    expect(((await shown(approved.id)).replies[questionId].replyData as string[]).length).toBe(photos.length);

    const answer = await api.ok<Detail>('PUT', '/user-moves/delete-photo', admin, { ...body, reason: '  La foto muestra otro local.  ' });
    expect(answer).toMatchObject({ statusId: 'APROBADA', editReason: 'La foto muestra otro local.', version: approved.version + 1 });
    expect(((await shown(approved.id)).replies[questionId].replyData as string[]).length).toBe(photos.length - 1);
    // The trace an approved edit leaves: its reason in the audit (the status stays, so no new step in the history).
    const entry = (await auditsOf(t, approved.id)).at(-1)!;
    expect(entry).toMatchObject({ userId: adminId, action: 'deletePhoto', detail: expect.objectContaining({ from: 'APROBADA', to: 'APROBADA', reason: 'La foto muestra otro local.', questionId, index: 0 }) });
    await expectLogFollows(t, approved.id, 'APROBADA');

    // In review the photo goes without a reason, and no edit reason is written.
    const { move, photo: [inReviewQuestion, inReviewReply] } = await lastWithPhoto('EN_REVISION');
    const removed = await api.ok<Detail>('PUT', '/user-moves/delete-photo', admin, { userMoveId: move.id, questionId: inReviewQuestion, imageUrl: (inReviewReply.replyData as string[])[0], index: 0 });
    expect(removed).toMatchObject({ statusId: 'EN_REVISION', editReason: null, version: move.version + 1 });
  });

  it('refuses to "delete a photo" from a question that is not a photo question, and keeps its answer', async () => {
    const move = await inReview(10);
    const answered = await answersOf(move.id);
    const questions = answered.questionnaire.dimensions.flatMap((d) => d.subDimensions.flatMap((s) => s.questions));
    // A choice whose answer is a list of ids: a list like the photos', which must stay as it is.
    const choice = questions.find((q) => q.type !== 'photographs' && Array.isArray(answered.replies[q._id]?.replyData) && (answered.replies[q._id].replyData as unknown[]).length > 0);
    const target = choice ?? questions.find((q) => q.type !== 'photographs')!;
    const before = answered.replies[target._id]?.replyData ?? null;
    const first = Array.isArray(before) ? String(before[0]) : 'x';
    const refused = await api.call('PUT', '/user-moves/delete-photo', admin, { userMoveId: move.id, questionId: target._id, imageUrl: first, index: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MOVE_FORM_TEXT.notPhotoQuestion);
    const unknown = await api.call('PUT', '/user-moves/delete-photo', admin, { userMoveId: move.id, questionId: 'no-existe', imageUrl: first, index: 0 });
    expect(unknown.json().message).toBe(MOVE_FORM_TEXT.notPhotoQuestion);
    expect((await answersOf(move.id)).replies[target._id]?.replyData ?? null).toEqual(before);
  });
});

describe('agent, video, cancel and reschedule', () => {
  it('assigns a quality agent (role 1 only) and locks the selector for approved moves', async () => {
    const [assigned] = await movesWhere(t, inStatus('INICIADA'));
    const [agent] = await t.db.select().from(users).where(eq(users.email, 'calidad1@campo.test'));
    const [getter] = await t.db.select().from(users).where(eq(users.rolId, ROLE.GETTER));
    const notAgent = await api.call('PUT', '/user-moves', admin, { id: assigned.id, assignedAgentId: getter.id });
    expect(notAgent.json().message).toBe(MOVE_TEXT.notAgent);
    expect((await api.ok<Detail>('PUT', '/user-moves', admin, { id: assigned.id, assignedAgentId: agent.id })).assignedAgent?.fullName).toBe('Rodrigo Castro');
    const [approved] = await movesWhere(t, inStatus('APROBADA'));
    expect((await api.call('PUT', '/user-moves', admin, { id: approved.id, assignedAgentId: agent.id })).statusCode).toBe(409);
  });

  it('replaces the video link, which may not be left empty', async () => {
    const [approved] = await movesWhere(t, inStatus('APROBADA'), withAgent);
    const empty = await api.call('PUT', '/user-moves', admin, { id: approved.id, userMoveVideoLink: '   ' });
    expect(empty.json().errors.userMoveVideoLink).toBe(MOVE_FORM_TEXT.emptyVideo);
    expect((await api.ok<Detail>('PUT', '/user-moves', admin, { id: approved.id, userMoveVideoLink: ' https://x.test/nuevo.mp4 ' })).userMoveVideoLink).toBe('https://x.test/nuevo.mp4');
    // Both changes in one call: one of them was dropped without a word.
    const [inReviewMove] = await movesWhere(t, inStatus('EN_REVISION'), withAgent);
    const [agent] = await t.db.select().from(users).where(eq(users.email, 'calidad1@campo.test'));
    const before = await reload(t, inReviewMove.id);
    const both = await api.call('PUT', '/user-moves', admin, { id: inReviewMove.id, assignedAgentId: agent.id, userMoveVideoLink: 'https://x.test/otro.mp4' });
    expect([both.statusCode, both.json().errors.userMoveVideoLink]).toEqual([400, MOVE_FORM_TEXT.oneChange]);
    expect(await reload(t, inReviewMove.id)).toEqual(before);
  });

  it('cancels with a reason and publishes its visit again', async () => {
    const [withVisit] = await movesWhere(t, inStatus('ASIGNADA'), isNotNull(userMoves.visitId));
    await api.ok('POST', '/user-moves/cancel-one', admin, { id: withVisit.id, projectLocationID: withVisit.projectLocationId, reason: 'Local cerrado' });
    expect(await reload(t, withVisit.id)).toMatchObject({ status: 'CANCELADA', cancelReason: 'Local cerrado' });
    expect((await t.db.select().from(visits).where(eq(visits.id, withVisit.visitId!)))[0].state).toBe('PUBLICADA_POR_CANCELACION');
  });

  it('cancels a returned move its Getter has not corrected: its visit goes back to the stock, and the move can be rescued', async () => {
    const [returned] = await movesWhere(t, inStatus('DEVUELTA'), isNotNull(userMoves.visitId), ofProject(false));
    expect(returned, 'a returned move with its visit').toBeDefined();
    await api.ok('POST', '/user-moves/cancel-one', admin, { id: returned.id, projectLocationID: returned.projectLocationId, reason: 'El Getter dejó la aplicación', version: returned.version });
    expect(await reload(t, returned.id)).toMatchObject({ status: 'CANCELADA', cancelReason: 'El Getter dejó la aplicación', version: returned.version + 1 });
    await expectLogFollows(t, returned.id, 'CANCELADA');
    expect((await t.db.select().from(visits).where(eq(visits.id, returned.visitId!)))[0].state).toBe('PUBLICADA_POR_CANCELACION');
    await api.ok('POST', '/user-moves/rescue-one', admin, { id: returned.id });
    expect((await reload(t, returned.id)).status).toBe('EN_REVISION');
    expect((await t.db.select().from(visits).where(eq(visits.id, returned.visitId!)))[0].state).toBe('TOMADA');
  });

  it('rescues a cancelled move with its visit back; not once another move took the visit', async () => {
    // Of a project not finished: a finished project's visits go to no Getter.
    const running = sql`exists (select 1 from project_locations pl join projects p on p.id = pl.project_id where pl.id = ${userMoves.projectLocationId} and p.end_date >= ${todayIso()})`;
    const [first, second] = await movesWhere(t, inStatus('ASIGNADA'), isNotNull(userMoves.visitId), isNull(userMoves.rescueUserId), running);
    const stateOf = async (visitId: number) => (await t.db.select().from(visits).where(eq(visits.id, visitId)))[0].state;
    for (const move of [first, second]) await api.ok('POST', '/user-moves/cancel-one', admin, { id: move.id, projectLocationID: move.projectLocationId, reason: 'Local cerrado' });
    expect(await stateOf(first.visitId!)).toBe('PUBLICADA_POR_CANCELACION');

    expect((await api.ok<Detail>('POST', '/user-moves/rescue-one', admin, { id: first.id })).statusId).toBe('EN_REVISION');
    expect(await stateOf(first.visitId!)).toBe('TOMADA');
    // The stock no longer offers it: naming it in an assignment is refused.
    const [getter] = await t.db.select().from(users).where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true))).limit(1);
    const offered = await api.call('POST', '/user-moves/massive-locations', admin, [{ projectLocationId: first.projectLocationId, userId: getter.id, visitId: first.visitId }]);
    expect(offered.json().message).toBe(await visitGoneMessage(t, first.projectLocationId));

    // The second one's visit goes to another Getter before anyone rescues the move.
    await api.ok('POST', '/user-moves/massive-locations', admin, [{ projectLocationId: second.projectLocationId, userId: getter.id, visitId: second.visitId }]);
    const refused = await api.call('POST', '/user-moves/rescue-one', admin, { id: second.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MOVE_TEXT.visitRetaken);
    expect(await reload(t, second.id)).toMatchObject({ status: 'CANCELADA', rescueUserId: null });
    const onVisit = await t.db.select().from(userMoves).where(and(eq(userMoves.visitId, second.visitId!), inArray(userMoves.status, ['ASIGNADA', 'EN_REVISION'])));
    expect(onVisit).toHaveLength(1);
    expect(onVisit[0].userId).toBe(getter.id);
  });

  it('reschedules to the project’s own end date, whatever date the body brings', async () => {
    const [paused] = await movesWhere(t, inArray(userMoves.status, ['PAUSADA', 'ASIGNADA', 'INICIADA']), ofProject(false));
    const [project] = await t.db.select({ endDate: projects.endDate }).from(projectLocations).innerJoin(projects, eq(projects.id, projectLocations.projectId)).where(eq(projectLocations.id, paused.projectLocationId));
    const answer = await api.ok<Detail>('POST', '/user-moves/reschedule-one', admin, { userMoveId: paused.id, projectLocationID: paused.projectLocationId, projectEndDate: '2099-12-31' });
    expect(answer.dueTo).toBe(project.endDate);
  });

  it('refuses to reschedule a move of a project that has ended (its end date is past), writing nothing', async () => {
    const [pending] = await movesWhere(t, inArray(userMoves.status, ['PAUSADA', 'ASIGNADA', 'INICIADA', 'DEVUELTA']), ofProject(true));
    const before = await reload(t, pending.id);
    const res = await api.call('POST', '/user-moves/reschedule-one', admin, { userMoveId: pending.id, projectLocationID: pending.projectLocationId });
    expect([res.statusCode, res.json().message]).toEqual([409, MOVE_TEXT.projectEndedReschedule]);
    expect(await reload(t, pending.id)).toEqual(before);
  });
});

describe('the Getter sends a move for review', () => {
  it('takes its own assigned move to EN_REVISION with its score; not someone else’s', async () => {
    const [mine] = await movesWhere(t, inStatus('INICIADA'), withoutAgent);
    const [getter] = await t.db.select().from(users).where(eq(users.id, mine.userId!));
    const token = (await t.login(getter.email)).token;
    const answered = await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${mine.id}`, admin);
    const replies = completeSend(answered.questionnaire.dimensions);
    const questions = answered.questionnaire.dimensions.flatMap((d) => d.subDimensions.flatMap((s) => s.questions));
    // A question only the quality agent sees is not the Getter's to answer: sent with an answer, nothing is taken.
    const hidden = questions.find((q) => !q.visibleToGetter);
    expect(hidden, 'the demo questionnaire has an agent-only question').toBeDefined();
    replies[hidden!._id] = { ...replies[hidden!._id], replyData: 'Todo en orden' };
    const tooMuch = await api.call('POST', '/user-moves/submit', token, { id: mine.id, replies });
    expect([tooMuch.statusCode, tooMuch.json().errors]).toEqual([400, { [`replies.${hidden!._id}.replyData`]: REPLY_TEXT.hiddenFromGetter }]);
    expect((await reload(t, mine.id)).status).toBe('INICIADA');
    replies[hidden!._id] = { ...replies[hidden!._id], replyData: null };
    const answer = await api.ok<{ statusId: string; questionnaireResult: number }>('POST', '/user-moves/submit', token, { id: mine.id, replies });
    expect(answer.statusId).toBe('EN_REVISION');
    expect(answer.questionnaireResult).toBe(questionnaireResult({ dimensions: answered.questionnaire.dimensions }, replies as MoveReplies));
    const [other] = (await movesWhere(t, inStatus('ASIGNADA'))).filter((m) => m.userId !== getter.id);
    const refused = await api.call('POST', '/user-moves/submit', token, { id: other.id, replies: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MOVE_TEXT.notYours);
    expect((await api.call('POST', '/user-moves/submit', await api.tokenFor(ROLE.AGENT), { id: mine.id, replies: {} })).statusCode).toBe(403);
  });
});
