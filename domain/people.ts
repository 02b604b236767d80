/**
 * The people the console's pickers choose from (`GET /users`): how many one answer holds, the ids a
 * picker resolves to names, and the picker's words.
 */
import { z } from 'zod';
import { MAX_ID } from './validation';

/** The most one answer holds: enough for a small role's select; Getters are searched. */
export const PEOPLE_CAP = 5000;
/** The most ids one answer resolves. */
export const PEOPLE_IDS_CAP = 100;
/** How many matches a server-searched picker shows at a time. */
export const PICKER_PAGE = 50;

export const PEOPLE_TEXT = {
  limit: `El límite debe ser un número entero entre 1 y ${PEOPLE_CAP}`,
  ids: 'Los ids deben ser números enteros positivos separados por comas',
  tooManyIds: `Se pueden pedir hasta ${PEOPLE_IDS_CAP} ids a la vez`,
  /** The picker before anything is typed, when there are more Getters than it shows. */
  typeToSearch: 'Escriba para buscar un Getter',
  /** A search with more matches than the picker shows. */
  more: 'Hay más resultados: siga escribiendo para acotar la búsqueda',
  none: 'Sin resultados',
  searching: 'Buscando…',
} as const;

export const peopleLimit = z.coerce
  .number({ error: PEOPLE_TEXT.limit })
  .int(PEOPLE_TEXT.limit)
  .min(1, PEOPLE_TEXT.limit)
  .max(PEOPLE_CAP, PEOPLE_TEXT.limit)
  .default(PEOPLE_CAP);

/** `ids=1,2,3`: distinct positive ids, at most PEOPLE_IDS_CAP of them. */
export const peopleIds = z
  .string({ error: PEOPLE_TEXT.ids })
  .max(PEOPLE_IDS_CAP * 12, PEOPLE_TEXT.tooManyIds)
  .transform((text, ctx) => {
    const parts = text.split(',').map((s) => s.trim());
    const ids = parts.map(Number);
    if (!parts.every((s) => /^\d{1,10}$/.test(s)) || ids.some((n) => n < 1 || n > MAX_ID)) {
      ctx.addIssue({ code: 'custom', message: PEOPLE_TEXT.ids });
      return z.NEVER;
    }
    const distinct = [...new Set(ids)];
    if (distinct.length > PEOPLE_IDS_CAP) {
      ctx.addIssue({ code: 'custom', message: PEOPLE_TEXT.tooManyIds });
      return z.NEVER;
    }
    return distinct;
  });
