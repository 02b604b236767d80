import { z } from 'zod';
import { email, id, MAX_ID, MSG, optionalPhone, optionalUrl, required, url } from './validation';

/** Client form (spec 1 §5): name, address, email, claimUrl and contactUrl required. */
export const clientSchema = z.object({
  name: required.pipe(z.string().max(120, MSG.tooLong)),
  address: required,
  telephone: optionalPhone,
  email,
  imageUrl: optionalUrl,
  claimUrl: url,
  contactUrl: url,
  linkSurveyMonkey: optionalUrl,
  typeId: z.coerce.number({ error: MSG.required }).int(MSG.required).positive(MSG.required).max(MAX_ID, MSG.required),
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
