/**
 * Two people editing one record: each save says which version of the record its form loaded (the
 * record's `updatedAt`), and a save over a version someone else replaced meanwhile is refused with a
 * 409 instead of silently undoing that person's changes.
 */
import { z } from 'zod';

/** The 409 of an edit form whose record changed after the form loaded it ('El cliente', masculine; 'La campaña', feminine). */
const staleEdit = (record: string, feminine = false) =>
  `${record} fue ${feminine ? 'modificada' : 'modificado'} en otra pestaña o por otra persona mientras ${feminine ? 'la' : 'lo'} editaba. Recargue la página para ver los cambios; no se guardaron los suyos.`;

/** The 409 of each edit form whose record changed after the form loaded it. */
export const STALE_EDIT = {
  clients: staleEdit('El cliente'),
  locations: staleEdit('El punto de venta'),
  features: staleEdit('El atributo'),
  characteristics: staleEdit('La característica', true),
  motives: staleEdit('El motivo'),
  tags: staleEdit('El grupo de tags'),
  campaigns: staleEdit('La campaña', true),
  movesConfig: staleEdit('La configuración', true),
  webUsers: staleEdit('El usuario'),
  projects: staleEdit('El proyecto'),
} as const;

export const INVALID_LOADED_VERSION = 'Fecha de modificación inválida.';

/** An instant PostgreSQL can hold and a record could have been saved at (not year 0000, nor an offset of +23:59 it refuses). */
const plausibleInstant = (iso: string) => {
  const year = new Date(iso).getUTCFullYear();
  return year >= 1900 && year <= 9999;
};

/**
 * The `updatedAt` an edit's PUT body may carry: the record's, as the form loaded it (the API answers
 * it in ISO 8601), handed on as the same instant in UTC ('…Z'). Optional: a save without it (another
 * API client) is not checked.
 */
export const loadedVersion = z.object({
  updatedAt: z.iso
    .datetime({ offset: true, error: INVALID_LOADED_VERSION })
    .refine(plausibleInstant, INVALID_LOADED_VERSION)
    .transform((iso) => new Date(iso).toISOString())
    .optional(),
});
export type LoadedVersion = z.output<typeof loadedVersion>;

/** An edit's body schema that also takes the loaded `updatedAt` (whatever the schema's own shape or refinements). */
export const withLoadedVersion = <S extends z.ZodType>(schema: S) => z.intersection(schema, loadedVersion);
