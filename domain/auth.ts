import { z } from 'zod';
import { isEmailShaped, MSG, newPassword, required, textOr } from './validation';

export const loginSchema = z.object({
  email: required.pipe(z.string().max(254, MSG.tooLong)),
  password: textOr(MSG.required).min(1, MSG.required).max(200, MSG.tooLong),
});
export type Credentials = z.infer<typeof loginSchema>;

/**
 * The restore asks for an account's own address: checked by its shape only, so an account made before
 * the dots rule (`isEmail`) can still restore its password.
 */
export const restoreEmailSchema = z.object({ email: required.pipe(z.string().max(254, MSG.tooLong)).refine(isEmailShaped, MSG.email) });

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
} as const;

/** The session the console keeps after login (spec 1 §3, "Session / user profile"). */
export interface UserProfile {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  rolId: number | null;
  rolDescription: string;
  clientId: number | null;
  permissions: { actionId: number; active: boolean }[];
  linkSurveyMonkey: string | null;
  client: { claimUrl: string | null; contactUrl: string | null; clientInfo: { urlInfoImg: string | null; checklist: boolean } } | null;
  checkerAccessToken: string | null;
  checklistAccessUrl: string | null;
}

export interface LoginAnswer {
  token: string;
  /** Seconds until the access token expires. */
  expiration: number;
  id: number;
  refreshToken: string;
}
