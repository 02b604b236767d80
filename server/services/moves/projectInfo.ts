/**
 * What moves need to know of a project beyond its name and client: price, dates, campaign and
 * guideline. Those columns belong to the projects issue (7), which adds them while Moves is built;
 * they are read from the row as JSON so that Moves works whether they exist yet or not, and under
 * the names that issue chooses among the usual ones (see docs/decisions.md, "Moves").
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, jsonValue, rowsOf, type Tx } from '../../db/client';

export interface ProjectInfo {
  id: number;
  name: string;
  clientId: number | null;
  price: string | null;
  startDate: string | null;
  endDate: string | null;
  campaign: { id: number; name: string; client: { id: number; name: string } | null } | null;
  guideline: { id: number; name: string; generalitiesImg: string | null } | null;
  client: { id: number; name: string } | null;
}

type Row = Record<string, unknown>;

const first = (row: Row, names: string[]): unknown => {
  for (const n of names) if (row[n] !== undefined && row[n] !== null) return row[n];
  return null;
};
const dateOf = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : null);
const numberOf = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);

const rows = (db: Db | Tx, query: SQL) => rowsOf<Row>(db, query);

/** The projects' info by id (one query per table, whatever the number of projects). */
export async function projectInfo(db: Db | Tx, projectIds: number[]): Promise<Map<number, ProjectInfo>> {
  const out = new Map<number, ProjectInfo>();
  const ids = [...new Set(projectIds)];
  if (!ids.length) return out;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const projects = (await rows(db, sql`select to_jsonb(p) as row from projects p where p.id in (${idList})`)).map((r) => jsonValue<Row>(r.row));
  const campaignIds = projects.map((p) => numberOf(first(p, ['campaign_id', 'campaigns_id']))).filter((n): n is number => n !== null);
  const guidelineIds = projects.map((p) => numberOf(first(p, ['guideline_id', 'guidelines_id']))).filter((n): n is number => n !== null);
  const campaigns = campaignIds.length
    ? await rows(
        db,
        sql`select c.id, c.name, c.client_id as "clientId", cl.name as "clientName" from campaigns c left join clients cl on cl.id = c.client_id where c.id in (${sql.join(
          campaignIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    : [];
  const guidelines = guidelineIds.length
    ? await rows(
        db,
        sql`select id, name, generalities_img as "generalitiesImg" from guidelines where id in (${sql.join(
          guidelineIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    : [];
  const clientIds = projects.map((p) => numberOf(p.client_id)).filter((n): n is number => n !== null);
  const clients = clientIds.length
    ? await rows(
        db,
        sql`select id, name from clients where id in (${sql.join(
          clientIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    : [];
  for (const p of projects) {
    const id = Number(p.id);
    const campaignId = numberOf(first(p, ['campaign_id', 'campaigns_id']));
    const guidelineId = numberOf(first(p, ['guideline_id', 'guidelines_id']));
    const clientId = numberOf(p.client_id);
    const c = campaigns.find((x) => Number(x.id) === campaignId);
    const g = guidelines.find((x) => Number(x.id) === guidelineId);
    const cl = clients.find((x) => Number(x.id) === clientId);
    const price = first(p, ['price']);
    out.set(id, {
      id,
      name: String(p.name ?? ''),
      clientId,
      price: price === null ? null : String(price),
      startDate: dateOf(first(p, ['start_date', 'from_date', 'from'])),
      endDate: dateOf(first(p, ['end_date', 'to_date', 'to'])),
      campaign: c
        ? { id: Number(c.id), name: String(c.name), client: c.clientId === null ? null : { id: Number(c.clientId), name: String(c.clientName ?? '') } }
        : null,
      guideline: g ? { id: Number(g.id), name: String(g.name), generalitiesImg: (g.generalitiesImg as string | null) ?? null } : null,
      client: cl ? { id: Number(cl.id), name: String(cl.name) } : null,
    });
  }
  return out;
}
