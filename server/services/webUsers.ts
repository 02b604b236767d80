/** Web-user queries shared by the list, the "get all", the CSV export and the client's users. */
import { and, eq, exists, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isRoleId, ROLE_NAMES } from '../../domain/roles';
import { safeCell } from '../../domain/validation';
import { WEB_USER_EXPORT, type WebUser, type WebUserValues } from '../../domain/webUsers';
import type { Db, Tx } from '../db/client';
import { countAll, flagIs, matchesPerson, orderBy, PERSON_PLACEHOLDERS, personSearch, sortShape } from '../db/list';
import { placeholders, preparedOnce } from '../db/prepared';
import { clients, locations, locationZoneManagers, userActions, users } from '../db/schema';
import { badRequest, booleanQuery, listQuery } from '../http';
import { id } from '../../domain/validation';

const ROLE_INVALID = 'Rol inválido';
/** The roles a filter may name: 1 to this (a role that no user has finds none). */
const ROLE_FILTER_MAX = 15;

/** Filters of every user list: text over names, last name and e-mail, status, client and role. */
export const userFilterQuery = listQuery.extend({
  status: booleanQuery.optional(),
  clientId: id.optional(),
  rolId: z.coerce.number({ error: ROLE_INVALID }).int(ROLE_INVALID).min(1, ROLE_INVALID).max(ROLE_FILTER_MAX, ROLE_INVALID).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
});
export type UserFilter = z.infer<typeof userFilterQuery>;

export const userColumns = {
  id: users.id,
  names: users.names,
  lastName: users.lastName,
  email: users.email,
  primaryPhone: users.primaryPhone,
  linkSurveyMonkey: users.linkSurveyMonkey,
  checklistAccessUrl: users.checklistAccessUrl,
  checkerAccessToken: users.checkerAccessToken,
  rolId: users.rolId,
  clientId: users.clientId,
  status: users.status,
  sendWhatsappNotification: users.sendWhatsappNotification,
  updatedAt: users.updatedAt,
  clientName: clients.name,
};

/** The role's description as SQL, so the list sorts by what the user reads. */
const roleDescription = sql`(case ${users.rolId} ${sql.join(
  Object.entries(ROLE_NAMES).map(([roleId, name]) => sql`when ${Number(roleId)} then ${name}`),
  sql` `,
)} end)`;

const sortable: Record<string, SQL | (typeof userColumns)[keyof typeof userColumns]> = {
  ...userColumns,
  // E-mails are stored as typed ('Juan.QA@…'): sorted as read, by the unique index on lower(email).
  email: sql`lower(${users.email})`,
  role: roleDescription,
  client: clients.name,
};

const selectUsers = (db: Db | Tx) => db.select(userColumns).from(users).leftJoin(clients, eq(clients.id, users.clientId));
type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

/** A user as the API answers it, field by field (V8's object rest and spread are ~3 µs a row). */
export function toWebUser(row: UserRow): WebUser {
  const rolId = isRoleId(row.rolId) ? row.rolId : null;
  return {
    id: row.id,
    names: row.names,
    lastName: row.lastName,
    email: row.email,
    primaryPhone: row.primaryPhone,
    linkSurveyMonkey: row.linkSurveyMonkey,
    checklistAccessUrl: row.checklistAccessUrl,
    checkerAccessToken: row.checkerAccessToken,
    rolId,
    clientId: row.clientId,
    status: row.status,
    sendWhatsappNotification: row.sendWhatsappNotification,
    updatedAt: row.updatedAt.toISOString(),
    role: rolId === null ? null : { id: rolId, description: ROLE_NAMES[rolId] },
    client: row.clientId === null ? null : { id: row.clientId, name: row.clientName ?? '' },
  };
}

/**
 * The condition on a user's role, the role written into the statement's text, as its state is: the query admits
 * fifteen roles and two states (`userFilterQuery`), each its own statement, planned for itself, and the first
 * page of one role's list (the Getters) has no value besides its size and keeps its plan (`firstPageStatements`).
 */
function roleIs(rolId: number): SQL {
  if (!Number.isInteger(rolId) || rolId < 1 || rolId > ROLE_FILTER_MAX) throw badRequest(ROLE_INVALID);
  return sql`${users.rolId} = ${sql.raw(String(rolId))}`;
}

/**
 * The filter's condition: the filters `q` has, on `values` (`q`'s own values, or placeholders of the
 * same names for a statement kept by shape).
 */
export function userWhere(q: Partial<UserFilter>, values: Record<string, unknown> = { ...q, ...personSearch(q.q ?? '')?.values }): SQL | undefined {
  const filters: SQL[] = [];
  if (q.status !== undefined) filters.push(flagIs(users.status, q.status));
  if (q.clientId !== undefined) filters.push(eq(users.clientId, values.clientId as number));
  if (q.rolId !== undefined) filters.push(roleIs(q.rolId));
  // Each word typed at the start of a word of the name or the e-mail, in any order (domain/people.ts); a text
  // without words ('-') narrows nothing.
  const words = personSearch(q.q ?? '');
  if (words) filters.push(matchesPerson(users.searchTextWords, words.count, values));
  return filters.length ? and(...filters) : undefined;
}

/** The shape of a filter: which filters it has (the state and the role, which), its sort and order. */
const userShape = (q: Partial<UserFilter>) => `users:${q.status ?? '-'}:${q.clientId !== undefined}:${q.rolId ?? '-'}:${personSearch(q.q ?? '')?.count ?? 0}:${sortShape(q.sort)}:${q.order}`;

/** One page of users of the filter, sorted in SQL (the id breaks ties); its statement built once per shape. */
export async function pageOfUsers(db: Db, q: UserFilter, limit = q.limit, offset = q.offset): Promise<WebUser[]> {
  const page = preparedOnce(db, userShape(q), () =>
    selectUsers(db)
      .where(userWhere(q, placeholders('clientId', ...PERSON_PLACEHOLDERS)))
      .orderBy(...orderBy(sortable, q.sort, q.order, 'id'))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(''),
  );
  const rows = await page.execute({ clientId: q.clientId, ...personSearch(q.q ?? '')?.values, limit, offset });
  return rows.map(toWebUser);
}

/** The filter's count key for `listCount` (its kept estimate). */
export const userCountKey = (q: Partial<UserFilter>) => `users:${q.status ?? ''}:${q.clientId ?? ''}:${q.rolId ?? ''}:${JSON.stringify(q.q?.trim() ?? '')}`;

export async function countUsers(db: Db, q: Partial<UserFilter>): Promise<number> {
  const [{ count }] = await db.select({ count: countAll }).from(users).where(userWhere(q));
  return count;
}

export async function oneUser(db: Db | Tx, userId: number): Promise<WebUser | null> {
  const [row] = await selectUsers(db).where(eq(users.id, userId));
  if (!row) return null;
  const actions = await db.select().from(userActions).where(eq(userActions.userId, userId)).orderBy(userActions.actionId);
  return { ...toWebUser(row), users_actions: actions.map((a) => ({ user_action_id: a.id, action_id: a.actionId, active: a.active })) };
}

/** What an update lays its fields over: the stored user and its granted actions, locked until the update ends. */
export async function storedUserValues(tx: Tx, userId: number): Promise<WebUserValues | null> {
  const { id: _id, clientName: _clientName, updatedAt: _updatedAt, ...editable } = userColumns;
  const [row] = await tx
    .select(editable)
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) return null;
  const granted = await tx
    .select({ actionId: userActions.actionId })
    .from(userActions)
    .where(and(eq(userActions.userId, userId), eq(userActions.active, true)));
  return { ...row, rolId: isRoleId(row.rolId) ? row.rolId : null, actions: granted.map((a) => a.actionId) };
}

/**
 * How many points of sale the user answers for (as their owner or one of their zone managers) that
 * are not of `clientId`: what it would keep, unseen in its reports, if its client became `clientId`.
 */
export async function locationsOutsideClient(tx: Tx, userId: number, clientId: number | null): Promise<number> {
  const managed = exists(
    tx
      .select({ one: sql`1` })
      .from(locationZoneManagers)
      .where(and(eq(locationZoneManagers.locationId, locations.id), eq(locationZoneManagers.userId, userId))),
  );
  const [{ count }] = await tx
    .select({ count: countAll })
    .from(locations)
    .where(and(or(eq(locations.ownerId, userId), managed), clientId === null ? undefined : ne(locations.clientId, clientId)));
  return count;
}

/** Grants exactly `granted` among `available` (the role's actions); others are turned off. */
export async function setUserActions(tx: Tx, userId: number, available: number[], granted: number[]) {
  const current = await tx.select().from(userActions).where(eq(userActions.userId, userId));
  for (const row of current) {
    const active = granted.includes(row.actionId);
    if (row.active !== active) await tx.update(userActions).set({ active }).where(eq(userActions.id, row.id));
  }
  const missing = available.filter((actionId) => !current.some((row) => row.actionId === actionId));
  if (missing.length) await tx.insert(userActions).values(missing.map((actionId) => ({ userId, actionId, active: granted.includes(actionId) })));
}

/** Lower-cased e-mails among `emails` that already belong to a user. */
export async function takenEmails(db: Db | Tx, emails: string[]): Promise<Set<string>> {
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()).filter(Boolean))];
  const taken = new Set<string>();
  for (let i = 0; i < lowered.length; i += 5000) {
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, lowered.slice(i, i + 5000)));
    for (const row of rows) taken.add(row.email);
  }
  return taken;
}

const csvField = (value: unknown) => {
  const text = String(safeCell(value ?? ''));
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const csvLine = (values: unknown[]) => `${values.map(csvField).join(',')}\r\n`;

const CSV_PAGE = 2000;

/**
 * The filter as CSV, a page at a time (UTF-8 with BOM so spreadsheets read the accents). The first
 * page is read before anything is sent: a bad filter or sort is still a clean 400, not a 200 whose
 * stream breaks after its headers went out.
 */
export async function usersCsv(db: Db, q: UserFilter): Promise<AsyncGenerator<string>> {
  const first = await pageOfUsers(db, q, CSV_PAGE, 0);
  const lines = (page: WebUser[]) => page.map((u) => csvLine(WEB_USER_EXPORT.map((f) => f.value(u)))).join('');
  return (async function* () {
    yield `\uFEFF${csvLine(WEB_USER_EXPORT.map((f) => f.label))}`;
    if (first.length) yield lines(first);
    for (let offset = CSV_PAGE, page = first; page.length === CSV_PAGE; offset += CSV_PAGE) {
      page = await pageOfUsers(db, q, CSV_PAGE, offset);
      if (page.length) yield lines(page);
    }
  })();
}
