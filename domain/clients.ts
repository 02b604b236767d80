import { z } from 'zod';
import { idName, moment, paged, recordId } from './answers';
import { email, id, nameText, optionalIdSaying, optionalPhone, optionalUrl, required, url } from './validation';

export const CLIENT_TEXT = {
  badType: 'Tipo de cliente inválido',
  noType: 'El tipo de cliente no existe.',
  duplicate: 'Ya existe un cliente con ese nombre.',
  badChecklist: 'Debe ser verdadero o falso',
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
  /**
   * Whether the client has a checklist: its users with a checklist link see 'Supervisión' on their
   * dashboard. Left out (the bulk upload, an older caller), it keeps its value (false on create).
   */
  checklist: z.boolean({ error: CLIENT_TEXT.badChecklist }).optional(),
});
export type ClientInput = z.infer<typeof clientSchema>;

export const clientUpdateSchema = clientSchema.extend({ id });
export const clientStateSchema = z.object({ id, state: z.boolean({ error: 'El estado debe ser verdadero o falso' }) });

export interface Client extends ClientInput {
  id: number;
  checklist: boolean;
  state: boolean;
  type: { id: number; name: string } | null;
}

/** The activation dialog's literal text (spec 1 §4). */
export const CLIENT_STATE_QUESTION = 'Confirmación. ¿Está seguro que desea Activar/Desactivar este cliente?';

/**
 * A client as the API answers it (GET, and after every write), with its type; the optional fields the
 * form leaves empty are kept null.
 */
export const clientAnswer = clientSchema.extend({
  id: recordId,
  telephone: z.string().nullable(),
  imageUrl: z.string().nullable(),
  linkSurveyMonkey: z.string().nullable(),
  checklist: z.boolean(),
  state: z.boolean(),
  updatedAt: moment,
  type: idName.nullable(),
});
export const clientListAnswer = paged(clientAnswer);
