/** The writes that go with review actions, each inside the action's one transaction. */
import { and, eq, sql } from 'drizzle-orm';
import { emptyReply, misfitMessage, type MoveReplies, numberedQuestions, REPLY_TEXT, type RepliesInput, replyFits, returnableQuestion, sameReply, saysAnything } from '../../../domain/move-replies';
import { keptReason, MOVE_FORM_TEXT } from '../../../domain/move-forms';
import { MOVE_TEXT, type MoveStatus, rescuedReview, submitRefusal, VISIT_STATE } from '../../../domain/moves';
import { ROLE } from '../../../domain/roles';
import type { PaidVisit } from '../../../domain/move-api';
import type { Dimension } from '../../../domain/questionnaires';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { accounts, moveReplies, projectLocations, projects, transactions, userMoves, users, visits } from '../../db/schema';
import type { SessionUser } from '../../guard';
import { badRequest, conflict } from '../../http';
import { audit } from '../audit';
import { DROPPED_ON_DISAPPROVAL } from '../../../domain/payments';
import { type FileStore, STORE_PREFIX } from '../files';
import { actOnMove, logStatus, type MoveRow, readMove, refuse, updateVersioned } from './act';
import { refuseInactiveLocations } from './inactiveLocations';
import { projectInfo } from './projectInfo';
import { checkComplete, effectiveReplies, isComplete, mergeAgentEdit, readReply, score, upsertReply, versionContent } from './replies';
import { storeDimensionResults } from '../reports/dimensionResults';

export async function projectOfMove(tx: Db | Tx, move: MoveRow) {
  const [pl] = await tx.select({ projectId: projectLocations.projectId }).from(projectLocations).where(eq(projectLocations.id, move.projectLocationId));
  return (await projectInfo(tx, [pl.projectId])).get(pl.projectId) ?? null;
}

/**
 * The Getter's PENDING transaction for an approved move, at the project's price (account created
 * if missing). A project without a price owes nothing: no transaction.
 */
export async function createPendingTransaction(tx: Tx, move: MoveRow): Promise<{ id: number; amount: string } | null> {
  if (move.userId === null) return null;
  const project = await projectOfMove(tx, move);
  const price = project?.price ?? null;
  if (price === null || !(Number(price) > 0)) return null;
  await tx.insert(accounts).values({ userId: move.userId }).onConflictDoNothing({ target: accounts.userId });
  const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, move.userId));
  const [created] = await tx
    .insert(transactions)
    .values({ accountId: account.id, userMoveId: move.id, amount: price, status: 'PENDING' })
    .onConflictDoNothing({ target: transactions.userMoveId })
    .returning({ id: transactions.id, amount: transactions.amount });
  return created ?? null;
}

/**
 * Locks the moves this copy republishes (its whole chain back, `FOR UPDATE`), before `paidVisitOf` reads
 * their payments: a payment that records one of them paid anyway holds that move's lock (`restorable`,
 * services/payments.ts) until it commits. So the copy's approval either waits for that payment and then
 * finds the visit paid (no new debt), or goes first, and the payment, waiting for it, finds the copy's
 * pending transaction and removes it. Without the lock both could read the other's work as not there
 * yet, and the Getter was owed the visit twice. Moves before transactions, each table in id order, as a
 * payment takes them (`lockPaymentRows`): the two wait for each other, never deadlock.
 */
export async function lockEarlierMoves(tx: Tx, move: Pick<MoveRow, 'republishedFromId'>): Promise<void> {
  if (move.republishedFromId === null) return;
  await tx.execute(
    sql`with recursive earlier(id, from_id) as (
          select id, republished_from_id from ${userMoves} where id = ${move.republishedFromId}
          union
          select m.id, m.republished_from_id from ${userMoves} m join earlier e on m.id = e.from_id
        )
        select m.id from ${userMoves} m where m.id in (select id from earlier) order by m.id for update of m`,
  );
}

/**
 * The payment the Getter already got for this move's visit: a PAID transaction of a move it republishes,
 * following `republished_from_id` back (a copy of a copy too). A disapproval keeps a paid transaction, so
 * without this the copy's approval owed the same visit a second time. Only PAID ones count: a disapproval
 * removes a pending one, and the copy's approval then owes the visit as any other. Only this Getter's: a
 * copy reassigned to another Getter (it is ASIGNADA, in the stock) owes that one the visit it did. The
 * earlier moves' transactions no longer change (they are disapproved or rejected, and paid ones are never
 * undone).
 */
export async function paidVisitOf(tx: Db | Tx, move: Pick<MoveRow, 'republishedFromId' | 'userId'>): Promise<PaidVisit | null> {
  if (move.republishedFromId === null || move.userId === null) return null;
  const [paid] = await rowsOf<{ transactionId: number; moveId: number; moveCode: string; amount: string; transactionDate: Date | string; operationCode: string | null }>(
    tx,
    sql`with recursive earlier(id, from_id) as (
          select id, republished_from_id from ${userMoves} where id = ${move.republishedFromId}
          union
          select m.id, m.republished_from_id from ${userMoves} m join earlier e on m.id = e.from_id
        )
        select t.id as "transactionId", m.id as "moveId", m.code as "moveCode", t.amount::text as amount,
               t.transaction_date as "transactionDate", t.operation_code as "operationCode"
          from earlier e
          join ${transactions} t on t.user_move_id = e.id and t.status = 'PAID'
          join ${accounts} a on a.id = t.account_id and a.user_id = ${move.userId}
          join ${userMoves} m on m.id = e.id
         order by t.transaction_date, t.id
         limit 1`,
  );
  return paid ? { ...paid, transactionDate: new Date(paid.transactionDate).toISOString() } : null;
}

/**
 * A disapproved move owes nothing: its pending transaction goes; a paid one stays (and is reported).
 * What went is kept in the audit log (`dropOnDisapproval`, with its account, move, amount and birth): a
 * payment registered afterwards for a bank batch that included it can still record it as paid (the
 * money left the bank), as the same transaction (see registerPayment).
 */
export async function dropPendingTransaction(tx: Tx, move: Pick<MoveRow, 'id' | 'code'>, actorId: number): Promise<{ removed: number; paid: boolean }> {
  const removed = await tx
    .delete(transactions)
    .where(and(eq(transactions.userMoveId, move.id), eq(transactions.status, 'PENDING')))
    .returning({ id: transactions.id, accountId: transactions.accountId, amount: transactions.amount, createdAt: transactions.createdAt });
  for (const r of removed) {
    await audit(tx, {
      userId: actorId,
      entity: 'transaction',
      entityId: r.id,
      action: DROPPED_ON_DISAPPROVAL,
      detail: { accountId: r.accountId, userMoveId: move.id, moveCode: move.code, amount: r.amount, createdAt: new Date(r.createdAt).toISOString() },
    });
  }
  const [paid] = await tx.select({ id: transactions.id }).from(transactions).where(eq(transactions.userMoveId, move.id));
  return { removed: removed.length, paid: Boolean(paid) };
}

/** An active user of a role (the quality agent to assign, the Getter to give a move). */
export async function ensureUserOfRole(tx: Db | Tx, userId: number, rolId: number, message: string): Promise<{ id: number; fullName: string }> {
  const [user] = await tx
    .select({ id: users.id, fullName: sql<string>`trim(${users.names} || ' ' || ${users.lastName})` })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.rolId, rolId), eq(users.status, true)));
  if (!user) throw badRequest(message, { [rolId === ROLE.GETTER ? 'userId' : 'assignedAgentId']: message });
  return user;
}

/** 'Guardar Cambios': the agent's edit of the answers, scored, on a move in review or approved (with a reason). */
export async function saveAgentEdit(
  db: Db,
  actor: SessionUser,
  input: { userMoveId: number; replies: RepliesInput; reason?: string | null; continueWithoutPhotos: boolean; version?: number },
): Promise<MoveRow> {
  let merged: MoveReplies = {};
  let result: number | null = null;
  const current = await readMove(db, input.userMoveId);
  const action = current.status === 'APROBADA' ? 'editApproved' : 'review';
  // The reason an approved move's edit needs: one of control characters only is as missing as spaces.
  const reason = keptReason(input.reason);
  const { move } = await actOnMove(db, {
    id: input.userMoveId,
    version: input.version ?? current.version,
    action,
    actor,
    reason,
    check: async (tx, m) => {
      if (action === 'editApproved' && !reason) throw badRequest(MOVE_FORM_TEXT.required, { reason: MOVE_FORM_TEXT.required });
      const version = await versionContent(tx, m.questionnaireVersionId);
      const { replies } = await effectiveReplies(tx, m.id);
      merged = mergeAgentEdit(version.dimensions, replies, input.replies);
      checkComplete(version.dimensions, merged, { rescued: rescuedReview(m), continueWithoutPhotos: input.continueWithoutPhotos });
      result = score(version.dimensions, merged);
    },
    set: () => ({ questionnaireResult: result === null ? null : result.toFixed(2), ...(action === 'editApproved' ? { editReason: reason } : {}) }),
    after: async (tx, updated) => {
      await upsertReply(tx, { userMoveId: updated.id, byAgent: true, replies: merged, questionnaireResult: result, reason, createdBy: actor.id });
      // An approved move's dimensions follow its edited answers (the dashboard's statistics).
      await storeDimensionResults(tx, [updated.id]);
    },
  });
  return move;
}

/**
 * Return: the flagged questions are marked hasToEdit in the Getter's reply (what the Getter corrects)
 * and in the agent's edit when there is one (what the review shows until the Getter sends it again).
 */
export async function flagForReturn(tx: Tx, move: MoveRow, questionIds: string[]): Promise<void> {
  const version = await versionContent(tx, move.questionnaireVersionId);
  const known = new Set(version.dimensions.flatMap((d) => d.subDimensions.flatMap((s) => s.questions.map((q) => q._id))));
  const unknown = questionIds.find((q) => !known.has(q));
  if (unknown) throw badRequest(REPLY_TEXT.unknownQuestion, { questions: REPLY_TEXT.unknownQuestion });
  // Returned, a question the Getter's app does not show (an agent's own) left the Getter a move with nothing to correct.
  const hidden = numberedQuestions(version.dimensions).find((n) => !returnableQuestion(n.question) && questionIds.includes(n.question._id));
  if (hidden) throw badRequest(MOVE_FORM_TEXT.notForGetter(hidden.label), { questions: MOVE_FORM_TEXT.notForGetter(hidden.label) });
  for (const byAgent of [false, true]) {
    const row = await readReply(tx, move.id, byAgent);
    if (byAgent && !row) continue;
    const replies = { ...((row?.replies ?? {}) as MoveReplies) };
    for (const id of known) {
      const reply = replies[id];
      const flagged = questionIds.includes(id);
      if (reply || flagged) replies[id] = { ...(reply ?? emptyReply()), hasToEdit: flagged };
    }
    await upsertReply(tx, {
      userMoveId: move.id,
      byAgent,
      replies,
      questionnaireResult: row?.questionnaireResult === null || row === null ? null : Number(row.questionnaireResult),
      reason: row?.reason ?? null,
      createdBy: row?.createdBy ?? move.userId,
    });
  }
}

/** Republish: a new ASIGNADA move for the same Getter and project location (the unique index allows one). */
export async function insertRepublished(tx: Tx, move: MoveRow, actor: SessionUser, dueTo: string | null): Promise<MoveRow> {
  // The copy goes to the same Getter, who must still be an active Getter (as an assignment asks); held
  // (SHARE) until the copy is written, so a deactivation meanwhile waits for it.
  if (move.userId !== null) {
    const [getter] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, move.userId), eq(users.rolId, ROLE.GETTER), eq(users.status, true)))
      .for('share');
    if (!getter) throw conflict(MOVE_TEXT.republishGetterGone);
  }
  // Nor is a Getter sent to a point of sale deactivated since, as an assignment refuses it (its row held
  // likewise, so a deactivation meanwhile waits for the copy).
  await refuseInactiveLocations(tx, { projectLocationIds: [move.projectLocationId] });
  const [copy] = await tx
    .insert(userMoves)
    .values({
      projectLocationId: move.projectLocationId,
      visitId: move.visitId,
      status: 'ASIGNADA',
      userId: move.userId,
      assignedAgentId: null,
      questionnaireVersionId: move.questionnaireVersionId,
      republishedFromId: move.id,
      dueTo,
    })
    .onConflictDoNothing({ target: userMoves.republishedFromId })
    .returning();
  if (!copy) throw conflict('Esta move ya fue republicada.');
  await logStatus(tx, copy.id, 'ASIGNADA', actor.id);
  await audit(tx, { userId: actor.id, entity: 'user_move', entityId: copy.id, action: 'create-republished', detail: { republishedFromId: move.id } });
  return copy;
}

/** Cancel: the visit is published again for the Getters. */
export async function republishVisit(tx: Tx, move: MoveRow): Promise<void> {
  if (move.visitId === null) return;
  await tx.update(visits).set({ state: VISIT_STATE.PUBLICADA_POR_CANCELACION, publishedAt: sql`now()` }).where(eq(visits.id, move.visitId));
}

/**
 * Rescue of a cancelled move: its visit, published again when it was cancelled, goes back to the move
 * (TOMADA), unless another move took it meanwhile (a 409: one visit, one move). The visit's row is
 * locked, so a rescue and an assignment of the same visit (`massive-locations` skips locked visits)
 * never both have it. A visit the project no longer has leaves nothing to take back.
 */
export async function reclaimVisit(tx: Tx, move: MoveRow): Promise<void> {
  if (move.visitId === null) return;
  const [visit] = await tx.select({ state: visits.state }).from(visits).where(eq(visits.id, move.visitId)).for('update');
  if (!visit) return;
  if (visit.state === VISIT_STATE.TOMADA) throw conflict(MOVE_TEXT.visitRetaken);
  await tx.update(visits).set({ state: VISIT_STATE.TOMADA }).where(eq(visits.id, move.visitId));
}

/** Removes the photo at `index` of a photo question, if it is the one the user saw. */
export async function removePhoto(tx: Tx, files: FileStore, move: MoveRow, questionId: string, index: number, imageUrl: string): Promise<string> {
  // Only a photo question's answer holds photos: a choice's ids are no photos to remove.
  const { dimensions } = await versionContent(tx, move.questionnaireVersionId);
  const question = numberedQuestions(dimensions).find((n) => n.question._id === questionId)?.question;
  if (question?.type !== 'photographs') throw badRequest(MOVE_FORM_TEXT.notPhotoQuestion, { questionId: MOVE_FORM_TEXT.notPhotoQuestion });
  const { row } = await effectiveReplies(tx, move.id);
  const replies = { ...((row?.replies ?? {}) as MoveReplies) };
  const reply = replies[questionId];
  const photos = Array.isArray(reply?.replyData) ? reply.replyData.map(String) : [];
  const ref = photos[index];
  const NOT_FOUND = 'La foto ya no está en la move.';
  if (!row || ref === undefined) throw conflict(NOT_FOUND);
  const sameFile = ref.startsWith(STORE_PREFIX) ? files.keyOfLink(imageUrl) === ref.slice(STORE_PREFIX.length) : ref === imageUrl;
  if (!sameFile) throw conflict(NOT_FOUND);
  replies[questionId] = { ...reply, replyData: photos.filter((_, i) => i !== index) };
  await tx.update(moveReplies).set({ replies, updatedAt: sql`now()` }).where(eq(moveReplies.id, row.id));
  return ref;
}

/** The Getter sends its move for review: its answers are scored, a returned move's old agent edit goes. */
export async function submitForReview(
  db: Db,
  actor: SessionUser,
  input: { id: number; replies: RepliesInput; userMoveVideoLink?: string | null; version?: number },
): Promise<MoveRow> {
  return db.transaction(async (tx) => {
    const move = await readMove(tx, input.id);
    if (input.version !== undefined && input.version !== move.version) throw conflict('La move fue modificada. Vuelva a cargarla.');
    const refused = submitRefusal({ status: move.status as MoveStatus, userId: move.userId }, actor.id);
    if (refused) refuse(refused);
    const version = await versionContent(tx, move.questionnaireVersionId);
    const before = await readReply(tx, move.id, false);
    const stored = (before?.replies ?? {}) as MoveReplies;
    const storedLinks = new Set(Object.values(stored).flatMap((r) => [...(Array.isArray(r.replyData) ? r.replyData.map(String) : []), ...(r.evidences ?? [])]));
    // A Getter's photo is an external link or one of the store links it already had.
    const allowed = (link: string) => /^https?:\/\//.test(link) || storedLinks.has(link);
    // A returned move: the Getter corrects only the questions the agent marked; the others stay as reviewed
    // (the agent's edit, if any). Omitted, they keep that reply; sent as before, too; changed, a 400.
    const reviewed = move.status === 'DEVUELTA' && Object.values(stored).some((r) => r.hasToEdit) ? (await effectiveReplies(tx, move.id)).replies : null;
    const replies: MoveReplies = {};
    for (const d of version.dimensions)
      for (const s of d.subDimensions)
        for (const q of s.questions) {
          const incoming = input.replies[q._id];
          // A question only the quality agent sees is the agent's to answer: the Getter's copy stays empty.
          if (!returnableQuestion(q)) {
            if (saysAnything(incoming)) throw badRequest(REPLY_TEXT.hiddenFromGetter, { [`replies.${q._id}.replyData`]: REPLY_TEXT.hiddenFromGetter });
            replies[q._id] = emptyReply(q.weighting);
            continue;
          }
          const kept = reviewed && !stored[q._id]?.hasToEdit ? (reviewed[q._id] ?? emptyReply(q.weighting)) : null;
          if (kept) {
            if (incoming && !sameReply(incoming, kept) && !sameReply(incoming, stored[q._id] ?? emptyReply())) {
              throw badRequest(REPLY_TEXT.notReturned, { [`replies.${q._id}.replyData`]: REPLY_TEXT.notReturned });
            }
            replies[q._id] = { ...kept, weighting: q.weighting, hasToEdit: false };
            continue;
          }
          const photos = Array.isArray(incoming?.replyData) && q.type === 'photographs' ? incoming.replyData : null;
          const fits = photos ? photos.every(allowed) : replyFits(q, incoming?.replyData ?? null);
          if (!fits) {
            const message = photos ? REPLY_TEXT.invalidAnswer : misfitMessage(q, incoming?.replyData ?? null);
            throw badRequest(message, { [`replies.${q._id}.replyData`]: message });
          }
          replies[q._id] = {
            replyData: incoming?.replyData ?? null,
            replyObservation: incoming?.replyObservation ?? null,
            weighting: q.weighting,
            evidences: (incoming?.evidences ?? []).filter(allowed),
            hasToEdit: false,
          };
        }
    // Sent, the move is complete as the Getter's app shows it: photos and all, even if it was once rescued.
    checkComplete(version.dimensions, replies, { rescued: false, getter: true, continueWithoutPhotos: false });
    const result = score(version.dimensions, replies);
    const updated = await updateVersioned(tx, move, {
      status: 'EN_REVISION',
      // The answers under review are the Getter's now: a rescue's photo exemption ends here (rescuedReview).
      rescueUserId: null,
      questionnaireResult: result === null ? null : result.toFixed(2),
      startAuditDate: move.startAuditDate ?? new Date(),
      completedAuditDate: new Date(),
      ...(input.userMoveVideoLink ? { videoLink: input.userMoveVideoLink } : {}),
    });
    await upsertReply(tx, { userMoveId: move.id, byAgent: false, replies, questionnaireResult: result, createdBy: actor.id });
    await tx.delete(moveReplies).where(and(eq(moveReplies.userMoveId, move.id), eq(moveReplies.byAgent, true)));
    await logStatus(tx, move.id, 'EN_REVISION', actor.id);
    // Who had rescued it stays on record here (and in the status log), once the move no longer says so.
    await audit(tx, { userId: actor.id, entity: 'user_move', entityId: move.id, action: 'submit', detail: { from: move.status, to: 'EN_REVISION', ...(move.rescueUserId !== null ? { rescuedBy: move.rescueUserId } : {}) } });
    // A returned move goes back to the agent who returned it, and a republished copy (its visit turned down
    // once) to an agent too, whatever the project says.
    return (move.status !== 'DEVUELTA' && move.republishedFromId === null && (await autoApproved(tx, updated, version.dimensions, replies))) || updated;
  });
}

/**
 * 'Requiere aprobación automática': a move of such a project, sent for the first time with its quality agent
 * assigned, is approved as it arrives, as an approval would leave it (its dimensions' results, the Getter's
 * pending transaction), with no user on the approval: the history says why. Only when the approval's own
 * check passes: a questionnaire with a required question only the agent answers waits in review for the
 * agent. Never a republished copy (the caller's rule), so no earlier payment of the visit to look for.
 * Answers the approved move, or null when it stays in review.
 */
async function autoApproved(tx: Tx, move: MoveRow, dimensions: Dimension[], replies: MoveReplies): Promise<MoveRow | null> {
  const [project] = await tx
    .select({ auto: projects.autoApprovalRequired })
    .from(projectLocations)
    .innerJoin(projects, eq(projects.id, projectLocations.projectId))
    .where(eq(projectLocations.id, move.projectLocationId));
  // An approved move's actions (disapprove, edit) are its agent's, and the agent selector is locked once
  // approved (spec 2): without an agent it waits in review, as any other.
  if (!project?.auto || move.assignedAgentId === null) return null;
  // The approval's own check ('Aprobar' refuses what it refuses).
  if (!isComplete(dimensions, replies, { rescued: false, continueWithoutPhotos: true })) return null;
  const approved = await updateVersioned(tx, move, { status: 'APROBADA', finishAnalysisDate: new Date() });
  await logStatus(tx, move.id, 'APROBADA', null, MOVE_TEXT.autoApproved);
  await storeDimensionResults(tx, [move.id]);
  const transaction = await createPendingTransaction(tx, approved);
  await audit(tx, { userId: null, entity: 'user_move', entityId: move.id, action: 'approve', detail: { automatic: true, transaction } });
  return approved;
}
