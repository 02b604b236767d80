import { z } from 'zod';
import { recordId } from './answers';
import { isEmailShaped, MAX_EMAIL, MSG, newPassword, requiredText, textOr, tooLongFor } from './validation';

export const loginSchema = z.object({
  email: requiredText(MAX_EMAIL),
  password: textOr(MSG.required).min(1, MSG.required).max(200, tooLongFor(200)),
});
export type Credentials = z.infer<typeof loginSchema>;

/**
 * The restore asks for an account's own address: checked by its shape only, so an account made before
 * the dots rule (`isEmail`) can still restore its password.
 */
export const restoreEmailSchema = z.object({ email: requiredText(MAX_EMAIL).refine(isEmailShaped, MSG.email) });

export const newPasswordSchema = z
  .object({ password: newPassword, confirmPassword: textOr(MSG.required).min(1, MSG.required) })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsMatch, path: ['confirmPassword'] });

export const AUTH_TEXT = {
  wrongCredentials: 'Usuario o contraseña incorrectos',
  /** Too many wrong passwords for one account lately (whatever the addresses they came from). */
  tooManyFailures: 'Demasiados intentos fallidos para este usuario. Espere 15 minutos o restablezca su contraseña.',
  /** Too many restore mails asked for one e-mail lately: the same answer whether or not it is an account's. */
  tooManyRestores: 'Se pidieron demasiados enlaces de restauración para este email. Revise su correo o espere una hora antes de pedir otro.',
  tokenSent: 'Se ha enviado un Token de restauración al correo electrónico asociado al usuario ingresado.',
  invalidToken: 'El Token utilizado es inválido o ha expirado.',
  restored: 'Su contraseña ha sido restaurada.',
  sessionExpired: 'Su sesión ha expirado. Ingrese nuevamente.',
  forbidden: 'No tiene permisos para realizar esta acción.',
  /** The console started over from its home: an administrator changed the user's role or client. */
  scopeChanged: 'Sus permisos cambiaron: un administrador modificó su rol o su cliente, y la consola volvió al inicio con los permisos nuevos.',
  /** …and a form had unsaved work: kept, and given back where it was written (if the new role may open it). */
  scopeChangedDraft: 'Lo que estaba escribiendo sin guardar no se envió y se conservó: vuelva a abrir esa pantalla para recuperarlo.',
  backToScreen: 'Volver a la pantalla',
} as const;

/** A form's unsaved work kept when the session ended under it (src/authProvider/drafts.ts). */
export const DRAFT_TEXT = {
  /** On the login form, while some work waits. */
  kept: 'Los cambios sin guardar se recuperarán al ingresar nuevamente con el mismo usuario.',
  /** On the form that took its work back. */
  restored: 'Se recuperaron los cambios que no se habían guardado cuando se cerró la sesión. Revíselos y presione Guardar.',
  /** On the questionnaire editor that took its work back (its button is 'Enviar cuestionario'). */
  restoredQuestionnaire: 'Se recuperaron los cambios que no se habían guardado cuando se cerró la sesión. Revíselos y presione Enviar cuestionario.',
  discard: 'Descartar cambios recuperados',
  /** On the form whose kept work was already stored (its save went through, its answer was lost). */
  alreadyStored: 'Los cambios que estaban sin guardar cuando se cerró la sesión ya están guardados.',
  /** In a move's review dialog (reason, video link) that took its text back. */
  restoredReview: 'Se recuperó lo que escribía cuando se cerró la sesión. Revíselo y presione Aceptar.',
  /** On a move that changed while the session was closed: the text kept, not applied, shown after this. */
  reviewChanged: 'La move cambió mientras la sesión estaba cerrada: lo que escribía no se aplicó. Era:',
  /** A dialog's text whose dialog closed because the move changed meanwhile (the 409 reloaded it). */
  reviewOvertaken: 'La move cambió en otra pestaña o por otra persona: lo que escribía no se aplicó. Era:',
  /** In a move's edit panel ('Revisar', 'Editar Move Aprobada') that took its work back. */
  restoredEdit: 'Se recuperó lo que editaba cuando se cerró la sesión. Revíselo y presione Guardar Cambios.',
  /** In a move's 'Devolver' panel that took its work back. */
  restoredReturn: 'Se recuperó lo que editaba cuando se cerró la sesión. Revíselo y presione Enviar devolución.',
  /** On a move that changed while the session was closed, or whose panel is no longer offered: its work not applied. */
  panelChanged: 'La move cambió mientras la sesión estaba cerrada: lo que editaba no se aplicó.',
  /** A panel ('Revisar', 'Devolver', 'Editar Move Aprobada') whose send was refused because the move changed meanwhile (the 409 reloaded it). */
  panelOvertaken: 'La move cambió en otra pestaña o por otra persona: lo que editaba no se aplicó.',
  /** After `panelChanged` or `panelOvertaken`, the reason that was written, when there was one. */
  panelReason: 'El motivo era:',
} as const;

/** The session the console keeps after login (spec 1 §3, "Session / user profile"). */
export const userProfileAnswer = z.object({
  id: recordId,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  rolId: z.number().int().nullable(),
  rolDescription: z.string(),
  clientId: recordId.nullable(),
  permissions: z.array(z.object({ actionId: z.number().int(), active: z.boolean() })),
  linkSurveyMonkey: z.string().nullable(),
  client: z.object({ claimUrl: z.string().nullable(), contactUrl: z.string().nullable(), clientInfo: z.object({ urlInfoImg: z.string().nullable(), checklist: z.boolean() }) }).nullable(),
  checkerAccessToken: z.string().nullable(),
  checklistAccessUrl: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfileAnswer>;

/** What a login, a single sign-on and a renewal answer. */
export const loginAnswer = z.object({
  token: z.string(),
  expiration: z.number().int().positive().describe('Segundos hasta que vence el token de acceso.'),
  id: recordId,
  refreshToken: z.string(),
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** `POST /auth/checkValidEmail`: whether the e-mail is an active user's. */
export const validEmailAnswer = z.object({ valid: z.boolean() });
/** `POST /auth/checkValidToken/:token`: the user a current restoration token is of. */
export const restoreTokenAnswer = z.object({ userId: recordId });
