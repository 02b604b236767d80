/** The performance report (approved moves) and a move's assets zip. */
import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { PerformanceRow } from '../../../domain/move-api';
import { MOVE_FORM_TEXT } from '../../../domain/move-forms';
import { type MoveReplies, numberedQuestions, photosOf, replyText } from '../../../domain/move-replies';
import { MOVE_TEXT, photoFileName } from '../../../domain/moves';
import { formatDisplayDate } from '../../../domain/validation';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { countAll, nameOf, pageTotal } from '../../db/list';
import { placeholders, preparedOnce } from '../../db/prepared';
import { campaigns, clients, locations, moveAttachments, moveReplies, projectLocations, projects, userMoves, users } from '../../db/schema';
import { badRequest, notFound } from '../../http';
import { type FileStore, STORE_PREFIX } from '../files';
import type { ZipEntry } from '../zip';
import { readMove } from './act';
import { projectInfo } from './projectInfo';
import { dayEnd, dayStart, fullName } from './queries';
import { effectiveReplies, versionContent, type VersionContent } from './replies';

export interface ReportFilter {
  clientId: number[];
  projectId?: number;
  fromDate?: string;
  toDate?: string;
  offset: number;
  limit: number;
  /** Keyset: the moves after this id (no offset, no count). */
  after?: number;
  withAnswers: boolean;
}

/** The report's dates must fall within the project's (when a project is chosen and has dates). */
export async function checkReportDates(db: Db, f: ReportFilter): Promise<void> {
  if (!f.projectId || !f.fromDate || !f.toDate) return;
  const project = (await projectInfo(db, [f.projectId])).get(f.projectId);
  if (!project?.startDate || !project.endDate) return;
  if (f.fromDate < project.startDate || f.toDate > project.endDate) {
    const message = MOVE_FORM_TEXT.outsideProject(formatDisplayDate(project.startDate), formatDisplayDate(project.endDate));
    throw badRequest(message, { [f.fromDate < project.startDate ? 'fromDate' : 'toDate']: message });
  }
}

/** A user's full name by id, as a subquery of the select list. */
const personName = (userId: AnyPgColumn) => sql<string | null>`(select ${fullName(users)} from ${users} where ${users.id} = ${userId})`;

const P = placeholders('clientIds', 'projectId', 'fromDate', 'toDate', 'after', 'limit', 'offset');

/** The report's conditions, over placeholders: which ones, the filter's shape. */
const reportWhere = (f: ReportFilter) =>
  and(
    eq(userMoves.status, 'APROBADA'),
    sql`${projects.clientId} = any(${P.clientIds}::int[])`,
    f.projectId ? eq(projects.id, P.projectId as never) : undefined,
    ...(f.fromDate && f.toDate ? [gte(userMoves.completedAuditDate, dayStart(P.fromDate as never)), lt(userMoves.completedAuditDate, dayEnd(P.toDate as never))] : []),
  );

/** Approved moves with their project location, project and point of sale. */
const joined = <Q extends PgSelect>(q: Q) =>
  q
    .innerJoin(projectLocations, eq(projectLocations.id, userMoves.projectLocationId))
    .innerJoin(projects, eq(projects.id, projectLocations.projectId))
    .innerJoin(locations, eq(locations.id, projectLocations.locationId));

/**
 * A page of the approved moves of the filter, in id order, by offset with the filter's count, or by
 * keyset after a move (`after`: the export walks every page so, each as cheap as the first) with a null
 * count (the export has it from its first page). The page's statement is built once per shape (which
 * filters, offset or keyset) and reads only the move's columns the row shows; the count rides on it as
 * an uncorrelated subquery run once (only a page past the last one counts apart).
 */
export async function performanceReport(db: Db, f: ReportFilter): Promise<{ rows: PerformanceRow[]; count: number | null }> {
  await checkReportDates(db, f);
  const keyset = f.after !== undefined;
  const shape = `moves-report:${Boolean(f.projectId)}:${Boolean(f.fromDate && f.toDate)}`;
  // The report's count: alone for a page past the last one, as a subquery of an offset page otherwise.
  const countOf = () => joined(db.select({ count: countAll }).from(userMoves).$dynamic()).where(reportWhere(f));
  const counting = preparedOnce(db, `${shape}:count`, () => countOf().prepare(''));
  const statement = preparedOnce(db, `${shape}:${keyset ? 'after' : 'offset'}`, () => {
    const where = reportWhere(f);
    // The client, Getter, agent and campaign are lookups by key, each planned apart: as three left joins
    // more the planner searched join orders for ~5 ms a page (~9.6 ms of CPU a page, ~4.3 so), and the
    // campaign came from projectInfo, four more statements one after another.
    return joined(
      db
        .select({
          id: userMoves.id,
          code: userMoves.code,
          videoLink: userMoves.videoLink,
          questionnaireResult: userMoves.questionnaireResult,
          questionnaireVersionId: userMoves.questionnaireVersionId,
          finishAnalysisDate: userMoves.finishAnalysisDate,
          startAuditDate: userMoves.startAuditDate,
          completedAuditDate: userMoves.completedAuditDate,
          clientName: nameOf(clients, projects.clientId),
          projectName: projects.name,
          locationName: locations.fullName,
          clientLocationName: locations.clientLocationName,
          clientLocationId: locations.clientLocationId,
          getterName: personName(userMoves.userId),
          agentName: personName(userMoves.assignedAgentId),
          campaignName: nameOf(campaigns, projects.campaignId),
          total: keyset ? sql<number>`null::int` : sql<number>`(${countOf()})`.mapWith(Number),
        })
        .from(userMoves)
        .$dynamic(),
    )
      .where(keyset ? and(where, gt(userMoves.id, P.after as never)) : where)
      .orderBy(asc(userMoves.id))
      .limit(P.limit as never)
      .offset(keyset ? 0 : (P.offset as never))
      .prepare('');
  });
  const values = { clientIds: f.clientId, projectId: f.projectId, fromDate: f.fromDate, toDate: f.toDate, after: f.after, limit: f.limit, offset: f.offset };
  const rows = await statement.execute(values);
  const count = keyset ? null : await pageTotal(rows, f.offset, async () => (await counting.execute(values))[0].count);
  const answers = f.withAnswers ? await answersOf(db, rows) : new Map<number, PerformanceRow['answers']>();
  return {
    count,
    rows: rows.map((r) => ({
      id: r.id,
      code: r.code,
      userMoveVideoLink: r.videoLink,
      questionnaireResult: r.questionnaireResult === null ? null : Number(r.questionnaireResult),
      clientName: r.clientName,
      campaignName: r.campaignName,
      projectName: r.projectName,
      locationName: r.locationName,
      clientLocationName: r.clientLocationName,
      clientLocationId: r.clientLocationId,
      getterName: r.getterName,
      agentName: r.agentName,
      approvedAt: r.finishAnalysisDate?.toISOString() ?? null,
      startAuditDate: r.startAuditDate?.toISOString() ?? null,
      completedAuditDate: r.completedAuditDate?.toISOString() ?? null,
      ...(f.withAnswers ? { answers: answers.get(r.id) ?? [] } : {}),
    })),
  };
}

/** Every question's reply as text, per move (the agent's edit when there is one). */
async function answersOf(db: Db, moves: { id: number; questionnaireVersionId: number | null }[]): Promise<Map<number, PerformanceRow['answers']>> {
  const out = new Map<number, PerformanceRow['answers']>();
  if (!moves.length) return out;
  const replyRows = await db
    .selectDistinctOn([moveReplies.userMoveId], { userMoveId: moveReplies.userMoveId, replies: moveReplies.replies })
    .from(moveReplies)
    .where(inArray(moveReplies.userMoveId, moves.map((m) => m.id)))
    .orderBy(moveReplies.userMoveId, sql`${moveReplies.byAgent} desc`);
  const repliesOf = new Map(replyRows.map((r) => [r.userMoveId, r.replies as MoveReplies]));
  const versions = new Map<number, VersionContent>();
  for (const m of moves) {
    const vid = m.questionnaireVersionId;
    if (vid !== null && !versions.has(vid)) versions.set(vid, await versionContent(db, vid));
    const version = vid === null ? undefined : versions.get(vid);
    const replies = repliesOf.get(m.id) ?? {};
    out.set(
      m.id,
      numberedQuestions(version?.dimensions ?? []).map(({ question: q, dimension }) => {
        const reply = replies[q._id];
        const sub = dimension.subDimensions.find((s) => s.questions.includes(q))!;
        return { dimension: dimension.name, subDimension: sub.name, question: q.name, type: q.type, reply: replyText(q, reply), weighting: q.weighting, commentary: reply?.replyObservation ?? null };
      }),
    );
  }
  return out;
}

/**
 * An attachment's name as a zip entry: its last path segment, without control characters, so that
 * unzipping never writes outside the folder ('../../x' from the mobile side is 'x'); none left, its id.
 */
export function zipEntryName(name: string, id: number): string {
  const last = name.replace(/\\/g, '/').split('/').pop() ?? '';
  const clean = last.replace(/[\u0000-\u001f\u007f:*?"<>|]/g, '_').replace(/^\.+$/, '').trim();
  return clean || `adjunto-${id}`;
}

/** The move's files of one type, for the zip: photos of the answers and attachments, in the store. */
export async function assetsOf(db: Db, files: FileStore, moveId: number, type: string): Promise<{ code: string; entries: ZipEntry[] }> {
  const move = await readMove(db, moveId);
  const entries: ZipEntry[] = [];
  // Photos that are links to elsewhere (the Getter's app may send them so): not the store's to zip, and said.
  let linked = 0;
  if (type === 'image') {
    const version = await versionContent(db, move.questionnaireVersionId);
    const { replies } = await effectiveReplies(db, moveId);
    for (const { question: q, numbers } of numberedQuestions(version.dimensions)) {
      const photos = [...(q.type === 'photographs' ? photosOf(replies[q._id]) : []), ...(replies[q._id]?.evidences ?? [])];
      for (const [i, ref] of photos.entries()) {
        if (!ref.startsWith(STORE_PREFIX)) {
          linked += 1;
          continue;
        }
        const data = await files.read(ref.slice(STORE_PREFIX.length));
        if (data) entries.push({ name: photoFileName(move.code, ...numbers, q.name, i + 1), data });
      }
    }
  }
  const attachments = await db
    .select()
    .from(moveAttachments)
    .where(and(eq(moveAttachments.userMoveId, moveId), eq(moveAttachments.type, type)))
    .orderBy(asc(moveAttachments.id));
  for (const a of attachments) {
    if (!a.storageKey) continue;
    const data = await files.read(a.storageKey);
    if (data) entries.push({ name: zipEntryName(a.name, a.id), data, date: a.createdAt });
  }
  if (!entries.length && linked) throw notFound(MOVE_TEXT.photosLinked(linked));
  if (!entries.length) throw notFound(type === 'image' ? 'La move no tiene imágenes para descargar.' : 'La move no tiene archivos de ese tipo.');
  return { code: move.code, entries };
}
