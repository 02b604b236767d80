/**
 * Demo data of the client side: two years of approved visits for the demo client (Café del Plata)
 * in a long quality programme whose questionnaire changed version twice, so the dashboard has
 * years, months, dimensions and versions to show; and, on the franchise user's points of sale,
 * recent approved visits across every colour band of the performance report, one at 100 (gold),
 * one from 90 to 99 (silver) and one from 80 to 89 (bronze); and a short opening check on those points
 * of sale whose latest approved visit answered every scored question N/A, so it has no result. Also the
 * client user's supervision and history links, and each approved demo move's per-dimension results. Runs after the moves'
 * seed, through the same tables; does nothing when the programme already exists.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { MoveReplies } from '../../../domain/move-replies';
import { numberedQuestions } from '../../../domain/move-replies';
import { questionnaireResult, RESULT_NOT_APPLICABLE } from '../../../domain/questionnaire-result';
import type { Dimension, Question } from '../../../domain/questionnaires';
import { ROLE } from '../../../domain/roles';
import { dimensionResults } from '../../../domain/statistics';
import { addDaysIso as addDays, monthStartIso as monthStart, todayIso } from '../../../domain/validation';
import { storeDimensionResults } from '../../services/reports/dimensionResults';
import { addLocations, addRangesAndVisits } from '../../services/projects/write';
import type { Tx } from '../client';
import {
  accounts,
  campaigns,
  clients,
  guidelines,
  locations,
  moveAttachments,
  moveConfigurations,
  moveReplies,
  moveStatusLogs,
  projectLocations,
  projects,
  questionnaires,
  questionnaireVersions,
  transactions,
  userMoves,
  users,
  visits,
} from '../schema';
import { demoReplies, pick, type Random, randomFrom } from './moveAnswers';

export const PROGRAMME_NAME = 'Programa de calidad en locales';
const CLIENT_NAME = 'Café del Plata';
const PRICE = '4500.00';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Argentina is UTC-3 all year. */
const AR_OFFSET = 3 * HOUR;

/** A local (Argentina) time on a date, as an instant. */
const localTime = (iso: string, hour: number, minute = 0) => new Date(Date.parse(`${iso}T00:00:00Z`) + hour * HOUR + minute * 60_000 + AR_OFFSET);

/**
 * The result bands the franchise user's recent visits cover (targets between `lo` and `hi`). None is N/A:
 * the questionnaire's required open and accumulative questions have no N/A answer, so an approved visit
 * that answers them, as approval asks, is always judged.
 */
const FRANCHISE_TARGETS: [lo: number, hi: number, apart?: 'apart'][][] = [
  [
    [100, 100],
    [41, 69],
  ],
  [
    [90, 99.5],
    [71, 79.5],
    [5, 39],
  ],
  [
    [80, 89.5],
    // Was an N/A visit, which drew only a Getter's replies from the demo's numbers: it draws those, then
    // scores with numbers of its own, so the visits after it (their Getters, their payments) are as before.
    [55, 69, 'apart'],
    [91, 99],
  ],
];

const SCORED = new Set(['close', 'open', 'accumulative']);
const byText = (q: Question, text: string) => q.answers.find((a) => a.answer === text)?._id ?? null;
const byWeight = (q: Question) => [...q.answers].sort((a, b) => (b.weighting ?? -1) - (a.weighting ?? -1));

/** The best answer to a scored question (and no penalty applied). */
function bestReply(q: Question): MoveReplies[string]['replyData'] | undefined {
  if (q.type === 'close') return byText(q, 'Sí');
  if (q.type === 'open') return byWeight(q)[0]?._id ?? null;
  if (q.type === 'accumulative') return q.answers.filter((a) => (a.weighting ?? 0) > 0).map((a) => a._id);
  if (q.type === 'penalty') return byText(q, 'No');
  return undefined;
}

/** Ever worse answers to a scored question, one step at a time. */
function worseReplies(q: Question): MoveReplies[string]['replyData'][] {
  if (q.type === 'close') return [byText(q, 'No')];
  if (q.type === 'open') return byWeight(q).slice(1).filter((a) => (a.weighting ?? -1) >= 0).map((a) => a._id);
  if (q.type === 'accumulative') {
    const chosen = q.answers.filter((a) => (a.weighting ?? 0) > 0).map((a) => a._id);
    return chosen.slice(1).map((_, i) => chosen.slice(0, chosen.length - 1 - i));
  }
  return [];
}

function withData(replies: MoveReplies, q: Question, data: MoveReplies[string]['replyData']): MoveReplies {
  return { ...replies, [q._id]: { ...replies[q._id], replyData: data } };
}

/** A Getter's answers whose result lies between `lo` and `hi`. */
function repliesScoring(random: Random, dimensions: Dimension[], lo: number, hi: number): MoveReplies {
  const questions = numberedQuestions(dimensions).map((n) => n.question);
  const scored = questions.filter((q) => SCORED.has(q.type) && (q.weighting ?? 0) > 0);
  for (let attempt = 0; attempt < 200; attempt++) {
    let replies = demoReplies(random, dimensions);
    for (const q of questions) {
      const best = bestReply(q);
      if (best !== undefined) replies = withData(replies, q, best);
    }
    const order = [...scored].sort(() => random() - 0.5);
    let result = questionnaireResult({ dimensions }, replies);
    for (const q of order) {
      if (result <= hi) break;
      for (const data of worseReplies(q)) {
        const candidate = withData(replies, q, data);
        const r = questionnaireResult({ dimensions }, candidate);
        if (r < lo) break;
        replies = candidate;
        result = r;
        if (result <= hi) break;
      }
    }
    if (result >= lo && result <= hi) return replies;
  }
  throw new Error(`Demo statistics: no answers scoring between ${lo} and ${hi}`);
}

/** `repliesScoring` with numbers of its own, after drawing one Getter's replies from `random`. */
function scoredApart(random: Random, dimensions: Dimension[], lo: number, hi: number): MoveReplies {
  demoReplies(random, dimensions);
  return repliesScoring(randomFrom(lo * 1000 + hi), dimensions, lo, hi);
}

/** A Getter's answers where each scored question goes well with probability `p`. */
function repliesLike(random: Random, dimensions: Dimension[], p: number): MoveReplies {
  let replies = demoReplies(random, dimensions);
  for (const { question: q, dimension } of numberedQuestions(dimensions)) {
    if (q.type === 'close') {
      const r = random();
      replies = withData(replies, q, byText(q, r < p ? 'Sí' : r < p + (1 - p) * 0.9 ? 'No' : 'N/A'));
    } else if (q.type === 'open') {
      const ranked = byWeight(q).filter((a) => (a.weighting ?? -1) >= 0);
      replies = withData(replies, q, (random() < p ? ranked[0] : pick(random, ranked))?._id ?? null);
    } else if (q.type === 'accumulative') {
      const chosen = q.answers.filter(() => random() < p).map((a) => a._id);
      replies = withData(replies, q, chosen.length ? chosen : [q.answers[0]._id]);
    } else if (q.type === 'penalty') {
      const absolute = dimension.subDimensions.find((s) => s.questions.includes(q))?.type === 'PENALTY_ABSOLUTE';
      replies = withData(replies, q, byText(q, random() < (absolute ? 0.01 : 0.05) ? 'Sí' : 'No'));
    }
  }
  return replies;
}

interface Visit {
  projectLocationId: number;
  /** The visit's day (YYYY-MM-DD, Argentina) and local start hour. */
  day: string;
  hour: number;
  versionId: number;
  dimensions: Dimension[];
  replies: MoveReplies;
}

export async function seedStatistics(tx: Tx): Promise<void> {
  const [client] = await tx.select().from(clients).where(eq(clients.name, CLIENT_NAME));
  if (!client) return;
  const [done] = await tx.select({ id: projects.id }).from(projects).where(and(eq(projects.name, PROGRAMME_NAME), eq(projects.clientId, client.id)));
  if (done) return;
  const [questionnaire] = await tx.select().from(questionnaires).where(eq(questionnaires.name, 'Visita a cafetería'));
  const [guideline] = await tx.select({ id: guidelines.id }).from(guidelines).where(eq(guidelines.name, 'Cliente incógnito en cafetería')).orderBy(asc(guidelines.version));
  const [move] = await tx.select({ id: moveConfigurations.id }).from(moveConfigurations).where(eq(moveConfigurations.name, 'Visita estándar'));
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@campo.test'));
  const [franchise] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'franquicia@campo.test'));
  const getters = (await tx.select({ id: users.id }).from(users).where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true)))).map((u) => u.id);
  const agents = (await tx.select({ id: users.id }).from(users).where(and(eq(users.rolId, ROLE.ADMIN), eq(users.status, true)))).map((u) => u.id);
  if (!questionnaire || !move || !admin || !getters.length || !agents.length) return;
  const versions = await tx
    .select({ id: questionnaireVersions.id, version: questionnaireVersions.version, content: questionnaireVersions.content })
    .from(questionnaireVersions)
    .where(and(eq(questionnaireVersions.questionnaireId, questionnaire.id), isNull(questionnaireVersions.removedAt)))
    .orderBy(asc(questionnaireVersions.version));
  const dimensionsOf = (v: (typeof versions)[number]) => (v.content as { dimensions: Dimension[] }).dimensions;

  await tx
    .update(users)
    .set({ checklistAccessUrl: 'https://checklist.campo.test/supervision/cafe-del-plata', checkerAccessToken: 'https://checker.campo.test/historial/cafe-del-plata' })
    .where(eq(users.email, 'cliente@campo.test'));

  // The programme: 23 full months behind and the current one, in its own campaign.
  const today = todayIso();
  const start = monthStart(today, -23);
  const end = addDays(monthStart(today, 1), -1);
  const [campaign] = await tx
    .insert(campaigns)
    .values({ name: `Programa anual ${CLIENT_NAME}`, clientId: client.id, startDate: start, endDate: addDays(monthStart(today, 4), -1) })
    .returning({ id: campaigns.id });
  const [project] = await tx
    .insert(projects)
    .values({
      name: PROGRAMME_NAME,
      clientId: client.id,
      campaignId: campaign.id,
      moveConfigurationId: move.id,
      questionnaireId: questionnaire.id,
      guidelineId: guideline?.id ?? null,
      startDate: start,
      endDate: end,
      price: PRICE,
      mandatoryProduct: 'Café con leche mediano y medialuna',
      alternativeProduct: 'Cortado y tostado',
      audioAttachment: true,
      createdBy: admin.id,
      createdAt: new Date(Date.parse(`${start}T12:00:00Z`) - 20 * DAY),
    })
    .returning({ id: projects.id });
  const active = await tx
    .select({ id: locations.id, ownerId: locations.ownerId })
    .from(locations)
    .where(and(eq(locations.clientId, client.id), eq(locations.status, true)))
    .orderBy(asc(locations.id));
  await addLocations(
    tx,
    project.id,
    client.id,
    active.map((l) => l.id),
  );
  // One visit a month, in quarterly ranges.
  const ranges = [];
  for (let m = -23; m <= 0; m += 3) {
    const from = monthStart(today, m);
    ranges.push({ from, to: m + 3 > 0 ? end : addDays(monthStart(today, m + 3), -1), visits: 3 });
  }
  await addRangesAndVisits(tx, project.id, ranges);
  const pls = await tx
    .select({ id: projectLocations.id, locationId: projectLocations.locationId })
    .from(projectLocations)
    .where(eq(projectLocations.projectId, project.id))
    .orderBy(asc(projectLocations.locationId));

  const random = randomFrom(20240601);
  // The first thirteen months answered version 1, the next five version 2, the last six version 3. Thirteen
  // months always reach into two calendar years (twelve from a January do not: seeded in December, version 1
  // had one year to show).
  const versionAt = (monthsAgo: number) => versions[monthsAgo >= 11 ? 0 : monthsAgo >= 6 ? Math.min(1, versions.length - 1) : versions.length - 1];
  const planned: Visit[] = [];
  const latest = versions[versions.length - 1];
  const owned = pls.filter((pl) => active.find((l) => l.id === pl.locationId)?.ownerId === franchise?.id).slice(0, FRANCHISE_TARGETS.length);
  pls.forEach((pl, i) => {
    // Each point of sale has its own level and improves over the two years.
    const level = 0.58 + ((i * 37) % 30) / 100;
    // The franchise user's recent visits (below) take the last quarter's visits of its points of sale.
    const last = owned.includes(pl) ? 3 : 1;
    for (let monthsAgo = 23; monthsAgo >= last; monthsAgo--) {
      const version = versionAt(monthsAgo);
      const p = Math.min(0.97, level + (23 - monthsAgo) * 0.006 + (random() - 0.5) * 0.12);
      planned.push({
        projectLocationId: pl.id,
        day: addDays(monthStart(today, -monthsAgo), 2 + ((i * 5 + monthsAgo * 3) % 24)),
        hour: 10 + ((i + monthsAgo) % 8),
        versionId: version.id,
        dimensions: dimensionsOf(version),
        replies: repliesLike(random, dimensionsOf(version), p),
      });
    }
  });
  // The franchise user's recent visits, across every band of the report.
  owned.forEach((pl, i) =>
    FRANCHISE_TARGETS[i].forEach(([lo, hi, apart], k) =>
      planned.push({
        projectLocationId: pl.id,
        day: addDays(today, -(3 + i + k * 7)),
        hour: 11 + k,
        versionId: latest.id,
        dimensions: dimensionsOf(latest),
        replies: apart ? scoredApart(random, dimensionsOf(latest), lo, hi) : repliesScoring(random, dimensionsOf(latest), lo, hi),
      }),
    ),
  );

  const free = await freeVisits(
    tx,
    pls.map((pl) => pl.id),
  );
  for (let startAt = 0; startAt < planned.length; startAt += 60) {
    await insertApproved(tx, random, planned.slice(startAt, startAt + 60), free, { getters, agents });
  }
  await seedOpeningCheck(tx, {
    clientId: client.id,
    campaignId: campaign.id,
    moveConfigurationId: move.id,
    guidelineId: guideline?.id ?? null,
    createdBy: admin.id,
    locationIds: active.filter((l) => l.ownerId === franchise?.id).map((l) => l.id),
    people: { getters, agents },
  });

  // The moves' seed approved moves before dimension results existed: give them theirs.
  const pending = await tx.select({ id: userMoves.id }).from(userMoves).where(and(eq(userMoves.status, 'APROBADA'), isNull(userMoves.dimensionResults)));
  await storeDimensionResults(
    tx,
    pending.map((m) => m.id),
  );
}

/** The visits of these project locations, by location, earliest first: what the approved moves take. */
async function freeVisits(tx: Tx, projectLocationIds: number[]): Promise<Map<number, { id: number; dueFrom: string; dueTo: string }[]>> {
  const free = new Map<number, { id: number; dueFrom: string; dueTo: string }[]>();
  for (const v of await tx
    .select({ id: visits.id, projectLocationId: visits.projectLocationId, dueFrom: visits.dueFrom, dueTo: visits.dueTo })
    .from(visits)
    .where(inArray(visits.projectLocationId, projectLocationIds))
    .orderBy(asc(visits.dueFrom), asc(visits.id)))
    free.set(v.projectLocationId, [...(free.get(v.projectLocationId) ?? []), v]);
  return free;
}

const OPENING_CHECK_NAME = 'Control de apertura en locales';

/**
 * The opening check's approved visits, on the franchise user's points of sale: two judged and, the
 * latest, one that found the café closed and answered every scored question N/A. It is counted among
 * the approved visits, 'sin resultado', and the means beside it are of the other two.
 */
const OPENING_VISITS: { daysAgo: number; target: [lo: number, hi: number] | null }[] = [
  { daysAgo: 16, target: [90, 100] },
  { daysAgo: 9, target: [50, 70] },
  { daysAgo: 4, target: null },
];

/** A Getter's answers that judge nothing: every scored question N/A. */
function repliesNotApplicable(random: Random, dimensions: Dimension[]): MoveReplies {
  let replies = demoReplies(random, dimensions);
  for (const { question: q } of numberedQuestions(dimensions)) {
    if (!SCORED.has(q.type) || (q.weighting ?? 0) <= 0) continue;
    const notApplicable = byText(q, 'N/A');
    if (!notApplicable) throw new Error(`Demo statistics: "${q.name}" has no N/A answer`);
    replies = withData(replies, q, notApplicable);
  }
  if (questionnaireResult({ dimensions }, replies) !== RESULT_NOT_APPLICABLE) throw new Error('Demo statistics: the N/A answers still score');
  return replies;
}

/** A short project of the client's programme campaign, on the opening-check questionnaire, with OPENING_VISITS approved. */
async function seedOpeningCheck(
  tx: Tx,
  p: { clientId: number; campaignId: number; moveConfigurationId: number; guidelineId: number | null; createdBy: number; locationIds: number[]; people: { getters: number[]; agents: number[] } },
): Promise<void> {
  const [version] = await tx
    .select({ id: questionnaireVersions.id, questionnaireId: questionnaireVersions.questionnaireId, content: questionnaireVersions.content })
    .from(questionnaireVersions)
    .innerJoin(questionnaires, and(eq(questionnaires.id, questionnaireVersions.questionnaireId), eq(questionnaires.lastVersion, questionnaireVersions.version)))
    .where(eq(questionnaires.name, 'Control de apertura de cafetería'));
  if (!version || !p.locationIds.length) return;
  const dimensions = (version.content as { dimensions: Dimension[] }).dimensions;
  const today = todayIso();
  const start = addDays(today, -30);
  const [project] = await tx
    .insert(projects)
    .values({
      name: OPENING_CHECK_NAME,
      clientId: p.clientId,
      campaignId: p.campaignId,
      moveConfigurationId: p.moveConfigurationId,
      questionnaireId: version.questionnaireId,
      guidelineId: p.guidelineId,
      startDate: start,
      endDate: addDays(monthStart(today, 3), -1),
      price: PRICE,
      mandatoryProduct: 'Café chico para llevar',
      alternativeProduct: null,
      audioAttachment: false,
      createdBy: p.createdBy,
      createdAt: new Date(Date.parse(`${start}T12:00:00Z`) - 7 * DAY),
    })
    .returning({ id: projects.id });
  await addLocations(tx, project.id, p.clientId, p.locationIds);
  // Each point of sale keeps two visits to take after its approved one, as the moves' seed leaves them.
  await addRangesAndVisits(tx, project.id, [{ from: start, to: addDays(monthStart(today, 3), -1), visits: 3 }]);
  const pls = await tx.select({ id: projectLocations.id }).from(projectLocations).where(eq(projectLocations.projectId, project.id)).orderBy(asc(projectLocations.locationId));
  // Numbers of its own: the programme's visits, their Getters and payments are as before.
  const random = randomFrom(20261201);
  const planned = OPENING_VISITS.map(({ daysAgo, target }, i) => ({
    projectLocationId: pls[i % pls.length].id,
    day: addDays(today, -daysAgo),
    hour: 8,
    versionId: version.id,
    dimensions,
    replies: target ? repliesScoring(random, dimensions, ...target) : repliesNotApplicable(random, dimensions),
  }));
  await insertApproved(
    tx,
    random,
    planned,
    await freeVisits(
      tx,
      pls.map((pl) => pl.id),
    ),
    p.people,
  );
}

async function insertApproved(
  tx: Tx,
  random: Random,
  planned: Visit[],
  free: Map<number, { id: number; dueFrom: string; dueTo: string }[]>,
  people: { getters: number[]; agents: number[] },
): Promise<void> {
  const values = planned.map((v) => {
    const queue = free.get(v.projectLocationId) ?? [];
    const at = queue.findIndex((q) => q.dueFrom <= v.day && v.day <= q.dueTo);
    const visit = at >= 0 ? queue.splice(at, 1)[0] : undefined;
    const started = localTime(v.day, v.hour, Math.floor(random() * 50));
    const completed = new Date(started.getTime() + (35 + Math.floor(random() * 30)) * 60_000);
    const approved = new Date(completed.getTime() + (20 + Math.floor(random() * 40)) * HOUR);
    const created = new Date(started.getTime() - (2 + Math.floor(random() * 4)) * DAY);
    const result = questionnaireResult({ dimensions: v.dimensions }, v.replies);
    return {
      visit,
      getterId: pick(random, people.getters),
      agentId: pick(random, people.agents),
      at: [created, started, completed, approved],
      result,
      row: {
        projectLocationId: v.projectLocationId,
        visitId: visit?.id ?? null,
        status: 'APROBADA',
        questionnaireVersionId: v.versionId,
        videoLink: `https://www.dropbox.com/s/prog${Math.floor(random() * 1e6)}/visita-editada.mp4?dl=0`,
        questionnaireResult: result.toFixed(2),
        dimensionResults: dimensionResults({ dimensions: v.dimensions }, v.replies),
        startAuditDate: started,
        completedAuditDate: completed,
        finishAnalysisDate: approved,
        dueTo: visit?.dueTo ?? v.day,
        attachmentsCount: 1,
        createdAt: created,
        updatedAt: approved,
      },
      replies: v.replies,
    };
  });
  const inserted = await tx
    .insert(userMoves)
    .values(values.map((v) => ({ ...v.row, userId: v.getterId, assignedAgentId: v.agentId })))
    .returning({ id: userMoves.id });
  const ids = inserted.map((r) => r.id);
  const taken = values.flatMap((v) => (v.visit ? [v.visit.id] : []));
  if (taken.length) await tx.update(visits).set({ state: 'TOMADA' }).where(inArray(visits.id, taken));
  const steps = ['ASIGNADA', 'INICIADA', 'EN_REVISION', 'APROBADA'];
  await tx.insert(moveStatusLogs).values(
    values.flatMap((v, i) =>
      steps.map((status, k) => ({
        userMoveId: ids[i],
        status,
        userId: k === 0 ? null : status === 'INICIADA' || status === 'EN_REVISION' ? v.getterId : v.agentId,
        createdAt: v.at[k],
        finishedAt: v.at[k + 1] ?? null,
      })),
    ),
  );
  await tx.insert(moveReplies).values(
    values.map((v, i) => ({ userMoveId: ids[i], byAgent: false, replies: v.replies, questionnaireResult: v.result.toFixed(2), createdBy: v.getterId, createdAt: v.at[2] })),
  );
  await tx.insert(moveAttachments).values(
    values.map((v, i) => ({
      userMoveId: ids[i],
      type: 'video',
      name: 'video-original.mp4',
      durationInSeconds: 600 + Math.floor(random() * 900),
      externalUrl: `https://www.dropbox.com/s/orig${Math.floor(random() * 1e6)}/visita.mp4?dl=0`,
      createdAt: v.at[2],
    })),
  );
  // Approved moves owe their Getter the project's price (the payments' seed pays the older ones).
  await tx.insert(accounts).values([...new Set(values.map((v) => v.getterId))].map((userId) => ({ userId }))).onConflictDoNothing({ target: accounts.userId });
  const accountRows = await tx.select({ id: accounts.id, userId: accounts.userId }).from(accounts).where(inArray(accounts.userId, values.map((v) => v.getterId)));
  const accountOf = new Map(accountRows.map((a) => [a.userId, a.id]));
  await tx.insert(transactions).values(values.map((v, i) => ({ accountId: accountOf.get(v.getterId)!, userMoveId: ids[i], amount: PRICE, status: 'PENDING', createdAt: v.at[3] })));
}
