/** Web users (spec 3 §2, §3, §5): the staff and client users of the console, with their rules. */
import { z } from 'zod';
import { idName, moment, paged, recordId } from './answers';
import { formatCount } from './numbers';
import { CLIENT_SIDE, isRoleId, ROLE, ROLE_IDS, ROLE_NAMES, requiresClient, type RoleId, type UserRole } from './roles';
import { email, fileStamp, id, idSaying, INVALID_ID, MSG, newPassword, optionalIdSaying, optionalPhone, optionalUrl, requiredText } from './validation';

export const WEB_USER_TEXT = {
  notFound: 'El usuario no existe.',
  emailTaken: 'Ya existe un usuario con ese email.',
  clientRequired: 'El rol seleccionado requiere un cliente.',
  clientNotFound: 'El cliente no existe.',
  roleInvalid: 'El rol no existe.',
  selfDeactivate: 'No puede desactivar su propio usuario.',
  selfRole: 'No puede cambiar el rol de su propio usuario.',
  actionsTwice: 'Envíe los permisos una sola vez: en actions o en users_actions.',
  actionRepeated: 'Cada permiso va una sola vez en users_actions.',
  clientInactive: 'El cliente está inactivo.',
  /** A franchise or zone manager keeps its points of sale when its client or role changes: free it first. */
  stillInCharge: (locations: number, change: 'cliente' | 'rol' = 'cliente') =>
    locations === 1
      ? `No se puede cambiar el ${change}: el usuario todavía está a cargo de 1 punto de venta de su cliente actual (como dueño o gerente zonal). Quítelo de ese punto de venta primero.`
      : `No se puede cambiar el ${change}: el usuario todavía está a cargo de ${formatCount(locations)} puntos de venta de su cliente actual (como dueño o gerente zonal). Quítelo de esos puntos de venta primero.`,
  passwordHint: 'Al menos 8 caracteres, 1 número y un símbolo #$!*.',
  passwordKeep: 'Vacía mantiene la contraseña actual. Al menos 8 caracteres, 1 número y un símbolo #$!*.',
  phoneHint: 'Sin espacios, código de área sin 0 y celular sin 15',
  /** The dashboard links' hints: what each one opens. */
  checklistLinkHint: 'Lo abre el botón «Supervisión» de su panel, si el cliente tiene checklist',
  historyLinkHint: 'Lo abre el botón «Historial» de su panel',
  /** On the phone field: WhatsApp notifications go to it (spec 3 §3), so a user who gets them needs one. */
  whatsappNeedsPhone: 'Ingrese un teléfono: el usuario recibe notificaciones por WhatsApp (o desactívelas).',
  /** The list's WhatsApp switch of a user without a phone: off, and why. */
  whatsappNoPhone: 'Sin teléfono: agréguele uno para activar WhatsApp.',
  stateTitle: 'Confirmación',
  /** The list's activation dialog (spec 3 §2: "you are about to deactivate/activate this user"). */
  stateQuestion: (activate: boolean) => (activate ? 'Está a punto de activar este usuario' : 'Está a punto de desactivar este usuario'),
  created: 'Usuario creado con éxito',
  updated: 'Cambios guardados con éxito',
} as const;

/** The 'Descargar video mystery' permission: who may open a visit's edited video from the performance report. */
export const DOWNLOAD_VIDEO_ACTION = 1;

/** Actions a user may be granted; the only one the spec names is action 1 (spec 3 §3). */
export const ACTIONS: { actionId: number; description: string; roles: readonly RoleId[] }[] = [
  { actionId: DOWNLOAD_VIDEO_ACTION, description: 'Descargar video mystery', roles: [ROLE.CLIENT, ROLE.FRANCHISE, ROLE.ZONE_MANAGER] },
];

/** The actions that can be granted to users of a role (GET /web-users/permissions/roles-actions). */
export function roleActions(roleId: UserRole): { actionId: number; description: string }[] {
  return ACTIONS.filter((a) => roleId !== null && a.roles.includes(roleId)).map(({ actionId, description }) => ({ actionId, description }));
}

/** The 15 roles with their descriptions (GET /web-users-roles). */
export const WEB_ROLES: { id: RoleId; description: string }[] = ROLE_IDS.map((roleId) => ({ id: roleId, description: ROLE_NAMES[roleId] }));

/** The client a user of this role keeps: its own for roles that need one, none otherwise (spec 3 §5). */
export const clientForRole = (rolId: UserRole, clientId: number | null | undefined): number | null =>
  requiresClient(rolId) ? (clientId ?? null) : null;

/** Whether users of the role see the client dashboard, and so may have its two links. */
export const hasDashboardLinks = (rolId: UserRole): boolean => rolId !== null && CLIENT_SIDE.includes(rolId);

/**
 * The role: its number, or its digits as text. Nothing else is read as one: coerced, `true` and `[1]`
 * were role 1 and made the user an administrator.
 */
const rolId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .union([z.number(), z.string().regex(/^\d{1,2}$/, WEB_USER_TEXT.roleInvalid)], { error: (issue) => (issue.input === undefined ? MSG.required : WEB_USER_TEXT.roleInvalid) })
    .transform(Number)
    .refine(isRoleId, WEB_USER_TEXT.roleInvalid),
);
/** A permission's id (spec 3 §3: action 1). */
const actionId = idSaying('Permiso inválido');
const optionalId = optionalIdSaying(INVALID_ID);
const name = requiredText(100);

const fields = {
  names: name,
  lastName: name,
  email,
  primaryPhone: optionalPhone,
  linkSurveyMonkey: optionalUrl,
  /** The dashboard's 'Supervisión' button opens it (when the client has a checklist); client-side roles only. */
  checklistAccessUrl: optionalUrl,
  /** The dashboard's 'Historial' button opens it (the checker's history); client-side roles only. */
  checkerAccessToken: optionalUrl,
  rolId,
  clientId: optionalId,
  status: z.boolean({ error: 'Debe ser verdadero o falso' }).default(true),
  sendWhatsappNotification: z.boolean({ error: 'Debe ser verdadero o falso' }).default(false),
  /** Ids of the granted actions; those the role cannot have are dropped. None when left out. */
  actions: z.array(actionId).max(50).optional(),
  /** The same as `GET /web-users/:id` answers them, for a client that sends back what it read: the active ones are granted. */
  users_actions: z
    .array(z.object({ action_id: actionId, active: z.boolean({ error: 'Debe ser verdadero o falso' }) }))
    .max(50)
    // Twice, one entry could grant what the other takes away.
    .refine((list) => new Set(list.map((a) => a.action_id)).size === list.length, WEB_USER_TEXT.actionRepeated)
    .optional(),
};

/** The permissions are sent once: by id (`actions`) or as `GET` answers them (`users_actions`). */
const actionsOnce = {
  path: ['users_actions'],
  message: WEB_USER_TEXT.actionsTwice,
};
const sentOnce = (v: { actions?: unknown; users_actions?: unknown }) => v.actions === undefined || v.users_actions === undefined;

/** `users_actions` read as the ids it grants (its active ones), into `actions`; `actions` as sent otherwise. */
function grantedActions<T extends { actions?: number[]; users_actions?: { action_id: number; active: boolean }[] }>({ users_actions, ...value }: T): Omit<T, 'users_actions'> {
  return users_actions === undefined ? value : { ...value, actions: users_actions.filter((a) => a.active).map((a) => a.action_id) };
}

/** An empty password on edit keeps the current one; a given one must meet the rule. */
const keptPassword = z.preprocess((v) => (v === '' || v === null ? undefined : v), newPassword.optional());

interface RoleBound {
  rolId: RoleId;
  clientId: number | null;
  actions?: number[];
  checklistAccessUrl: string | null;
  checkerAccessToken: string | null;
}

/** Client required for roles 5, 6, 14 and 15; checked even while other fields still have errors. */
const needsClient = (v: RoleBound) => !(requiresClient(v.rolId) && v.clientId === null);
const clientRule = {
  path: ['clientId'],
  message: WEB_USER_TEXT.clientRequired,
  when: ({ value }: { value: unknown }) => isRoleId((value as Partial<RoleBound>)?.rolId) && (value as Partial<RoleBound>).clientId === null,
};

/** WhatsApp notifications go to the primary phone: on without one is refused, on the phone field. */
const phoneForWhatsapp = (v: { primaryPhone: string | null; sendWhatsappNotification: boolean }) => !v.sendWhatsappNotification || v.primaryPhone !== null;
const phoneRule = {
  path: ['primaryPhone'],
  message: WEB_USER_TEXT.whatsappNeedsPhone,
  when: ({ value }: { value: unknown }) => {
    const v = value as Partial<{ primaryPhone: unknown; sendWhatsappNotification: unknown }>;
    return v?.sendWhatsappNotification === true && v.primaryPhone === null;
  },
};

/** The client, the actions and the dashboard links the role may have; what it may not have is dropped. */
function normalise<T extends RoleBound>(value: T): T & { actions: number[] } {
  const allowed = new Set(roleActions(value.rolId).map((a) => a.actionId));
  const links = hasDashboardLinks(value.rolId);
  return {
    ...value,
    clientId: clientForRole(value.rolId, value.clientId),
    actions: [...new Set(value.actions ?? [])].filter((a) => allowed.has(a)),
    checklistAccessUrl: links ? value.checklistAccessUrl : null,
    checkerAccessToken: links ? value.checkerAccessToken : null,
  };
}

/** The add form and POST /web-users/: password required. */
export const webUserSchema = z
  .object({ ...fields, password: newPassword })
  .refine(needsClient, clientRule)
  .refine(phoneForWhatsapp, phoneRule)
  .refine(sentOnce, actionsOnce)
  .transform((value) => normalise(grantedActions(value)));
export type WebUserInput = z.output<typeof webUserSchema>;

/** The edit form: an empty password keeps the old one. */
export const webUserEditSchema = z
  .object({ ...fields, password: keptPassword })
  .refine(needsClient, clientRule)
  .refine(phoneForWhatsapp, phoneRule)
  .refine(sentOnce, actionsOnce)
  .transform((value) => normalise(grantedActions(value)));

/**
 * PUT /web-users: the id and the fields to change. A field left out keeps its stored value (the
 * defaults above are for creating): `updatedUser` lays the sent fields over the stored ones.
 */
export const webUserUpdateSchema = z
  .object({
    id,
    names: fields.names.optional(),
    lastName: fields.lastName.optional(),
    email: fields.email.optional(),
    primaryPhone: fields.primaryPhone.optional(),
    linkSurveyMonkey: fields.linkSurveyMonkey.optional(),
    checklistAccessUrl: fields.checklistAccessUrl.optional(),
    checkerAccessToken: fields.checkerAccessToken.optional(),
    rolId: fields.rolId.optional(),
    clientId: fields.clientId.optional(),
    status: z.boolean({ error: 'Debe ser verdadero o falso' }).optional(),
    sendWhatsappNotification: z.boolean({ error: 'Debe ser verdadero o falso' }).optional(),
    actions: fields.actions,
    users_actions: fields.users_actions,
    password: keptPassword,
  })
  .refine(sentOnce, actionsOnce)
  .transform(grantedActions);
export type WebUserUpdate = z.output<typeof webUserUpdateSchema>;

/** What a user stores that the form edits (its password aside); its role may be none (platform). */
export type WebUserValues = Omit<WebUserInput, 'password' | 'rolId'> & { rolId: UserRole };

/**
 * An update laid over the stored user, then the rules of its (maybe new) role: the client it
 * needs, or none; only the actions it may have. Errors by field, like the form's.
 */
export function updatedUser(
  stored: WebUserValues,
  update: Omit<WebUserUpdate, 'id' | 'password'>,
): { user: Omit<WebUserInput, 'password'> } | { errors: Record<string, string> } {
  const sent = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
  const merged = { ...stored, ...sent } as WebUserValues;
  if (merged.rolId === null) return { errors: { rolId: MSG.required } };
  const user = { ...merged, rolId: merged.rolId };
  const errors: Record<string, string> = {};
  if (!needsClient(user)) errors.clientId = WEB_USER_TEXT.clientRequired;
  if (!phoneForWhatsapp(user)) errors.primaryPhone = WEB_USER_TEXT.whatsappNeedsPhone;
  if (Object.keys(errors).length) return { errors };
  return { user: normalise(user) };
}

export const webUserStateSchema = z.object({ id, status: z.boolean({ error: 'El estado debe ser verdadero o falso' }) });
export const webUserWhatsappSchema = z.object({ id, sendWhatsappNotification: z.boolean({ error: 'Debe ser verdadero o falso' }) });

/** A web user as the API answers it: never its password hash. */
export interface WebUser {
  id: number;
  names: string;
  lastName: string;
  email: string;
  primaryPhone: string | null;
  linkSurveyMonkey: string | null;
  checklistAccessUrl: string | null;
  checkerAccessToken: string | null;
  rolId: RoleId | null;
  clientId: number | null;
  status: boolean;
  sendWhatsappNotification: boolean;
  /** ISO 8601: the version an edit form loaded (domain/staleEdits.ts). */
  updatedAt: string;
  role: { id: number; description: string } | null;
  client: { id: number; name: string } | null;
  users_actions?: { user_action_id: number; action_id: number; active: boolean }[];
}

/** The fields of the users' Excel and CSV exports (spec 3 §3), with their column titles. */
export const WEB_USER_EXPORT: { label: string; value: (u: WebUser) => unknown }[] = [
  { label: 'Id', value: (u) => u.id },
  { label: 'Email', value: (u) => u.email },
  { label: 'Nombres', value: (u) => u.names },
  { label: 'Apellido', value: (u) => u.lastName },
  { label: 'Rol', value: (u) => u.role?.description ?? '' },
  { label: 'Teléfono', value: (u) => u.primaryPhone ?? '' },
  { label: 'Estado', value: (u) => (u.status ? 'Activo' : 'Inactivo') },
  { label: 'Cliente', value: (u) => u.client?.name ?? '' },
  { label: 'Link de encuesta', value: (u) => u.linkSurveyMonkey ?? '' },
  { label: 'Notificación por WhatsApp', value: (u) => (u.sendWhatsappNotification ? 'Sí' : 'No') },
];

/** 'usuarios_20261122_1530': the exports' name, stamped with the date and time in Argentina (`fileStamp`). */
export function usersExportName(now = new Date()): string {
  const { date, time } = fileStamp(now);
  return `usuarios_${date}_${time.slice(0, 4)}`;
}

/** A role with its description (`GET /web-users-roles` answers the 15). */
const roleAnswer = z.object({ id: z.number().int(), description: z.string() });
export const rolesAnswer = z.array(roleAnswer);
/** `GET /web-users/permissions/roles-actions`: the permissions a user of the role may be given. */
export const roleActionsAnswer = z.array(z.object({ actionId: recordId, description: z.string(), roleId: z.number().int() }));

/** A user as the API answers it; `users_actions`, its permissions, only in the answer about one user. */
export const webUserAnswer = z.object({
  id: recordId,
  names: z.string(),
  lastName: z.string(),
  email: z.string(),
  primaryPhone: z.string().nullable(),
  linkSurveyMonkey: z.string().nullable(),
  checklistAccessUrl: z.string().nullable(),
  checkerAccessToken: z.string().nullable(),
  rolId: z.number().int().nullable(),
  clientId: recordId.nullable(),
  status: z.boolean(),
  sendWhatsappNotification: z.boolean(),
  updatedAt: moment,
  role: roleAnswer.nullable(),
  client: idName.nullable(),
  users_actions: z.array(z.object({ user_action_id: recordId, action_id: recordId, active: z.boolean() })).optional(),
});
export const webUserListAnswer = paged(webUserAnswer);
