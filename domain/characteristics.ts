/** Characteristics (spec 3 §2, §3, §4, §5): a description, disabled while deletedAt is set. */
import { z } from 'zod';
import { moment, paged, recordId } from './answers';
import { id, nameText } from './validation';

export const CHARACTERISTIC_TEXT = {
  enabled: 'Habilitada',
  disabled: 'Inhabilitada',
  notFound: 'La característica no existe.',
  duplicate: 'Ya existe una característica con esa descripción.',
  nothingToChange: 'Indique la descripción, o deletedAt null para habilitarla.',
  onlyNull: 'Sólo admite null, que la vuelve a habilitar (para deshabilitarla use DELETE).',
  created: 'Característica creada exitosamente',
  updated: 'Característica editada exitosamente',
  toggleTitle: 'Confirmación',
  toggleQuestion: (enable: boolean) =>
    enable ? 'Está a punto de habilitar esta característica. ¿Desea continuar?' : 'Está a punto de inhabilitar esta característica. ¿Desea continuar?',
} as const;

const description = nameText(200);

export const characteristicSchema = z.object({ description });
export type CharacteristicInput = z.infer<typeof characteristicSchema>;

/** PUT /characteristics/: id plus fields, or id and deletedAt null to enable it again (spec 3 §7). */
export const characteristicUpdateSchema = z
  .object({
    id,
    description: description.optional(),
    deletedAt: z.null({ error: CHARACTERISTIC_TEXT.onlyNull }).optional(),
  })
  .refine((v) => v.description !== undefined || v.deletedAt === null, CHARACTERISTIC_TEXT.nothingToChange);

export interface Characteristic extends CharacteristicInput {
  id: number;
  createdAt: string;
  updatedAt: string;
  /** Null while enabled. */
  deletedAt: string | null;
}

export const characteristicState = (c: { deletedAt: string | null }) => (c.deletedAt === null ? CHARACTERISTIC_TEXT.enabled : CHARACTERISTIC_TEXT.disabled);

/** A characteristic as the API answers it. */
export const characteristicAnswer = characteristicSchema.extend({ id: recordId, createdAt: moment, updatedAt: moment, deletedAt: moment.nullable() });
export const characteristicListAnswer = paged(characteristicAnswer);
