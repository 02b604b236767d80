/**
 * A motive of the bank in the review's reject, disapprove and return: optional (the reason alone works as
 * before), active, and with the reviewer's own comment when the motive requires one; kept in the status log.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnsweredQuestionnaire } from '../../domain/move-api';
import { MOTIVE_TEXT } from '../../domain/motives';
import { motives, userMoves } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';
import { auditsOf, caller, type Detail, inStatus, logsOf, movesWhere, reload, withAgent } from './moves-helpers';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof caller>;
/** Seeded motives by name: 'Video incompleto' (no comment), 'Respuestas inconsistentes' (comment), 'Local cerrado sin aviso' (inactive). */
const motive: Record<string, typeof motives.$inferSelect> = {};

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  admin = (await t.login('admin@campo.test')).token;
  for (const row of await t.db.select().from(motives)) motive[row.motive] = row;
});
afterAll(() => t?.close());

const inReview = async (i: number) => (await movesWhere(t, inStatus('EN_REVISION'), withAgent, isNull(userMoves.rescueUserId)))[i];
const approved = async (i: number) => (await movesWhere(t, inStatus('APROBADA'), withAgent))[i];
const firstQuestion = async (moveId: number) =>
  (await api.ok<AnsweredQuestionnaire>('GET', `/questionnaires-replyeds/get?userMoveId=${moveId}`, admin)).questionnaire.dimensions[0].subDimensions[0].questions[0]._id;

describe('a review without a motive', () => {
  it('rejects with the reason alone, as before, and logs no motive', async () => {
    const move = await inReview(0);
    const answer = await api.ok<Detail>('POST', '/user-moves/reject-one', admin, { id: move.id, projectLocationId: move.projectLocationId, reason: 'El video no corresponde.', version: move.version });
    expect(answer).toMatchObject({ statusId: 'RECHAZADA', rejectionReason: 'El video no corresponde.' });
    expect((await logsOf(t, move.id)).at(-1)).toMatchObject({ status: 'RECHAZADA', reason: 'El video no corresponde.', motiveId: null });
    expect(answer.user_move_status_logs.at(-1)).toMatchObject({ motiveId: null, motiveName: null });
  });
});

describe('a review with a motive', () => {
  it('rejects with a motive that needs no comment, its text alone; the log and the audit keep the motive', async () => {
    const move = await inReview(1);
    const given = motive['Video incompleto'];
    const answer = await api.ok<Detail>('POST', '/user-moves/reject-one', admin, { id: move.id, reason: given.motive, motiveId: given.id, version: move.version });
    expect(answer).toMatchObject({ statusId: 'RECHAZADA', rejectionReason: 'Video incompleto' });
    // The History dialog names the motive: the detail gives its name beside its id.
    expect(answer.user_move_status_logs.at(-1)).toMatchObject({ status: 'RECHAZADA', reason: 'Video incompleto', motiveId: given.id, motiveName: 'Video incompleto' });
    expect((await logsOf(t, move.id)).at(-1)).toMatchObject({ status: 'RECHAZADA', motiveId: given.id });
    expect((await auditsOf(t, move.id)).filter((a) => a.action === 'reject').at(-1)?.detail).toMatchObject({ motiveId: given.id });
  });

  it('refuses a motive that requires a comment with nothing beside its text, on reject, disapprove and return, writing nothing', async () => {
    const given = motive['Respuestas inconsistentes'];
    expect(given.requiresUserComment).toBe(true);
    const toReject = await inReview(2);
    const toReturn = await inReview(3);
    const toDisapprove = await approved(0);
    const question = await firstQuestion(toReturn.id);
    for (const [path, move, extra] of [
      ['/user-moves/reject-one', toReject, {}],
      ['/user-moves/disapprove-one', toDisapprove, {}],
      ['/user-moves/return-one', toReturn, { questions: [question] }],
    ] as const) {
      for (const reason of [given.motive, `${given.motive}\n`, `${given.motive}: …`]) {
        const res = await api.call('POST', path, admin, { id: move.id, reason, motiveId: given.id, version: move.version, ...extra });
        expect(res.statusCode, `${path} ${JSON.stringify(reason)}`).toBe(400);
        expect(res.json()).toMatchObject({ message: MOTIVE_TEXT.commentRequired, errors: { reason: MOTIVE_TEXT.commentRequired } });
      }
      expect(await reload(t, move.id), path).toMatchObject({ status: move.status, version: move.version });
    }

    const comment = `${given.motive}\nLa foto de la góndola es de otro local.`;
    const rejected = await api.ok<Detail>('POST', '/user-moves/reject-one', admin, { id: toReject.id, reason: comment, motiveId: given.id, version: toReject.version });
    expect(rejected).toMatchObject({ statusId: 'RECHAZADA', rejectionReason: comment });
    const disapproved = await api.ok<Detail>('POST', '/user-moves/disapprove-one', admin, { id: toDisapprove.id, reason: comment, motiveId: given.id, version: toDisapprove.version });
    expect(disapproved).toMatchObject({ statusId: 'DESAPROBADA', disapprovedReason: comment });
    const returned = await api.ok<Detail>('POST', '/user-moves/return-one', admin, { id: toReturn.id, reason: comment, motiveId: given.id, questions: [question], version: toReturn.version });
    expect(returned).toMatchObject({ statusId: 'DEVUELTA', returnReason: comment });
    for (const [move, status] of [
      [toReject, 'RECHAZADA'],
      [toDisapprove, 'DESAPROBADA'],
      [toReturn, 'DEVUELTA'],
    ] as const) {
      expect((await logsOf(t, move.id)).at(-1)).toMatchObject({ status, motiveId: given.id });
    }
  });

  it('refuses a deactivated motive and one that does not exist, on the motive, writing nothing', async () => {
    const move = await inReview(4);
    const inactive = motive['Local cerrado sin aviso'];
    expect(inactive.isActive).toBe(false);
    const off = await api.call('POST', '/user-moves/reject-one', admin, { id: move.id, reason: `${inactive.motive}\nSin cartel.`, motiveId: inactive.id, version: move.version });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({ message: MOTIVE_TEXT.inactive, errors: { motiveId: MOTIVE_TEXT.inactive } });
    const question = await firstQuestion(move.id);
    const offReturn = await api.call('POST', '/user-moves/return-one', admin, { id: move.id, reason: 'Corregir', motiveId: inactive.id, questions: [question], version: move.version });
    expect(offReturn.json()).toMatchObject({ message: MOTIVE_TEXT.inactive });
    const missing = await api.call('POST', '/user-moves/reject-one', admin, { id: move.id, reason: 'Corregir', motiveId: 999_999, version: move.version });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: MOTIVE_TEXT.notFound, errors: { motiveId: MOTIVE_TEXT.notFound } });
    expect(await reload(t, move.id)).toMatchObject({ status: 'EN_REVISION', version: move.version, rejectionReason: move.rejectionReason });
    expect(await t.db.select().from(motives).where(and(eq(motives.id, inactive.id), eq(motives.isActive, false)))).toHaveLength(1);
  });

  it('tells in the OpenAPI document that the three actions take an optional motiveId', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { post: { description: string; requestBody: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> } } }>;
    };
    for (const path of ['/api/user-moves/reject-one', '/api/user-moves/disapprove-one', '/api/user-moves/return-one']) {
      const op = doc.paths[path].post;
      const schema = op.requestBody.content['application/json'].schema;
      expect(Object.keys(schema.properties), path).toContain('motiveId');
      expect(schema.required ?? [], path).not.toContain('motiveId');
      expect(op.description, path).toContain('motiveId');
    }
  });
});
