/**
 * Moves, the review workflow (spec 2 §4): every action is one transaction through actOnMove (state
 * machine, version check, status log, audit). Each answers the move as it is afterwards. Reject,
 * return, disapprove and republish then push a notice to the move's Getter, without waiting for it.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  agentReplyBody,
  approveBody,
  cancelBody,
  deletePhotoBody,
  editMoveBody,
  editOneBody,
  keptReason,
  MOVE_FORM_TEXT,
  photoRemovalNeedsReason,
  reasonBody,
  republishBody,
  rescheduleBody,
  rescueBody,
  returnBody,
  submitBody,
} from '../../domain/move-forms';
import type { ApproveAnswer, PaidVisit } from '../../domain/move-api';
import { MOVE_TEXT, rescuedReview } from '../../domain/moves';
import { ACCESS, ROLE } from '../../domain/roles';
import { id } from '../../domain/validation';
import type { App } from '../app';
import { userMoves } from '../db/schema';
import { badRequest } from '../http';
import { fileStoreFor } from '../services/files';
import { actOnMove, readMove } from '../services/moves/act';
import { checkReviewMotive } from '../services/moves/motives';
import { noticeToGetter } from '../services/moves/notices';
import { moveDetail } from '../services/moves/queries';
import { checkComplete, effectiveReplies, versionContent } from '../services/moves/replies';
import {
  createPendingTransaction,
  dropPendingTransaction,
  ensureUserOfRole,
  flagForReturn,
  insertRepublished,
  lockEarlierMoves,
  paidVisitOf,
  projectOfMove,
  reclaimVisit,
  removePhoto,
  republishVisit,
  saveAgentEdit,
  submitForReview,
} from '../services/moves/review';
import { pushNoticesFor } from '../services/push';
import { storeDimensionResults } from '../services/reports/dimensionResults';
import { approveAnswer, moveDetailAnswer, submitAnswer } from '../../domain/move-api';

const write = { roles: ACCESS['user-moves'].write };
const read = { roles: ACCESS['user-moves'].read };
const getter = { roles: [ROLE.GETTER] };
const tags = ['user-moves'];
const now = () => sql`now()`;
const NO_END_DATE = 'El proyecto no tiene fecha de finalización.';
/** What the reject, disapprove and return routes say of `motiveId`. */
const MOTIVE_NOTE =
  ' Con `motiveId` (opcional), un motivo del banco: debe existir y estar activo, y si requiere comentario del usuario el motivo (`reason`) debe decir algo más que su texto (400 si no). Se guarda en la entrada del historial de estados.';

export default async function moveReviewRoutes(app: App) {
  const files = fileStoreFor(app.config);
  const detail = (moveId: number) => moveDetail(app.db, files, { id: moveId });
  const notices = pushNoticesFor(app);
  // Closing waits for the notices in flight, so none writes to a database already closed.
  app.addHook('onClose', () => notices.idle());

  app.post('/user-moves/accept-one', { config: write, schema: { tags, summary: 'Aprueba una move en revisión y crea la transacción pendiente del Getter', description: 'EN_REVISION → APROBADA; la move necesita agente de calidad asignado. Una `version` distinta de la actual responde 409. Si el proyecto no tiene precio no se crea transacción. Una copia republicada de una visita que el Getter ya cobró (una move anterior de la cadena `republishedFromId` con su transacción pagada) no crea otra: la respuesta trae ese pago en `paidBefore`, y el historial de la move lo dice.', body: approveBody, answer: approveAnswer } }, async (req): Promise<ApproveAnswer> => {
    const body = req.body as z.infer<typeof approveBody>;
    let paidBefore: PaidVisit | null = null;
    const { result } = await actOnMove(app.db, {
      ...body,
      action: 'approve',
      actor: req.session,
      // Approved means reviewed: a move with required answers missing (a rescued one the agent has not
      // completed yet) is refused with the same list as 'Guardar Cambios'. Missing photos do not stop it:
      // they never do on a rescued move, and on another the agent sees them and decides.
      check: async (tx, m) => {
        const version = await versionContent(tx, m.questionnaireVersionId);
        const { replies } = await effectiveReplies(tx, m.id);
        checkComplete(version.dimensions, replies, { rescued: rescuedReview(m), continueWithoutPhotos: true });
        // The earlier moves first, locked: a payment recording one of them paid anyway cannot cross this approval.
        await lockEarlierMoves(tx, m);
        paidBefore = await paidVisitOf(tx, m);
      },
      // A rescued move never got the Getter's 'completed' date, which dates a visit in the client's report and
      // dashboard: it takes the day the Getter started it, else the approval's.
      set: (m) => ({ videoLink: body.userMoveVideoLink, finishAnalysisDate: now() as never, ...(m.completedAuditDate ? {} : { completedAuditDate: (m.startAuditDate ?? now()) as never }) }),
      // The history says why this approval owes nothing.
      reason: () => (paidBefore ? MOVE_TEXT.paidBefore(paidBefore) : null),
      after: async (tx, updated) => {
        // The dashboard's statistics read each dimension's result (services/reports/dimensionResults.ts).
        await storeDimensionResults(tx, [updated.id]);
        return paidBefore ? null : createPendingTransaction(tx, updated);
      },
      detail: () => ({ videoLink: body.userMoveVideoLink, ...(paidBefore ? { paidBefore } : {}) }),
    });
    return { ...(await detail(body.id)), transaction: result ?? null, paidBefore };
  });

  app.post('/user-moves/reject-one', { config: write, schema: { tags, summary: 'Rechaza una move en revisión con un motivo y avisa al Getter por push', description: `EN_REVISION → RECHAZADA; la move necesita agente de calidad asignado. Una \`version\` distinta de la actual responde 409.${MOTIVE_NOTE}`, body: reasonBody, answer: moveDetailAnswer } }, async (req) => {
    const body = req.body as z.infer<typeof reasonBody>;
    const { move } = await actOnMove(app.db, {
      ...body,
      action: 'reject',
      actor: req.session,
      check: (tx) => checkReviewMotive(tx, body.motiveId, body.reason),
      set: () => ({ rejectionReason: body.reason, finishAnalysisDate: now() as never }),
    });
    noticeToGetter(app.db, notices, { kind: 'reject', move, actor: req.session });
    return detail(body.id);
  });

  app.post('/user-moves/disapprove-one', { config: write, schema: { tags, summary: 'Desaprueba una move aprobada con un motivo y avisa al Getter por push', description: `APROBADA → DESAPROBADA: su transacción pendiente se elimina (una ya pagada queda). Una \`version\` distinta de la actual responde 409.${MOTIVE_NOTE}`, body: reasonBody, answer: moveDetailAnswer } }, async (req) => {
    const body = req.body as z.infer<typeof reasonBody>;
    const { move, result } = await actOnMove(app.db, {
      ...body,
      action: 'disapprove',
      actor: req.session,
      check: (tx) => checkReviewMotive(tx, body.motiveId, body.reason),
      set: () => ({ disapprovedReason: body.reason, finishAnalysisDate: now() as never }),
      after: (tx, updated) => dropPendingTransaction(tx, updated, req.session.id),
    });
    noticeToGetter(app.db, notices, { kind: 'disapprove', move, actor: req.session, paid: result?.paid });
    return detail(body.id);
  });

  app.post('/user-moves/return-one', { config: write, schema: { tags, summary: 'Devuelve una move en revisión al Getter para corregir las preguntas marcadas', description: `EN_REVISION → DEVUELTA; las preguntas indicadas quedan marcadas para editar y el Getter recibe un push. Una \`version\` distinta de la actual responde 409.${MOTIVE_NOTE}`, body: returnBody, answer: moveDetailAnswer } }, async (req) => {
    const body = req.body as z.infer<typeof returnBody>;
    const { move } = await actOnMove(app.db, {
      ...body,
      action: 'return',
      actor: req.session,
      check: (tx) => checkReviewMotive(tx, body.motiveId, body.reason),
      set: () => ({ returnReason: body.reason }),
      after: (tx, updated) => flagForReturn(tx, updated, body.questions),
      detail: { questions: body.questions },
    });
    noticeToGetter(app.db, notices, { kind: 'return', move, actor: req.session });
    return detail(body.id);
  });

  app.post('/user-moves/rescue-one', { config: write, schema: { tags, summary: 'Rescata una move sin terminar o cancelada y la pasa a revisión', description: 'ASIGNADA, INICIADA, PAUSADA o CANCELADA → EN_REVISION, a nombre de quien rescata. Una cancelada recupera su visita si nadie la tomó (409 si no).', body: rescueBody, answer: moveDetailAnswer } }, async (req) => {
    const body = req.body as z.infer<typeof rescueBody>;
    // The rescuer is who acts: a user id in the body cannot rescue in someone else's name.
    await actOnMove(app.db, {
      id: body.id,
      version: body.version,
      action: 'rescue',
      actor: req.session,
      set: () => ({ rescueUserId: req.session.id }),
      // A cancelled move's visit went back to the stock: the rescue takes it back, if it is still there.
      after: (tx, _updated, before) => (before.status === 'CANCELADA' ? reclaimVisit(tx, before) : Promise.resolve()),
    });
    return detail(body.id);
  });

  app.post('/user-moves/republish-move', { config: write, schema: { tags, summary: 'Republica una move rechazada o desaprobada como una move nueva asignada al mismo Getter', description: 'Una sola vez por move (409 la segunda). Responde la copia nueva y avisa al Getter por push.', body: republishBody, answer: moveDetailAnswer } }, async (req) => {
    const body = req.body as z.infer<typeof republishBody>;
    const { move, result } = await actOnMove(app.db, {
      id: body.id,
      version: body.version,
      action: 'republish',
      actor: req.session,
      after: async (tx, updated) => {
        const project = await projectOfMove(tx, updated);
        return insertRepublished(tx, updated, req.session, project?.endDate ?? body.projectEndDate ?? updated.dueTo);
      },
    });
    noticeToGetter(app.db, notices, { kind: 'republish', move, actor: req.session, copy: result });
    return detail(result!.id);
  });

  /** The republished copy of a move; 204 when it was not republished. */
  app.get('/user-moves/republish-move', { config: read, schema: { tags, summary: 'Copia republicada de una move; 204 si no fue republicada', description: 'Responde 204 sin cuerpo si no fue republicada, y 404 si la move no existe.', querystring: z.object({ id }), answer: moveDetailAnswer } }, async (req, reply) => {
    const { id: moveId } = req.query as { id: number };
    await readMove(app.db, moveId);
    const [copy] = await app.db.select({ id: userMoves.id }).from(userMoves).where(eq(userMoves.republishedFromId, moveId));
    if (!copy) return reply.status(204).send();
    return detail(copy.id);
  });

  /** Assign the quality agent (role 1), or replace the video link. */
  app.put('/user-moves', { config: write, schema: { tags, summary: 'Asigna (o quita) el agente de calidad de una move, o reemplaza su enlace de video', description: 'Con `assignedAgentId` cambia el agente (no en moves aprobadas, desaprobadas, rechazadas, devueltas ni canceladas); si no, reemplaza el video. Una `version` distinta de la actual responde 409.', body: editMoveBody, answer: moveDetailAnswer } }, async (req) => {
    const body = req.body as z.infer<typeof editMoveBody>;
    if (body.assignedAgentId !== undefined) {
      const agentId = body.assignedAgentId;
      await actOnMove(app.db, {
        id: body.id,
        version: body.version,
        action: 'assignAgent',
        actor: req.session,
        check: async (tx) => {
          if (agentId !== null) await ensureUserOfRole(tx, agentId, ROLE.ADMIN, MOVE_TEXT.notAgent);
        },
        set: () => ({ assignedAgentId: agentId }),
        detail: { assignedAgentId: agentId },
      });
    } else {
      await actOnMove(app.db, {
        id: body.id,
        version: body.version,
        action: 'replaceVideo',
        actor: req.session,
        set: () => ({ videoLink: body.userMoveVideoLink! }),
        detail: { videoLink: body.userMoveVideoLink },
      });
    }
    return detail(body.id);
  });

  /** Mark the move answered by the agent: the edited answers, with the reason an approved move needs. */
  app.put('/user-moves/edit-one', { config: write, schema: { tags, summary: 'Guarda la edición del agente de las respuestas de una move y la vuelve a puntuar', description: 'Para moves en revisión o aprobadas; en una aprobada el motivo es obligatorio. Una `version` distinta de la actual responde 409.', body: editOneBody, answer: moveDetailAnswer } }, async (req) => {
    const body = req.body as z.infer<typeof editOneBody>;
    await saveAgentEdit(app.db, req.session, { userMoveId: body.id, replies: body.questionnarieReplyedByAgent.replies, reason: body.reason, continueWithoutPhotos: body.continueWithoutPhotos, version: body.version });
    return detail(body.id);
  });

  for (const method of ['post', 'put'] as const) {
    app[method]('/questionnaireRepliedByAgent', { config: write, schema: { tags, summary: 'Guarda el cuestionario de una move editado por el agente y la vuelve a puntuar', description: 'Igual que PUT /user-moves/edit-one, con el id de la move en `userMoveId`. En una move aprobada el motivo es obligatorio.', body: agentReplyBody, answer: moveDetailAnswer } }, async (req) => {
      const body = req.body as z.infer<typeof agentReplyBody>;
      await saveAgentEdit(app.db, req.session, body);
      return detail(body.userMoveId);
    });
  }

  app.put('/user-moves/delete-photo', { config: write, schema: { tags, summary: 'Quita una foto de una respuesta de una move en revisión o aprobada', description: 'Quita la foto en `index` de la pregunta solo si es la `imageUrl` que vio el usuario. En una move aprobada el motivo (`reason`) es obligatorio: queda como su motivo de edición y en la auditoría. Una `version` distinta de la actual responde 409.', body: deletePhotoBody, answer: moveDetailAnswer } }, async (req) => {
    const body = req.body as z.infer<typeof deletePhotoBody>;
    // One of control characters only is as missing as spaces (as the approved edit's).
    const reason = keptReason(body.reason);
    await actOnMove(app.db, {
      id: body.userMoveId,
      version: body.version,
      action: 'deletePhoto',
      actor: req.session,
      reason,
      check: (_tx, m) => {
        if (photoRemovalNeedsReason(m.status) && !reason) throw badRequest(MOVE_FORM_TEXT.photoReason, { reason: MOVE_FORM_TEXT.required });
      },
      // On an approved move the reason is its edit reason, as 'Editar Move Aprobada' keeps it.
      set: (m) => (photoRemovalNeedsReason(m.status) ? { editReason: reason } : {}),
      after: (tx, updated) => removePhoto(tx, files, updated, body.questionId, body.index, body.imageUrl),
      detail: { questionId: body.questionId, index: body.index },
    });
    return detail(body.userMoveId);
  });

  app.post('/user-moves/cancel-one', { config: write, schema: { tags, summary: 'Cancela una move sin terminar con un motivo y vuelve a publicar su visita', description: 'DISPONIBLE, ASIGNADA, INICIADA, PAUSADA o DEVUELTA → CANCELADA. Una `version` distinta de la actual responde 409.', body: cancelBody, answer: moveDetailAnswer } }, async (req) => {
    const body = req.body as z.infer<typeof cancelBody>;
    await actOnMove(app.db, {
      id: body.id,
      version: body.version,
      action: 'cancel',
      actor: req.session,
      reason: body.reason,
      set: () => ({ cancelReason: body.reason }),
      after: (tx, updated) => republishVisit(tx, updated),
    });
    return detail(body.id);
  });

  app.post('/user-moves/reschedule-one', { config: write, schema: { tags, summary: 'Reprograma una move pendiente: su vencimiento pasa al fin del proyecto', description: 'Para moves DISPONIBLE, ASIGNADA, INICIADA, PAUSADA o DEVUELTA; sin fecha de fin del proyecto responde 400; con el proyecto ya finalizado, 409. Una `version` distinta de la actual responde 409.', body: rescheduleBody, answer: moveDetailAnswer } }, async (req) => {
    const body = req.body as z.infer<typeof rescheduleBody>;
    let dueTo: string | null = null;
    await actOnMove(app.db, {
      id: body.userMoveId,
      version: body.version,
      action: 'reschedule',
      actor: req.session,
      check: async (tx, move) => {
        // The project's own end date: the one in the body (the spec's) is what the console showed, never a day of the caller's choosing.
        dueTo = (await projectOfMove(tx, move))?.endDate ?? null;
        if (!dueTo) throw badRequest(NO_END_DATE, { projectEndDate: NO_END_DATE });
      },
      set: () => ({ dueTo }),
      detail: () => ({ dueTo }),
    });
    return detail(body.userMoveId);
  });

  /** The Getter (role 7, the mobile side) sends its move for review. */
  app.post('/user-moves/submit', { config: getter, schema: { tags, summary: 'El Getter envía a revisión su move con sus respuestas, que se puntúan (o la aprueba el proyecto que requiere aprobación automática)', description: 'Desde ASIGNADA, INICIADA, PAUSADA o DEVUELTA → EN_REVISION; solo sobre una move propia. El cuestionario va completo en lo que la aplicación del Getter muestra (respuestas requeridas, la observación que pide la respuesta elegida, las fotos y la evidencia pedidas, aunque la move haya sido rescatada): si no, 400 «Existe información por completar» con cada pregunta en `errors` y la move no cambia. En una move DEVUELTA sólo cambian las preguntas marcadas para corregir: las demás conservan la respuesta revisada (omitidas o enviadas igual; cambiadas, 400 «Esta pregunta no fue devuelta: su respuesta no se puede cambiar.»). En un proyecto con `autoApprovalRequired`, una move enviada por primera vez (ni devuelta ni republicada), con agente de calidad asignado y sin respuestas obligatorias del agente pendientes, queda APROBADA al llegar, con su transacción pendiente, y su historial lo dice. Una `version` distinta de la actual responde 409.', body: submitBody, answer: submitAnswer } }, async (req) => {
    const body = req.body as z.infer<typeof submitBody>;
    const move = await submitForReview(app.db, req.session, body);
    return { id: move.id, code: move.code, statusId: move.status, version: move.version, questionnaireResult: move.questionnaireResult === null ? null : Number(move.questionnaireResult) };
  });
}
