/** Tag groups (spec 3 §2, §3, §5): a group name and its list of keys and values. */
import { z } from 'zod';
import { moment, paged, recordId } from './answers';
import { id, MSG, nameText, textOr, trimText, tooLongFor } from './validation';

export const TAG_TEXT = {
  keyRequired: 'Clave es requerida',
  valueRequired: 'Valor es requerido',
  duplicateKey: 'La clave está repetida',
  atLeastOne: 'Agregue al menos una Clave/Valor',
  duplicateGroup: 'Ya existe un grupo con ese nombre.',
  notFound: 'El grupo de tags no existe.',
  saved: 'Tag creado/editado exitosamente',
  toggleTitle: 'Confirmación',
  toggleQuestion: (activate: boolean) =>
    activate ? 'Está a punto de activar este grupo de tags. ¿Desea continuar?' : 'Está a punto de desactivar este grupo de tags. ¿Desea continuar?',
} as const;

/** The most pairs a group may hold. */
export const MAX_KEYS_VALUES = 200;

const pairText = (message: string) => textOr(message).overwrite(trimText).min(1, message).max(200, tooLongFor(200));

export const keyValueSchema = z.object({ key: pairText(TAG_TEXT.keyRequired), value: pairText(TAG_TEXT.valueRequired) });
export type KeyValue = z.infer<typeof keyValueSchema>;

export const tagGroupSchema = z.object({
  groupName: nameText(120),
  keysValues: z
    .array(keyValueSchema, { error: TAG_TEXT.atLeastOne })
    .min(1, TAG_TEXT.atLeastOne)
    .max(MAX_KEYS_VALUES, MSG.tooLong)
    .superRefine((pairs, ctx) => {
      const seen = new Set<string>();
      pairs.forEach((pair, index) => {
        const key = pair.key.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: TAG_TEXT.duplicateKey, path: [index, 'key'] });
        seen.add(key);
      });
    }),
  active: z.boolean({ error: 'El estado debe ser verdadero o falso' }).default(true),
});
export type TagGroupInput = z.infer<typeof tagGroupSchema>;

const activeFlag = z.boolean({ error: 'El estado debe ser verdadero o falso' });

/**
 * PUT /tags: the state is kept when not sent (the default `true` is only the creation's). A rename
 * that left it out reactivated a deactivated group.
 */
export const tagGroupUpdateSchema = tagGroupSchema.extend({ id, active: activeFlag.optional() });
export const tagGroupStateSchema = z.object({ id, active: activeFlag });

export interface TagGroup extends TagGroupInput {
  id: number;
  createdAt: string;
}

/** A group of tags as the API answers it. */
export const tagGroupAnswer = tagGroupSchema.extend({ id: recordId, createdAt: moment, updatedAt: moment });
export const tagGroupListAnswer = paged(tagGroupAnswer);
