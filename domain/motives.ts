/** Motives (spec 3 §2, §3, §5): the reasons a reviewer gives when rejecting or observing a move. */
import { z } from 'zod';
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
} as const;

const flag = z.boolean({ error: 'Debe ser verdadero o falso' });

export const motiveSchema = z.object({
  motive: nameText(120),
  description: z
    .string()
    .trim()
    .max(MOTIVE_DESCRIPTION_MAX, MOTIVE_TEXT.descriptionMax)
    .nullish()
    .transform((v) => (v ? v : null)),
  requiresUserComment: flag.default(false),
  isActive: flag.default(true),
});
export type MotiveInput = z.infer<typeof motiveSchema>;

export const motiveUpdateSchema = motiveSchema.extend({ id });
export const motiveStateSchema = z.object({ id, isActive: flag });

export interface Motive extends MotiveInput {
  id: number;
  createdAt: string;
}
