/** Motives (spec 3 §2, §3, §5): the reasons a reviewer gives when rejecting or observing a move. */
import { z } from 'zod';
import { moment, paged, recordId } from './answers';
import { id, nameText } from './validation';

/** The description's limit (spec 3 §9). */
export const MOTIVE_DESCRIPTION_MAX = 220;

export const MOTIVE_TEXT = {
  descriptionMax: 'Máximo de 220 caracteres',
  notFound: 'El motivo no existe.',
  duplicate: 'Ya existe un motivo con ese nombre.',
  saved: 'Motivo creado/editado exitosamente',
  toggleTitle: 'Confirmación',
  toggleQuestion: (activate: boolean) =>
    activate ? 'Está a punto de activar este motivo. ¿Desea continuar?' : 'Está a punto de desactivar este motivo. ¿Desea continuar?',
  /** A review's motive whose `requiresUserComment` is set, with nothing of the reviewer's own beside its text. */
  commentRequired: 'Este motivo requiere un comentario.',
  /** Deactivated after the review dialog listed it (or never offered there). */
  inactive: 'El motivo elegido está desactivado: elija otro.',
  pickerLabel: 'Motivo predefinido',
  pickerHelp: 'Opcional: su texto completa el motivo.',
  noneFound: 'No hay motivos activos que coincidan.',
  more: 'Hay más motivos: siga escribiendo para acotar la búsqueda',
  searching: 'Buscando…',
} as const;

const flag = z.boolean({ error: 'Debe ser verdadero o falso' });

const description = z.string().trim().max(MOTIVE_DESCRIPTION_MAX, MOTIVE_TEXT.descriptionMax);

export const motiveSchema = z.object({
  motive: nameText(120),
  description: description.nullish().transform((v) => (v ? v : null)),
  requiresUserComment: flag.default(false),
  isActive: flag.default(true),
});
export type MotiveInput = z.infer<typeof motiveSchema>;

/**
 * PUT /motives: a field not sent keeps its stored value (the defaults are only the creation's); sent
 * empty or null, the description is cleared. A rename that left the flags out reactivated a
 * deactivated motive and dropped its required comment.
 */
export const motiveUpdateSchema = z.object({
  id,
  motive: nameText(120),
  description: description
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  requiresUserComment: flag.optional(),
  isActive: flag.optional(),
});
export type MotiveUpdate = z.infer<typeof motiveUpdateSchema>;
export const motiveStateSchema = z.object({ id, isActive: flag });

export interface Motive extends MotiveInput {
  id: number;
  createdAt: string;
}

/** A motive as the review dialogs offer it (reject, disapprove, return). */
export type ReviewMotive = Pick<Motive, 'id' | 'motive' | 'description' | 'requiresUserComment'>;

/** What separates a motive's text from the comment after it ('Otro: …', 'Otro — …', a new line). */
const LEADING_SEPARATORS = /^[\s:;,.\-–—]+/u;

/**
 * What the reviewer wrote of their own in a reason that carries a motive's text: the reason without
 * that text (where it is, exactly as the bank writes it) and without the separators beside it. A reason
 * that no longer holds the text is all the reviewer's own.
 */
export function ownComment(reason: string, motiveText: string): string {
  const text = reason.trim();
  const motive = motiveText.trim();
  const at = motive ? text.indexOf(motive) : -1;
  if (at < 0) return text;
  const before = text.slice(0, at).trim();
  const after = text.slice(at + motive.length).replace(LEADING_SEPARATORS, '').trim();
  return [before, after].filter(Boolean).join('\n');
}

/** Whether a comment says something: a letter or a digit, not only punctuation. */
const saysSomething = (comment: string) => /[\p{L}\p{N}]/u.test(comment);

/**
 * The reason once `next` is chosen instead of `previous` (either may be none): the motive's text, then
 * on its own line what the reviewer wrote of their own, kept across changes of motive. A motive that
 * requires a comment ends in a new line, where the comment goes.
 */
export function reasonWithMotive(reason: string, previous: Pick<ReviewMotive, 'motive'> | null, next: Pick<ReviewMotive, 'motive' | 'requiresUserComment'> | null): string {
  const comment = previous ? ownComment(reason, previous.motive) : reason.trim();
  if (!next) return comment;
  if (comment) return `${next.motive}\n${comment}`;
  return next.requiresUserComment ? `${next.motive}\n` : next.motive;
}

/**
 * Why a (trimmed, non-empty) reason cannot be sent with a motive, and on which field; null when it can.
 * The console checks it for comfort, the server for safety, with the same words.
 */
export function motiveReasonProblem(
  reason: string,
  motive: Pick<ReviewMotive, 'motive' | 'requiresUserComment'> & { isActive?: boolean },
): { field: 'motiveId' | 'reason'; message: string } | null {
  if (motive.isActive === false) return { field: 'motiveId', message: MOTIVE_TEXT.inactive };
  if (motive.requiresUserComment && !saysSomething(ownComment(reason, motive.motive))) return { field: 'reason', message: MOTIVE_TEXT.commentRequired };
  return null;
}

/** A motive as the API answers it (a description left empty is kept null). */
export const motiveAnswer = motiveSchema.extend({ id: recordId, description: z.string().nullable(), createdAt: moment, updatedAt: moment });
export const motiveListAnswer = paged(motiveAnswer);
