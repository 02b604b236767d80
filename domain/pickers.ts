/**
 * The pickers that search the server as the user types (Getters, projects): how many matches one shows,
 * the ids a picker resolves to names, and the words every such picker says.
 */
import { z } from 'zod';
import { formatCount } from './numbers';
import { MAX_ID } from './validation';

/** How many matches a server-searched picker shows at a time (it asks for one more, to know there are more). */
export const PICKER_PAGE = 50;
/** The most ids one answer resolves. */
export const PICKER_IDS_CAP = 100;
/** The longest search text the server takes. */
export const PICKER_TERM_MAX = 100;

export const PICKER_TEXT = {
  ids: 'Los ids deben ser números enteros positivos separados por comas',
  tooManyIds: `Se pueden pedir hasta ${PICKER_IDS_CAP} ids a la vez`,
  /** A search with more matches than the picker shows. */
  more: 'Hay más resultados: siga escribiendo para acotar la búsqueda',
  none: 'Sin resultados',
  searching: 'Buscando…',
} as const;

export const limitText = (cap: number) => `El límite debe ser un número entero entre 1 y ${formatCount(cap)}`;

/** `limit`: at most `cap`, and `cap` when absent (the whole list a select of old takes). */
export const pickerLimit = (cap: number) => {
  const message = limitText(cap);
  return z.coerce.number({ error: message }).int(message).min(1, message).max(cap, message).default(cap);
};

/** The search text `q`: trimmed, at most PICKER_TERM_MAX characters. */
export const pickerTerm = z.string().trim().max(PICKER_TERM_MAX, `La búsqueda admite hasta ${PICKER_TERM_MAX} caracteres`);

/** `ids=1,2,3`: distinct positive ids, at most PICKER_IDS_CAP of them. */
export const pickerIds = z
  .string({ error: PICKER_TEXT.ids })
  .max(PICKER_IDS_CAP * 12, PICKER_TEXT.tooManyIds)
  .transform((text, ctx) => {
    const parts = text.split(',').map((s) => s.trim());
    const ids = parts.map(Number);
    if (!parts.every((s) => /^\d{1,10}$/.test(s)) || ids.some((n) => n < 1 || n > MAX_ID)) {
      ctx.addIssue({ code: 'custom', message: PICKER_TEXT.ids });
      return z.NEVER;
    }
    const distinct = [...new Set(ids)];
    if (distinct.length > PICKER_IDS_CAP) {
      ctx.addIssue({ code: 'custom', message: PICKER_TEXT.tooManyIds });
      return z.NEVER;
    }
    return distinct;
  });

/** Searches are blind to case and to accents (domain/fold.ts, the SQL `campo_fold`). */
export { foldText } from './fold';

/** The most projects one answer of `GET /user-moves/get/projects` holds (and what it holds when no `limit` is asked). */
export const PROJECT_CHOICES_CAP = 2000;
/** The project picker before anything is typed, when there are more projects than it shows. */
export const PROJECT_TYPE_TO_SEARCH = 'Escriba para buscar un proyecto';
/** The client, questionnaire and guideline pickers before anything is typed, when there are more than they show. */
export const CLIENT_TYPE_TO_SEARCH = 'Escriba para buscar un cliente';
export const QUESTIONNAIRE_TYPE_TO_SEARCH = 'Escriba para buscar un cuestionario';
export const GUIDELINE_TYPE_TO_SEARCH = 'Escriba para buscar un instructivo';
