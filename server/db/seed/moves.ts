/**
 * Demo moves: a few hundred across every status, with their status history, the Getter's replies
 * to the projects' questionnaire versions (scored), agents' edits, attachments (files of
 * demoFiles.ts and video links), returned moves with flagged questions, a republished one, and
 * approved ones owing their Getter a PENDING transaction. Runs after the projects' seed: it creates
 * project locations only where a project has none, and gives a project's ranges more visits where its
 * moves need them (visitsForMoves). Idempotent.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { numberedQuestions } from '../../../domain/move-replies';
import type { MoveStatus } from '../../../domain/moves';
import { questionnaireResult } from '../../../domain/questionnaire-result';
import type { Dimension } from '../../../domain/questionnaires';
import { ROLE } from '../../../domain/roles';
import { projectInfo } from '../../services/moves/projectInfo';
import type { Tx } from '../client';
import { accounts, locations, moveAttachments, moveReplies, moveStatusLogs, projectLocations, projects, projectVisitRanges, questionnaires, questionnaireVersions, transactions, userMoves, users, visits } from '../schema';
import { DEMO_AUDIO_SECONDS } from './demoFiles';
import { agentEdit, demoReplies, pick, randomFrom } from './moveAnswers';

const PLAN: [MoveStatus, number][] = [
  ['DISPONIBLE', 20],
  ['ASIGNADA', 35],
  ['INICIADA', 15],
  ['PAUSADA', 8],
  ['CANCELADA', 12],
  ['EN_REVISION', 80],
  ['APROBADA', 80],
  ['DESAPROBADA', 12],
  ['RECHAZADA', 20],
  ['DEVUELTA', 18],
];

/** The statuses a move went through to reach its current one (the scale generator uses them too). */
export const PATH: Record<MoveStatus, MoveStatus[]> = {
  DISPONIBLE: ['DISPONIBLE'],
  ASIGNADA: ['ASIGNADA'],
  INICIADA: ['ASIGNADA', 'INICIADA'],
  PAUSADA: ['ASIGNADA', 'INICIADA', 'PAUSADA'],
  CANCELADA: ['ASIGNADA', 'CANCELADA'],
  EN_REVISION: ['ASIGNADA', 'INICIADA', 'EN_REVISION'],
  APROBADA: ['ASIGNADA', 'INICIADA', 'EN_REVISION', 'APROBADA'],
  DESAPROBADA: ['ASIGNADA', 'INICIADA', 'EN_REVISION', 'APROBADA', 'DESAPROBADA'],
  RECHAZADA: ['ASIGNADA', 'INICIADA', 'EN_REVISION', 'RECHAZADA'],
  DEVUELTA: ['ASIGNADA', 'INICIADA', 'EN_REVISION', 'DEVUELTA'],
};
const REVIEWED: MoveStatus[] = ['EN_REVISION', 'APROBADA', 'DESAPROBADA', 'RECHAZADA', 'DEVUELTA'];
const REASONS = {
  RECHAZADA: ['El video no corresponde al local auditado.', 'La visita se realizó fuera del horario indicado en el instructivo.'],
  DESAPROBADA: ['Revisión de calidad: las fotos no permiten verificar las respuestas.', 'El cliente informó que la visita no coincide con sus registros.'],
  DEVUELTA: ['Faltan fotos legibles de la góndola; vuelva a cargarlas.', 'Complete la observación de los sanitarios.'],
  CANCELADA: ['El local estaba cerrado por inventario.', 'El Getter no pudo asistir en la fecha pactada.'],
};
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const iso = (d: Date) => d.toISOString().slice(0, 10);

interface Plan {
  status: MoveStatus;
  projectLocationId: number;
  projectId: number;
  versionId: number | null;
  dimensions: Dimension[];
  getterId: number | null;
  agentId: number | null;
  createdAt: Date;
  rescued: boolean;
}

export async function seedMoves(tx: Tx): Promise<void> {
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(userMoves);
  if (n > 0) return;
  const random = randomFrom(20260501);
  const projectRows = await tx.select({ id: projects.id, clientId: projects.clientId, questionnaireId: projects.questionnaireId }).from(projects).orderBy(asc(projects.id));
  if (!projectRows.length) return;
  const current = await tx
    .select({ id: questionnaireVersions.id, questionnaireId: questionnaireVersions.questionnaireId, content: questionnaireVersions.content })
    .from(questionnaireVersions)
    .innerJoin(questionnaires, and(eq(questionnaires.id, questionnaireVersions.questionnaireId), eq(questionnaires.lastVersion, questionnaireVersions.version)))
    .orderBy(asc(questionnaireVersions.id));
  const getters = (await tx.select({ id: users.id }).from(users).where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true)))).map((u) => u.id);
  const agents = (await tx.select({ id: users.id }).from(users).where(and(eq(users.rolId, ROLE.ADMIN), eq(users.status, true)))).map((u) => u.id);
  if (!current.length || !getters.length || !agents.length) return;
  const info = await projectInfo(tx, projectRows.map((p) => p.id));
  const versionOf = new Map<number, { id: number; content: unknown }>();

  // Project locations: the projects' seed makes them; a project without any gets some of its client's.
  const pls: { id: number; projectId: number }[] = [];
  for (const [i, p] of projectRows.entries()) {
    let rows = await tx.select({ id: projectLocations.id, projectId: projectLocations.projectId }).from(projectLocations).where(eq(projectLocations.projectId, p.id));
    if (!rows.length && p.clientId) {
      const own = await tx.select({ id: locations.id }).from(locations).where(and(eq(locations.clientId, p.clientId), eq(locations.status, true))).orderBy(asc(locations.id)).limit(6);
      if (own.length) rows = await tx.insert(projectLocations).values(own.map((l) => ({ projectId: p.id, locationId: l.id }))).returning({ id: projectLocations.id, projectId: projectLocations.projectId });
    }
    pls.push(...rows);
    if (!rows.length) continue;
    const version = current.find((v) => v.questionnaireId === p.questionnaireId) ?? current[i % current.length];
    versionOf.set(p.id, version);
  }
  if (!pls.length) return;

  const published = new Map<number, { id: number; dueTo: string }[]>();
  const visitRows = await tx.select({ id: visits.id, projectLocationId: visits.projectLocationId, dueTo: visits.dueTo }).from(visits).where(and(inArray(visits.projectLocationId, pls.map((p) => p.id)), eq(visits.state, 'PUBLICADA'))).orderBy(asc(visits.id));
  for (const v of visitRows) published.set(v.projectLocationId, [...(published.get(v.projectLocationId) ?? []), v]);

  const now = Date.now();
  // A move starts inside its project's dates, between 82 and 2 days ago (or in the last 30 days of a
  // project that ended before that): a project that has not begun yet gets none. Another stream of
  // random numbers moves a move off a project that has not begun, so the rest of the demo stays as it was.
  const windowOf = (projectId: number) => {
    const p = info.get(projectId);
    const hi = Math.min(now - 2 * DAY, p?.endDate ? Date.parse(`${p.endDate}T23:00:00`) : Infinity);
    const lo = Math.max(Math.min(now - 82 * DAY, hi - 30 * DAY), p?.startDate ? Date.parse(`${p.startDate}T00:00:00`) : -Infinity);
    return { lo, hi };
  };
  const begun = pls.filter((pl) => windowOf(pl.projectId).lo < windowOf(pl.projectId).hi);
  const elsewhere = randomFrom(20261126);
  const plans: Plan[] = [];
  for (const [status, count] of PLAN) {
    for (let k = 0; k < count; k++) {
      let pl = pick(random, pls);
      if (!begun.includes(pl) && begun.length) pl = pick(elsewhere, begun);
      const { lo, hi } = windowOf(pl.projectId);
      const version = versionOf.get(pl.projectId)!;
      plans.push({
        status,
        projectLocationId: pl.id,
        projectId: pl.projectId,
        versionId: version.id,
        dimensions: (version.content as { dimensions: Dimension[] }).dimensions,
        getterId: status === 'DISPONIBLE' ? null : pick(random, getters),
        agentId: REVIEWED.includes(status) ? (status === 'EN_REVISION' && k % 7 === 6 ? null : pick(random, agents)) : k % 4 === 0 && status !== 'DISPONIBLE' ? pick(random, agents) : null,
        createdAt: new Date(hi - ((Math.floor(random() * 80) + random()) / 81) * (hi - lo)),
        // A few moves in review were rescued by a quality agent before the Getter sent them.
        rescued: status === 'EN_REVISION' && k % 20 === 3,
      });
    }
  }

  await visitsForMoves(tx, plans, pls, published);
  for (let start = 0; start < plans.length; start += 100) await insertMoves(tx, random, plans.slice(start, start + 100), published, info, now);
  await republishOne(tx);
}

/** The published visits each project location keeps for the stock, after its moves took theirs. */
const STOCK = 2;

/**
 * Every move takes a visit of its location, and every location keeps STOCK published ones. A project
 * whose ranges give its busiest location fewer than that gets more visits in its last range, for all its
 * locations alike: what the project says a location has (its ranges' visits) is what each one has.
 */
async function visitsForMoves(tx: Tx, plans: Plan[], pls: { id: number; projectId: number }[], published: Map<number, { id: number; dueTo: string }[]>) {
  const movesAt = new Map<number, number>();
  for (const p of plans) movesAt.set(p.projectLocationId, (movesAt.get(p.projectLocationId) ?? 0) + 1);
  const ofProject = new Map<number, number[]>();
  for (const pl of pls) ofProject.set(pl.projectId, [...(ofProject.get(pl.projectId) ?? []), pl.id]);
  for (const ids of ofProject.values()) {
    const short = Math.max(...ids.map((id) => (movesAt.get(id) ?? 0) + STOCK - (published.get(id)?.length ?? 0)));
    if (short <= 0) continue;
    // Each location repeats the project's ranges: its last one, by its end.
    const last = await tx
      .selectDistinctOn([projectVisitRanges.projectLocationId], { id: projectVisitRanges.id, projectLocationId: projectVisitRanges.projectLocationId, from: projectVisitRanges.from, to: projectVisitRanges.to })
      .from(projectVisitRanges)
      .where(inArray(projectVisitRanges.projectLocationId, ids))
      .orderBy(asc(projectVisitRanges.projectLocationId), desc(projectVisitRanges.to), desc(projectVisitRanges.id));
    // A project without ranges says its locations have no visits: its moves take none.
    if (last.length !== ids.length) continue;
    await tx
      .update(projectVisitRanges)
      .set({ visits: sql`${projectVisitRanges.visits} + ${short}` })
      .where(inArray(projectVisitRanges.id, last.map((r) => r.id)));
    const added = await tx
      .insert(visits)
      .values(last.flatMap((r) => Array.from({ length: short }, () => ({ projectLocationId: r.projectLocationId, visitRangeId: r.id, dueFrom: r.from, dueTo: r.to, state: 'PUBLICADA' }))))
      .returning({ id: visits.id, projectLocationId: visits.projectLocationId, dueTo: visits.dueTo });
    for (const v of added) published.set(v.projectLocationId, [...(published.get(v.projectLocationId) ?? []), v]);
  }
}

async function insertMoves(tx: Tx, random: () => number, plans: Plan[], published: Map<number, { id: number; dueTo: string }[]>, info: Awaited<ReturnType<typeof projectInfo>>, now: number) {
  const values = plans.map((p, i) => {
    const visit = published.get(p.projectLocationId)?.shift();
    const reviewed = REVIEWED.includes(p.status);
    const steps = p.rescued ? ['ASIGNADA', 'EN_REVISION'] : PATH[p.status];
    // Each step 6 to 45 hours after the one before, all of them before the last hour.
    const gaps = steps.map((_, k) => (k === 0 ? 0 : 1) * (6 + Math.floor(random() * 40)) * HOUR);
    const span = gaps.reduce((a, b) => a + b, 0);
    const scale = Math.min(1, (now - HOUR - p.createdAt.getTime()) / (span || 1));
    let when = p.createdAt.getTime();
    const at = gaps.map((gap) => new Date((when += Math.floor(gap * scale))));
    const reply = reviewed ? demoReplies(random, p.dimensions, { partial: p.rescued }) : null;
    if (reply && p.status === 'DEVUELTA') for (const n of numberedQuestions(p.dimensions).slice(0, 2)) reply[n.question._id] = { ...reply[n.question._id], hasToEdit: true };
    const result = reply && p.dimensions.length ? questionnaireResult({ dimensions: p.dimensions }, reply) : null;
    // Every fifth approved move was edited by its agent (and some of those after approval, with a reason).
    const edited = reply && p.status === 'APROBADA' && i % 5 === 0 ? agentEdit(random, p.dimensions, reply) : null;
    const editedResult = edited ? questionnaireResult({ dimensions: p.dimensions }, edited) : null;
    const files: Omit<typeof moveAttachments.$inferInsert, 'userMoveId'>[] = [];
    if (reply && !p.rescued) {
      files.push({ type: 'video', name: 'video-original.mp4', durationInSeconds: 300 + Math.floor(random() * 600), externalUrl: `https://www.dropbox.com/s/orig${Math.floor(random() * 1e6)}/visita.mp4?dl=0`, createdAt: at[1] });
      if (random() < 0.65) files.push({ type: 'audio', name: 'audio-visita.wav', durationInSeconds: DEMO_AUDIO_SECONDS, storageKey: 'demo/audio-visita.wav', createdAt: at[1] });
      if (random() < 0.35) files.push({ type: 'image', name: 'fachada.jpg', storageKey: 'demo/fachada.jpg', createdAt: at[1] });
    }
    const score = editedResult ?? result;
    const reason = p.status in REASONS ? pick(random, REASONS[p.status as keyof typeof REASONS]) : null;
    return {
      plan: p,
      visit,
      steps,
      at,
      reply,
      result,
      edited,
      editedResult,
      files,
      row: {
        projectLocationId: p.projectLocationId,
        visitId: visit?.id ?? null,
        status: p.status,
        userId: p.getterId,
        assignedAgentId: p.agentId,
        rescueUserId: p.rescued ? p.agentId : null,
        questionnaireVersionId: p.versionId,
        videoLink: ['APROBADA', 'DESAPROBADA'].includes(p.status) ? `https://www.dropbox.com/s/demo${Math.floor(random() * 1e6)}/visita-editada.mp4?dl=0` : null,
        questionnaireResult: score === null ? null : score.toFixed(2),
        rejectionReason: p.status === 'RECHAZADA' ? reason : null,
        disapprovedReason: p.status === 'DESAPROBADA' ? reason : null,
        returnReason: p.status === 'DEVUELTA' ? reason : null,
        cancelReason: p.status === 'CANCELADA' ? reason : null,
        editReason: edited && i % 10 === 0 ? 'Ajuste de criterio tras revisar el video.' : null,
        startAuditDate: reviewed && !p.rescued ? at[1] : null,
        completedAuditDate: reviewed && !p.rescued ? new Date(at[1].getTime() + 2 * HOUR) : null,
        finishAnalysisDate: ['APROBADA', 'DESAPROBADA', 'RECHAZADA'].includes(p.status) ? at.at(-1)! : null,
        dueTo: visit?.dueTo ?? info.get(p.projectId)?.endDate ?? iso(new Date(now + 30 * DAY)),
        attachmentsCount: files.length,
        createdAt: p.createdAt,
        updatedAt: at.at(-1)!,
      } satisfies typeof userMoves.$inferInsert,
    };
  });
  const inserted = await tx.insert(userMoves).values(values.map((v) => v.row)).returning({ id: userMoves.id });
  const ids = values.map((_, i) => inserted[i].id);
  const taken = values.filter((v) => v.visit && v.plan.status !== 'CANCELADA').map((v) => v.visit!.id);
  const cancelled = values.filter((v) => v.visit && v.plan.status === 'CANCELADA').map((v) => v.visit!.id);
  if (taken.length) await tx.update(visits).set({ state: 'TOMADA' }).where(inArray(visits.id, taken));
  if (cancelled.length) await tx.update(visits).set({ state: 'PUBLICADA_POR_CANCELACION' }).where(inArray(visits.id, cancelled));
  const logs = values.flatMap((v, i) =>
    v.steps.map((status, k) => ({
      userMoveId: ids[i],
      status,
      // The Getter starts, pauses and sends the move for review (unless an agent rescued it); the agent decides.
      userId: k === 0 ? null : status === 'INICIADA' || status === 'PAUSADA' || (status === 'EN_REVISION' && !v.plan.rescued) ? v.plan.getterId : v.plan.agentId,
      reason: k === v.steps.length - 1 ? (v.row.rejectionReason ?? v.row.disapprovedReason ?? v.row.returnReason ?? v.row.cancelReason) : null,
      createdAt: v.at[k],
      finishedAt: v.at[k + 1] ?? null,
    })),
  );
  await tx.insert(moveStatusLogs).values(logs);
  const replies = values.flatMap((v, i) => [
    ...(v.reply ? [{ userMoveId: ids[i], byAgent: false, replies: v.reply, questionnaireResult: v.result === null ? null : v.result.toFixed(2), createdBy: v.plan.getterId, createdAt: v.at[1] }] : []),
    ...(v.edited
      ? [{ userMoveId: ids[i], byAgent: true, replies: v.edited, questionnaireResult: v.editedResult!.toFixed(2), reason: 'Se corrigió una respuesta según el video.', createdBy: v.plan.agentId }]
      : []),
  ]);
  if (replies.length) await tx.insert(moveReplies).values(replies);
  const files = values.flatMap((v, i) => v.files.map((f) => ({ ...f, userMoveId: ids[i] })));
  if (files.length) await tx.insert(moveAttachments).values(files);

  const owed = values
    .map((v, i) => ({ moveId: ids[i], getterId: v.plan.getterId, status: v.plan.status, price: info.get(v.plan.projectId)?.price ?? null }))
    .filter((o): o is { moveId: number; getterId: number; status: MoveStatus; price: string } => o.status === 'APROBADA' && o.getterId !== null && o.price !== null && Number(o.price) > 0);
  if (!owed.length) return;
  await tx.insert(accounts).values([...new Set(owed.map((o) => o.getterId))].map((userId) => ({ userId }))).onConflictDoNothing({ target: accounts.userId });
  const accountRows = await tx.select({ id: accounts.id, userId: accounts.userId }).from(accounts).where(inArray(accounts.userId, owed.map((o) => o.getterId)));
  const accountOf = new Map(accountRows.map((a) => [a.userId, a.id]));
  await tx.insert(transactions).values(owed.map((o) => ({ accountId: accountOf.get(o.getterId)!, userMoveId: o.moveId, amount: o.price, status: 'PENDING' })));
}

/** The first rejected move was republished: its copy is ASIGNADA for the same Getter and location. */
async function republishOne(tx: Tx) {
  const [rejected] = await tx.select().from(userMoves).where(eq(userMoves.status, 'RECHAZADA')).orderBy(asc(userMoves.id)).limit(1);
  if (!rejected) return;
  const [copy] = await tx
    .insert(userMoves)
    .values({
      projectLocationId: rejected.projectLocationId,
      visitId: rejected.visitId,
      status: 'ASIGNADA',
      userId: rejected.userId,
      questionnaireVersionId: rejected.questionnaireVersionId,
      republishedFromId: rejected.id,
      dueTo: rejected.dueTo,
    })
    .returning({ id: userMoves.id });
  await tx.insert(moveStatusLogs).values({ userMoveId: copy.id, status: 'ASIGNADA', userId: rejected.assignedAgentId });
}

/**
 * When each visit was published, once every seed has made its visits and moves (they were published as the demo
 * was loaded): the day before its project began, as a project publishes its ranges' visits when it is created
 * (an hour ago for one that begins later). A move keeps that date (the stock report's 'Publicada'); a visit a
 * cancellation published again was published when its move was cancelled (services/moves/review.ts).
 */
export async function datePublications(tx: Tx) {
  await tx.execute(sql`update ${visits} v set published_at = least((p.start_date - 1)::timestamp + interval '9 hours', now() - interval '1 hour')
    from ${projectLocations} pl join ${projects} p on p.id = pl.project_id where pl.id = v.project_location_id`);
  await tx.execute(sql`update ${userMoves} m set published_at = v.published_at from ${visits} v where v.id = m.visit_id`);
  await tx.execute(sql`update ${visits} v set published_at = c.at
    from (select m.visit_id, max(l.created_at) as at from ${userMoves} m join ${moveStatusLogs} l on l.user_move_id = m.id and l.status = 'CANCELADA'
      where m.status = 'CANCELADA' group by m.visit_id) c
    where v.id = c.visit_id and v.state = 'PUBLICADA_POR_CANCELACION'`);
}

