/** Move configurations (spec 1 §2.7, §3, §4, §5). */
import { z } from 'zod';
import { choices, idName, moment, paged, recordId } from './answers';
import { formatCount } from './numbers';
import { asRead, id, MSG, textOr, trimText, tooLongFor } from './validation';

/** The most points, or minutes, a configuration takes. */
const MAX_POINTS_OR_MINUTES = 1_000_000;

export const MOVE_CONFIG_TEXT = {
  required: 'Campo requerido',
  number: 'Debe ser un número',
  /** '1.500': the list writes thousands so, and a point is a decimal here: which one was meant? */
  thousands: 'Escriba los miles sin punto y los decimales con coma: 1500 o 1,5.',
  /** Points and minutes above what any visit takes (a slip of the keyboard): said with the limit. */
  atMost: `Debe ser como máximo ${formatCount(MAX_POINTS_OR_MINUTES)}`,
  enabled: 'Habilitada',
  disabled: 'Deshabilitada',
  linked: 'La configuración está vinculada a proyectos: sólo pueden modificarse el nombre y el estado.',
  linkedHint: (n: number) => `Vinculada a ${formatCount(n)} ${n === 1 ? 'proyecto' : 'proyectos'}: sólo pueden modificarse el nombre y el estado.`,
  unknownType: 'Alguno de los tipos de move no existe.',
  unknownCategory: 'Alguna de las categorías no existe.',
  notFound: 'La configuración no existe.',
  duplicate: 'Ya existe una configuración con ese nombre.',
  created: 'Configuración creada con éxito',
  updated: 'Cambios guardados con éxito',
} as const;

/**
 * A decimal as people type it: digits, with a comma or a point before the decimals ('12,5'); a minus
 * sign is read too, so that '-5' is told 'Debe ser mayor o igual a 0', not that it is no number.
 */
const DECIMAL = /^-?\d+(?:[.,]\d+)?$/;
/**
 * A point followed by three digits and nothing else ('1.500', '12.000.000'): thousands as the list writes
 * them, or a decimal? Refused rather than guessed: taken as a decimal, '1.500' typed back from the list
 * saved 1,5.
 */
const THOUSANDS = /^-?[1-9]\d{0,2}(?:\.\d{3})+$/;

/**
 * Points and minutes: required and numeric; the form holds text, other callers send numbers. Text is
 * read only as a plain decimal: Number() alone also took '0x10' (16) and '1e2' (100).
 */
const requiredNumber = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : THOUSANDS.test(v.trim()) ? THOUSANDS : DECIMAL.test(v.trim()) ? Number(v.trim().replace(',', '.')) : Number.NaN) : v),
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? MOVE_CONFIG_TEXT.required : issue.input === THOUSANDS ? MOVE_CONFIG_TEXT.thousands : MOVE_CONFIG_TEXT.number) })
    .refine(Number.isFinite, MOVE_CONFIG_TEXT.number)
    .refine((n) => n >= 0, MSG.nonNegative)
    .refine((n) => n <= MAX_POINTS_OR_MINUTES, MOVE_CONFIG_TEXT.atMost),
);

const ids = z
  .array(id, { error: 'Lista inválida' })
  .max(50, MSG.tooLong)
  .transform((list) => [...new Set(list)])
  .default([]);

export const moveConfigSchema = z.object({
  name: textOr(MOVE_CONFIG_TEXT.required).overwrite(trimText).overwrite(asRead).min(1, MOVE_CONFIG_TEXT.required).max(120, tooLongFor(120)),
  points: requiredNumber,
  minutesDuration: requiredNumber,
  consumptionPayment: z.boolean().default(false),
  needsVideoRecording: z.boolean().default(false),
  needsAudioRecording: z.boolean().default(false),
  needsCheckList: z.boolean().default(false),
  status: z.boolean().default(true),
  moveTypes: ids,
  /** Ordered: when the first is 1 a price applies to projects. */
  category: ids,
});
export type MoveConfigInput = z.output<typeof moveConfigSchema>;

/** The fields a configuration linked to projects may still change (spec 1 §4). */
export const EDITABLE_WHEN_LINKED = ['name', 'status'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** The move types are a set (their order is only how the list shows them); the categories' order is meaningful. */
const sameSet = (a: readonly number[], b: readonly number[]) => same([...a].sort((x, y) => x - y), [...b].sort((x, y) => x - y));

/** The fields a change touches beyond name and status: refused when the configuration has projects. */
export function lockedChanges(current: MoveConfigInput, next: MoveConfigInput): string[] {
  return (Object.keys(moveConfigSchema.shape) as (keyof MoveConfigInput)[]).filter(
    (key) =>
      !(EDITABLE_WHEN_LINKED as readonly string[]).includes(key) &&
      !(key === 'moveTypes' ? sameSet(current.moveTypes, next.moveTypes) : same(current[key], next[key])),
  );
}

/** When the first category is 1, projects using the configuration carry a price. */
export const pricedCategory = (category: readonly number[]) => category[0] === 1;

/** A row of the list: how many projects use it (a configuration can carry thousands; the form lists them). */
export interface MoveConfigurationRow extends MoveConfigInput {
  id: number;
  code: string;
  projectsCount: number;
}

/** One configuration, with the projects that use it by name. */
export interface MoveConfiguration extends MoveConfigurationRow {
  projects: { id: number; name: string }[];
}

export interface MoveConfigInfo {
  moveTypes: { id: number; name: string }[];
  categories: { id: number; name: string }[];
}

/** A row of `GET /moves` (`MoveConfigurationRow`). */
const moveConfigRowAnswer = z.object({
  id: recordId,
  code: z.string(),
  name: z.string(),
  /** Points and minutes accept decimals (docs/decisions.md, "Configuraciones de moves"). */
  points: z.number(),
  minutesDuration: z.number(),
  consumptionPayment: z.boolean(),
  needsVideoRecording: z.boolean(),
  needsAudioRecording: z.boolean(),
  needsCheckList: z.boolean(),
  status: z.boolean(),
  moveTypes: z.array(z.number().int()),
  category: z.array(z.number().int()),
  projectsCount: z.number().int(),
});
export const moveConfigListAnswer = paged(moveConfigRowAnswer);
/** `GET /moves/get/:id` (`MoveConfiguration`): with the projects that use it, by name. */
export const moveConfigAnswer = moveConfigRowAnswer.extend({ updatedAt: moment, projects: z.array(idName) });

/** `GET /moves/get/info-for-move-configuration`: the types and categories a configuration may choose. */
export const moveConfigChoicesAnswer = z.object({ moveTypes: choices, categories: choices });
