/**
 * The shapes the API answers with that every area shares: a moment or a day as JSON carries them, a
 * record named by id and name, the paged list's envelope and the refusal's body. The OpenAPI document
 * shows each route's answer built from these (server/openapi.ts); the console reads the same shapes.
 */
import { z } from 'zod';

/** A moment (a Date the server serialised): ISO 8601 with its zone. */
export const moment = z.iso.datetime({ offset: true });
/** A calendar day: YYYY-MM-DD. */
export const day = z.iso.date();
/** An amount of money as the database keeps it: a decimal in a string ('4500.00'). */
export const money = z.string().regex(/^-?\d+(\.\d+)?$/);
export const recordId = z.number().int();
export const idName = z.object({ id: recordId, name: z.string() });
export const idFullName = z.object({ id: recordId, fullName: z.string() });
/** A picker's options: records by id and name, in the order to show them. */
export const choices = z.array(idName);
/** A people picker's options: users by id and full name. */
export const peopleChoices = z.array(idFullName);

/** A write that answers only its outcome, in Spanish (signing out, restoring a password). */
export const messageAnswer = z.object({ message: z.string() });

/** A page of a list: its rows and how many the whole filter holds (the moves list's shape, for every list). */
export const paged = <Row extends z.ZodType>(row: Row) => z.object({ rows: z.array(row), count: z.number().int().min(0) });

/** Every refusal's body: the reason in Spanish and, for a form, each field's message. */
export const errorAnswer = z.object({
  message: z.string().describe('El motivo, en castellano.'),
  errors: z.record(z.string(), z.string()).optional().describe('El mensaje de cada campo, cuando lo hay.'),
});
