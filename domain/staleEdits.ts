/**
 * Two people editing one record: each save says which version of the record its form loaded (the
 * record's `updatedAt`), and a save over a version someone else replaced meanwhile is refused with a
 * 409 instead of silently undoing that person's changes.
 */
import { z } from 'zod';

/** The 409 of each edit form whose record changed after the form loaded it. */
export const STALE_EDIT = {
  clients: 'El cliente fue modificado en otra pestaña o por otra persona mientras lo editaba. Recargue la página para ver los cambios; no se guardaron los suyos.',
  locations: 'El punto de venta fue modificado en otra pestaña o por otra persona mientras lo editaba. Recargue la página para ver los cambios; no se guardaron los suyos.',
  features: 'El atributo fue modificado en otra pestaña o por otra persona mientras lo editaba. Recargue la página para ver los cambios; no se guardaron los suyos.',
  characteristics: 'La característica fue modificada en otra pestaña o por otra persona mientras la editaba. Recargue la página para ver los cambios; no se guardaron los suyos.',
  motives: 'El motivo fue modificado en otra pestaña o por otra persona mientras lo editaba. Recargue la página para ver los cambios; no se guardaron los suyos.',
  tags: 'El grupo de tags fue modificado en otra pestaña o por otra persona mientras lo editaba. Recargue la página para ver los cambios; no se guardaron los suyos.',
  campaigns: 'La campaña fue modificada en otra pestaña o por otra persona mientras la editaba. Recargue la página para ver los cambios; no se guardaron los suyos.',
  movesConfig: 'La configuración fue modificada en otra pestaña o por otra persona mientras la editaba. Recargue la página para ver los cambios; no se guardaron los suyos.',
  webUsers: 'El usuario fue modificado en otra pestaña o por otra persona mientras lo editaba. Recargue la página para ver los cambios; no se guardaron los suyos.',
  projects: 'El proyecto fue modificado en otra pestaña o por otra persona mientras lo editaba. Recargue la página para ver los cambios; no se guardaron los suyos.',
} as const;

export const INVALID_LOADED_VERSION = 'Fecha de modificación inválida.';

/**
 * The `updatedAt` an edit's PUT body may carry: the record's, as the form loaded it (the API answers
 * it in ISO 8601). Optional: a save without it (another API client) is not checked.
 */
export const loadedVersion = z.object({ updatedAt: z.iso.datetime({ offset: true, error: INVALID_LOADED_VERSION }).optional() });
export type LoadedVersion = z.output<typeof loadedVersion>;

/** An edit's body schema that also takes the loaded `updatedAt` (whatever the schema's own shape or refinements). */
export const withLoadedVersion = <S extends z.ZodType>(schema: S) => z.intersection(schema, loadedVersion);
