/** Client attributes (features, spec 1 §2.6, §4, §5): a name, a required flag and its values. */
import { z } from 'zod';
import { moment, paged, recordId } from './answers';
import { asRead, id, MSG, nameKey, pickedId, textOr, trimText, tooLongFor } from './validation';

export const FEATURE_TEXT = {
  /** Followed by the attribute's name in capitals. */
  noValues: 'Debe crearse al menos un valor para el atributo: ',
  noDefault: 'Al menos un Valor debe ser por defecto.',
  notAList: 'Los valores del atributo deben enviarse como una lista.',
  emptyValue: 'No puede añadirse un valor vacío.',
  oneDefault: 'Sólo un valor puede ser por defecto.',
  repeatedValue: 'El valor ya fue agregado.',
  repeatedValueId: 'Un mismo valor del atributo figura más de una vez.',
  required: 'Este campo es requerido',
  created: 'Atributo creado con éxito',
  updated: 'Cambios guardados con éxito',
  valueInUse: (value: string) => `El valor "${value}" está asignado a puntos de venta y no puede quitarse.`,
  notFound: 'El atributo no existe.',
  duplicateName: 'El cliente ya tiene un atributo con ese nombre.',
} as const;

export const noValuesMessage = (name: string) => `${FEATURE_TEXT.noValues}${name.trim().toUpperCase()}`;

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());

export const featureValueSchema = z.object({
  id: optionalId,
  value: textOr(FEATURE_TEXT.emptyValue).overwrite(trimText).overwrite(asRead).min(1, FEATURE_TEXT.emptyValue).max(200, tooLongFor(200)),
  isDefault: z.boolean({ error: 'Debe ser verdadero o falso' }).default(false),
});
export type FeatureValueInput = z.infer<typeof featureValueSchema>;

const fold = nameKey;

/**
 * The rules on the list of values, in the order the user meets them (spec 1 §5); last, a saved value's
 * id sent twice, which the form never does: the second would overwrite the first and could drop the default.
 */
export function valuesProblem(name: string, values: readonly { id?: number; value: string; isDefault: boolean }[]): string | null {
  if (values.length === 0) return noValuesMessage(name);
  if (values.some((v) => v.value.trim() === '')) return FEATURE_TEXT.emptyValue;
  const defaults = values.filter((v) => v.isDefault).length;
  if (defaults === 0) return FEATURE_TEXT.noDefault;
  if (defaults > 1) return FEATURE_TEXT.oneDefault;
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(fold(v.value))) return FEATURE_TEXT.repeatedValue;
    seen.add(fold(v.value));
  }
  const ids = values.flatMap((v) => (v.id === undefined ? [] : [v.id]));
  if (new Set(ids).size < ids.length) return FEATURE_TEXT.repeatedValueId;
  return null;
}

/** Whether a value may be added from the value box: not empty and not already in the list. */
export function addValueProblem(values: readonly { value: string }[], candidate: string): string | null {
  if (candidate.trim() === '') return FEATURE_TEXT.emptyValue;
  if (values.some((v) => fold(v.value) === fold(candidate))) return FEATURE_TEXT.repeatedValue;
  return null;
}

const featureFields = {
  name: textOr(FEATURE_TEXT.required).overwrite(trimText).overwrite(asRead).min(1, FEATURE_TEXT.required).max(120, tooLongFor(120)),
  isRequired: z.boolean({ error: 'Debe ser verdadero o falso' }).default(false),
  // Missing, they are none (the rule on the list names the attribute); anything but a list is not values.
  values: z.array(featureValueSchema, { error: FEATURE_TEXT.notAList }).max(200, MSG.tooLong).default([]),
};

const checkValues = (feature: { name: string; values: { id?: number; value: string; isDefault: boolean }[] }, ctx: z.RefinementCtx) => {
  const problem = valuesProblem(feature.name ?? '', feature.values ?? []);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['values'] });
};

/** The attribute form and `POST /features` (name, isRequired, values, clientId). */
export const featureSchema = z
  .object({
    ...featureFields,
    clientId: pickedId('Seleccione un cliente'),
  })
  .superRefine(checkValues);
export type FeatureInput = z.output<typeof featureSchema>;

/** `PUT /features/:id`: the same body; the client cannot change. */
export const featureUpdateSchema = z.object({ ...featureFields, clientId: optionalId }).superRefine(checkValues);

/** The form errors shown in the error dialog (they have no input of their own). */
export const FEATURE_DIALOG_FIELDS = ['values'] as const;

export interface Feature {
  id: number;
  clientId: number;
  clientName?: string;
  name: string;
  isRequired: boolean;
  values: { id: number; value: string; isDefault: boolean }[];
}

/** An attribute of a client with its values, as the API answers it. */
export const featureAnswer = z.object({
  id: recordId,
  clientId: recordId,
  clientName: z.string().optional(),
  name: z.string(),
  isRequired: z.boolean(),
  updatedAt: moment,
  values: z.array(z.object({ id: recordId, value: z.string(), isDefault: z.boolean() })),
});
export const featureListAnswer = paged(featureAnswer);

/** What creating or editing a client attribute answers: its id and the attribute as `GET /features/:id` gives it. */
export const featureSavedAnswer = z.object({ id: recordId, data: featureAnswer });
