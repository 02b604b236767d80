import { Readable } from 'node:stream';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ACCESS } from '../../domain/roles';
import { type LoadedVersion, STALE_EDIT, withLoadedVersion } from '../../domain/staleEdits';
import { id } from '../../domain/validation';
import { roleActions, roleActionsAnswer, rolesAnswer, updatedUser, usersExportName, WEB_ROLES, WEB_USER_TEXT, webUserAnswer, type WebUserInput, webUserListAnswer, webUserSchema, webUserStateSchema, type WebUserUpdate, webUserUpdateSchema, webUserWhatsappSchema } from '../../domain/webUsers';
import type { App } from '../app';
import type { Tx } from '../db/client';
import { clients, refreshTokens, users } from '../db/schema';
import { claimLoadedVersion } from '../db/staleEdits';
import { badRequest, HttpError, INVALID_DATA, notFound } from '../http';
import { audit } from '../services/audit';
import { hashPassword } from '../services/passwords';
import {
  countUsers,
  locationsOutsideClient,
  oneUser,
  pageOfUsers,
  setUserActions,
  storedUserValues,
  userCountKey,
  type UserFilter,
  userFilterQuery,
  userWhere,
  usersCsv,
} from '../services/webUsers';
import { listCount, pageCount, withCount } from '../db/list';
import webUsersImport from './webUsersImport';
import { pgErrorCode } from '../db/errors';
import { onceInTransaction, requestKeyHeaders, sealed } from '../services/requestKeys';

const admin = { roles: ACCESS['web-users'].write };
const tags = ['web-users'];
/** "Get all" answers at most this many rows; the CSV export has no limit. */
export const GET_ALL_CAP = 5000;

const rolesActionsQuery = z.object({ role_id: z.coerce.number({ error: 'Seleccione un rol.' }).int('Rol inválido').min(1, 'Rol inválido').max(15, 'Rol inválido') });

const emailTaken = () => new HttpError(409, WEB_USER_TEXT.emailTaken, { email: WEB_USER_TEXT.emailTaken });

async function ensureEmailFree(tx: Tx, email: string, exceptId?: number) {
  const lower = sql`lower(${users.email})`;
  const where = exceptId === undefined ? eq(lower, email.toLowerCase()) : and(eq(lower, email.toLowerCase()), ne(users.id, exceptId));
  const [row] = await tx.select({ id: users.id }).from(users).where(where);
  if (row) throw emailTaken();
}

/** The user's client exists; a client newly given to a user must also be active (as the form and the import offer). */
async function ensureClient(tx: Tx, clientId: number | null, newlyGiven = true) {
  if (clientId === null) return;
  const [row] = await tx.select({ id: clients.id, active: clients.state }).from(clients).where(eq(clients.id, clientId));
  if (!row) throw badRequest('Revise los datos ingresados.', { clientId: WEB_USER_TEXT.clientNotFound });
  if (newlyGiven && !row.active) throw badRequest('Revise los datos ingresados.', { clientId: WEB_USER_TEXT.clientInactive });
}

/**
 * A user whose client or role changes must first be freed from the points of sale it owns or manages:
 * otherwise they stay its own while its reports (by client) no longer show them, or are held by a
 * role that cannot hold them (the point of sale could then not be saved).
 */
async function ensureFreeOfLocations(tx: Tx, userId: number, clientId: number | null, change: 'cliente' | 'rol') {
  const count = await locationsOutsideClient(tx, userId, clientId);
  const message = WEB_USER_TEXT.stillInCharge(count, change);
  if (count) throw new HttpError(409, message, { [change === 'rol' ? 'rolId' : 'clientId']: message });
}

/** A concurrent insert of the same e-mail loses on the unique index: the same 409 as the check. */
const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';

/**
 * Ends the user's sessions on every device (password changed, user deactivated), but `keep`: the session
 * of an administrator who changes its own password goes on (it was thrown out to the login, told its
 * session had expired, right after 'Cambios guardados con éxito').
 */
const revokeSessions = (tx: Tx, userId: number, keep?: string | null) =>
  tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keep ? ne(refreshTokens.family, keep) : undefined));

export default async function webUserRoutes(app: App) {
  app.get('/web-users', { config: admin, schema: { tags, summary: 'Lista paginada de usuarios con filtros y orden', description: 'El total es exacto hasta 1.000 y estimado por encima.', querystring: userFilterQuery, answer: webUserListAnswer } }, async (req) => {
    const q = req.query as UserFilter;
    // 150,000 users at scale: counted exactly up to 1,000, estimated beyond (the pager says 'aprox.').
    // One row beyond the page: whether anything follows it, which an estimated count may not say (`pageCount`).
    const [found, counted] = await Promise.all([pageOfUsers(app.db, q, q.limit + 1), listCount(app.db, () => app.db.select({ one: sql`1` }).from(users).where(userWhere(q)), userCountKey(q))]);
    return withCount({ rows: found.slice(0, q.limit) }, pageCount(counted, q.offset, found.length, q.limit));
  });

  /** Every user of the filter, up to GET_ALL_CAP rows; `count` tells whether there were more. */
  app.get('/web-users/get/all', { config: admin, schema: { tags, summary: 'Todos los usuarios del filtro, hasta 5.000, con el total (que indica si había más)', querystring: userFilterQuery.omit({ limit: true, offset: true }), answer: webUserListAnswer } }, async (req) => {
    const q = req.query as UserFilter;
    const [rows, count] = await Promise.all([pageOfUsers(app.db, q, GET_ALL_CAP, 0), countUsers(app.db, q)]);
    return { rows, count };
  });

  /** The filter as a CSV file (spec 3 §3 export fields), streamed a page at a time. */
  app.get('/web-users/csv', { config: admin, schema: { tags, summary: 'Exportación CSV de todos los usuarios del filtro, sin límite de filas', querystring: userFilterQuery.omit({ limit: true, offset: true }), download: ['text/csv'] } }, async (req, reply) => {
    const csv = await usersCsv(app.db, req.query as UserFilter);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${usersExportName()}.csv"`);
    return reply.send(Readable.from(csv));
  });

  app.get('/web-users-roles', { config: admin, schema: { tags, summary: 'Los roles de usuario con su descripción', answer: rolesAnswer } }, async () => WEB_ROLES);

  app.get('/web-users/permissions/roles-actions', { config: admin, schema: { tags, summary: 'Acciones (permisos) que se pueden otorgar a los usuarios de un rol', querystring: rolesActionsQuery, answer: roleActionsAnswer } }, async (req) => {
    const { role_id: roleId } = req.query as z.infer<typeof rolesActionsQuery>;
    return roleActions(roleId as never).map((a) => ({ ...a, roleId }));
  });

  app.get('/web-users/:id', { config: admin, schema: { tags, summary: 'Un usuario con su rol, cliente y permisos', params: z.object({ id }), answer: webUserAnswer } }, async (req) => {
    const user = await oneUser(app.db, (req.params as { id: number }).id);
    if (!user) throw notFound(WEB_USER_TEXT.notFound);
    return user;
  });

  app.post('/web-users/', { config: admin, schema: { tags, summary: 'Crea un usuario con contraseña y permisos (e-mail único, 409 si ya existe)', body: webUserSchema, answer: webUserAnswer } }, async (req, reply) => {
    const { password, actions, ...body } = req.body as WebUserInput;
    const passwordHash = await hashPassword(password);
    try {
      const created = await app.db.transaction(async (tx) => {
        await ensureEmailFree(tx, body.email);
        await ensureClient(tx, body.clientId);
        const [row] = await tx.insert(users).values({ ...body, passwordHash }).returning({ id: users.id });
        await setUserActions(tx, row.id, roleActions(body.rolId).map((a) => a.actionId), actions);
        await audit(tx, { userId: req.session.id, entity: 'user', entityId: row.id, action: 'create' });
        return oneUser(tx, row.id);
      });
      return reply.status(201).send(created);
    } catch (error) {
      throw isUniqueViolation(error) ? emailTaken() : error;
    }
  });

  /**
   * Id in the body; a field left out keeps its stored value, an empty password the current one. With
   * `updatedAt`, refused (409) when the user changed after the form loaded it.
   */
  app.put('/web-users', { config: admin, schema: { tags, summary: 'Modifica un usuario (id en el cuerpo); los campos omitidos conservan su valor', description: 'Una contraseña vacía conserva la actual; cambiarla o desactivar al usuario cierra sus sesiones (quien cambia la propia conserva la sesión desde la que la cambió). Nadie se desactiva ni cambia su propio rol. Con el `updatedAt` que cargó el formulario, responde 409 si otra persona lo guardó desde entonces.', body: withLoadedVersion(webUserUpdateSchema), headers: requestKeyHeaders, answer: webUserAnswer } }, async (req) => {
    const { id: userId, password, updatedAt: loaded, ...update } = req.body as WebUserUpdate & LoadedVersion;
    const passwordHash = password ? await hashPassword(password) : undefined;
    const compared = { ...(req.body as object), password: password ? sealed(app.config.jwtSecret, password) : password };
    try {
      return await onceInTransaction(
        app.db,
        req,
        async (tx) => {
          await claimLoadedVersion(tx, users, userId, loaded, { conflict: STALE_EDIT.webUsers, notFound: WEB_USER_TEXT.notFound });
          const stored = await storedUserValues(tx, userId);
          if (!stored) throw notFound(WEB_USER_TEXT.notFound);
          const checked = updatedUser(stored, update);
          if ('errors' in checked) throw badRequest(INVALID_DATA, checked.errors);
          const { actions, ...body } = checked.user;
          if (userId === req.session.id && !body.status) throw badRequest(WEB_USER_TEXT.selfDeactivate);
          // An administrator who drops its own role could leave no one to manage users.
          if (userId === req.session.id && body.rolId !== req.session.rol) throw badRequest(WEB_USER_TEXT.selfRole, { rolId: WEB_USER_TEXT.selfRole });
          await ensureEmailFree(tx, body.email, userId);
          await ensureClient(tx, body.clientId, body.clientId !== stored.clientId);
          // A role change says so even when it also clears the client (a staff role has none).
          if (body.rolId !== stored.rolId) await ensureFreeOfLocations(tx, userId, null, 'rol');
          else if (body.clientId !== stored.clientId) await ensureFreeOfLocations(tx, userId, body.clientId, 'cliente');
          await tx
            .update(users)
            .set({ ...body, ...(passwordHash ? { passwordHash } : {}), updatedAt: sql`now()` })
            .where(eq(users.id, userId));
          await setUserActions(tx, userId, roleActions(body.rolId).map((a) => a.actionId), actions);
          if (passwordHash || !body.status) await revokeSessions(tx, userId, userId === req.session.id ? req.session.family : null);
          await audit(tx, { userId: req.session.id, entity: 'user', entityId: userId, action: 'update', detail: { passwordChanged: Boolean(passwordHash) } });
          return oneUser(tx, userId);
        },
        compared,
      );
    } catch (error) {
      throw isUniqueViolation(error) ? emailTaken() : error;
    }
  });

  const setStatus = async (actorId: number, userId: number, status: boolean) => {
    if (userId === actorId && !status) throw badRequest(WEB_USER_TEXT.selfDeactivate);
    return app.db.transaction(async (tx) => {
      const [row] = await tx.update(users).set({ status, updatedAt: sql`now()` }).where(eq(users.id, userId)).returning({ id: users.id });
      if (!row) throw notFound(WEB_USER_TEXT.notFound);
      if (!status) await revokeSessions(tx, userId);
      await audit(tx, { userId: actorId, entity: 'user', entityId: userId, action: status ? 'activate' : 'deactivate' });
      return oneUser(tx, userId);
    });
  };

  /** Activation from the list, after its confirmation: `{ id, status }`. */
  app.put('/web-users/state', { config: admin, schema: { tags, summary: 'Activa o desactiva un usuario; desactivado, se cierran sus sesiones', body: webUserStateSchema, answer: webUserAnswer } }, async (req) => {
    const { id: userId, status } = req.body as z.infer<typeof webUserStateSchema>;
    return setStatus(req.session.id, userId, status);
  });

  /** Users are never erased (moves and audits point at them): DELETE deactivates. */
  app.delete('/web-users/:id', { config: admin, schema: { tags, summary: 'Desactiva un usuario (nunca se borra) y cierra sus sesiones', params: z.object({ id }), answer: webUserAnswer } }, async (req) =>
    setStatus(req.session.id, (req.params as { id: number }).id, false),
  );

  app.put('/web-users/whatsapp', { config: admin, schema: { tags, summary: 'Activa o desactiva las notificaciones por WhatsApp de un usuario', description: 'Sólo se activan para un usuario con teléfono: sin él, responde 409.', body: webUserWhatsappSchema, answer: webUserAnswer } }, async (req) => {
    const { id: userId, sendWhatsappNotification } = req.body as z.infer<typeof webUserWhatsappSchema>;
    return app.db.transaction(async (tx) => {
      // Turned on only while the user has a phone, asked in the UPDATE itself: a phone removed meanwhile
      // (its row locked by that change) is seen here, not after.
      const hasPhone = sendWhatsappNotification ? sql`${users.primaryPhone} <> ''` : undefined;
      const [row] = await tx
        .update(users)
        .set({ sendWhatsappNotification, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), hasPhone))
        .returning({ id: users.id });
      if (!row) {
        const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
        throw exists ? new HttpError(409, WEB_USER_TEXT.whatsappNoPhone) : notFound(WEB_USER_TEXT.notFound);
      }
      await audit(tx, { userId: req.session.id, entity: 'user', entityId: userId, action: 'whatsapp', detail: { sendWhatsappNotification } });
      return oneUser(tx, userId);
    });
  });

  await webUsersImport(app);
}
