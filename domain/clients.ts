import { z } from 'zod';
import { email, id, nameText, optionalIdSaying, optionalPhone, optionalUrl, required, url } from './validation';

export const CLIENT_TEXT = {
  badType: 'Tipo de cliente inválido',
  noType: 'El tipo de cliente no existe.',
  duplicate: 'Ya existe un cliente con ese nombre.',
} as const;

/** The client type when given: none (empty, null) is no type; anything else must be a type's id. */
const clientTypeId = optionalIdSaying(CLIENT_TEXT.badType);

/** Client form (spec 1 §5): name, address, email, claimUrl and contactUrl required; the type is optional (the spec's rules leave it out). */
export const clientSchema = z.object({
  name: nameText(120),
  address: required,
  telephone: optionalPhone,
  email,
  imageUrl: optionalUrl,
  claimUrl: url,
  contactUrl: url,
  linkSurveyMonkey: optionalUrl,
  typeId: clientTypeId,
});
export type ClientInput = z.infer<typeof clientSchema>;

export const clientUpdateSchema = clientSchema.extend({ id });
export const clientStateSchema = z.object({ id, state: z.boolean({ error: 'El estado debe ser verdadero o falso' }) });

export interface Client extends ClientInput {
  id: number;
  state: boolean;
  type: { id: number; name: string } | null;
}

/** The activation dialog's literal text (spec 1 §4). */
export const CLIENT_STATE_QUESTION = 'Confirmación. ¿Está seguro que desea Activar/Desactivar este cliente?';
