/** Points of sale (spec 1 §2.5, §3, §4, §5): the form's rules, shared by the console and the server. */
import { z } from 'zod';
import { idFullName, idName, moment, paged, recordId } from './answers';
import { CASE_FROM, CASE_TO, foldText } from './fold';
import { type KeyValue, keyValueSchema } from './tags';
import { asRead, email, id, INVALID_ID, isEmail, MAX_EMAIL, latitude, longitude, MAX_ID, MSG, optionalIdSaying, optionalText, optionalWithin, pickedId, optionalUrl, phone, required, requiredText, textOr, tooLong, trimText, tooLongFor } from './validation';

export const LOCATION_TEXT = {
  geography: 'Seleccione país, estado o provincia y ciudad.',
  emailList: 'Email inválido',
  emailHint: 'Ingrese un email y presione Enter',
  noSpaces: 'No debe contener espacios.',
  invalidSearch: 'La búsqueda no es una expresión regular válida. Revise paréntesis, corchetes y caracteres especiales.',
  /** A back-reference makes PostgreSQL's matcher backtrack: one pattern could keep the database busy for minutes. */
  backReference: 'La búsqueda no admite referencias a un grupo (\\1 a \\9): busque el texto mismo.',
  /** Counted repetitions nested or summed past what the matcher can build quickly (see searchPatternProblem). */
  tooComplex: 'La búsqueda repite demasiado: use menos repeticiones con llaves ({n,m}), sobre todo una dentro de otra.',
  duplicateCode: 'Ya existe un punto de venta del cliente con ese código.',
  /** The form's code taken by another point of sale of the client: named, so that the user can find it. */
  codeTakenBy: (existing: ExistingLocation) => `Ya existe un punto de venta del cliente con ese código: ${named(existing)}.`,
  /** A point of sale without a code is the one of the client with its name and address (as the bulk load takes it). */
  sameNameAndAddress: (existing: ExistingLocation) =>
    `Ya existe un punto de venta del cliente con ese nombre y dirección: ${named(existing)}. Si es otro, déle un código de locación del cliente.`,
  /** A tag the location is given anew must be a key/value pair of an active tag group. */
  invalidTags: (pairs: readonly TagPair[]) =>
    `${pairs.length === 1 ? 'Este tag no es' : 'Estos tags no son'} de ningún grupo de tags activo: ${pairs.map((p) => `${p.key}: ${p.value}`).join(', ')}.`,
  notFound: 'El punto de venta no existe.',
  inactiveClient: 'El cliente está inactivo: actívelo para agregarle puntos de venta.',
} as const;

/** A point of sale a new or edited one would repeat, as a 409 names it. */
export interface ExistingLocation {
  code: string;
  fullName: string;
  status: boolean;
}

const named = (l: ExistingLocation) => `"${l.fullName}" (${l.code}${l.status ? '' : ', inactivo'})`;

/** The spec's "basic e-mail pattern" for the lists of e-mails (spec 1 §5). */
export const listEmail = textOr(LOCATION_TEXT.emailList).trim().max(MAX_EMAIL, tooLong(MAX_EMAIL)).refine(isEmail, LOCATION_TEXT.emailList);

/**
 * Addresses as people write several at once: separated by spaces, commas, semicolons or bars. The bulk
 * load reads its e-mails cell so, and the form's 'Emails ejecutivos' takes a list pasted so.
 */
export const splitEmails = (text: string): string[] => text.split(/[\s,;|]+/).filter(Boolean);

/** Adds an e-mail to a list: duplicates (in any case) are ignored. */
export function addEmail(list: readonly string[], entry: string): string[] {
  const value = entry.trim();
  if (!value || list.some((e) => e.toLowerCase() === value.toLowerCase())) return [...list];
  return [...list, value];
}

const dedupeEmails = (list: string[]) => list.reduce<string[]>((out, e) => addEmail(out, e), []);

/** 'Emails ejecutivos': at least one, each a valid address, duplicates dropped. */
export const emailList = z
  .array(listEmail, { error: MSG.required })
  .max(50, MSG.tooLong)
  .transform(dedupeEmails)
  .refine((list) => list.length > 0, MSG.required);

/** At most this many zone managers a point of sale (a longer list is a 400, never a long wait). */
export const MAX_ZONE_MANAGERS = 500;
export const ZONE_MANAGERS_NOT_LIST = 'Debe ser una lista de gerentes zonales.';

/** 'Gerentes Zonales': ids converted to integers, anything that is not one dropped, each once (spec 1 §5). */
export function toZoneManagerIds(values: unknown): number[] {
  if (!Array.isArray(values)) return [];
  const out = new Set<number>();
  for (const v of values) {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'number' ? v : Number.NaN;
    if (Number.isInteger(n) && n > 0 && n <= MAX_ID) out.add(n);
  }
  return [...out];
}

/** An optional id: '', null and absent are null. */
const optionalId = optionalIdSaying(INVALID_ID);

/**
 * Latitude and longitude arrive as text from the form and the CSV, as numbers from other callers. A decimal
 * comma ('-34,6') is read as the point, as the bulk load reads it (its template writes them so).
 */
const coordinate = (rule: typeof latitude) =>
  z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' && /^[^.,]*,[^.,]*$/.test(v) ? v.replace(',', '.') : v), rule).transform(Number);

/** A location's tags are key/value pairs of the tag groups (spec 3): the same rules as there. */
export type TagPair = KeyValue;

const sameTag = (a: TagPair, b: TagPair) => a.key === b.key && a.value === b.value;

/**
 * The tags of `chosen` a location may not be given: those that are no pair of an active tag group
 * (`offered`), unless the location already had them (`kept`: a group deactivated or edited since
 * leaves its pair on the locations that have it, and they can still be saved with it).
 */
export function tagsNotOffered(chosen: readonly TagPair[], offered: readonly TagPair[], kept: readonly TagPair[] = []): TagPair[] {
  const refused = chosen.filter((p) => !offered.some((o) => sameTag(o, p)) && !kept.some((k) => sameTag(k, p)));
  return refused.filter((p, i) => refused.findIndex((q) => sameTag(q, p)) === i);
}

/** The capitals a client location code's comparison lowers: ASCII's and those of the Latin alphabets (CASE_FROM). */
const CODE_CAPITAL = new RegExp(`[A-Z${CASE_FROM}]`, 'g');
const LOWERED = [...CASE_TO];
const CODE_LOWER = new Map([...CASE_FROM].map((capital, i) => [capital, LOWERED[i]]));

/**
 * A client location code as codes are compared within a client: capitals and surrounding spaces (and
 * tabs, line breaks) aside, accents kept ('SUC' and 'SUÇ' are two codes). The database's unique index
 * folds with the same rule, `campo_code_fold` (migration 0033), which lowers only these letters whatever
 * the server's locale: `lower()` under the C locale lowers ASCII alone, under es_AR every letter, and the
 * bulk load's check here must agree with the index everywhere.
 */
export function foldLocationCode(code: string): string {
  return code.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '').replace(CODE_CAPITAL, (c) => CODE_LOWER.get(c) ?? c.toLowerCase());
}

/** A chosen attribute value: the value's id (and, for reading, its attribute). */
export const featureValueRef = z.object({
  id,
  featureId: optionalId.optional(),
});

/**
 * The name and the code are indexed, and one index entry holds at most ~2,700 bytes: 2,000 characters
 * of 3 bytes each (CJK) were a 500. A name of 250 characters, a code of 100, fit whatever the script.
 */
export const LOCATION_NAME_MAX = 250;
export const LOCATION_CODE_MAX = 100;

/**
 * A client's location code as it reads, unique so: no invisible characters inside it ('CAF\u200b-001' is
 * 'CAF-001'), its accents in one form; null for none.
 */
export const codeAsRead = (code: string | null | undefined): string | null => {
  const trimmed = code ? trimText(code) : '';
  return trimmed ? asRead(trimmed) : null;
};

const fields = {
  fullName: requiredText(LOCATION_NAME_MAX),
  clientLocationName: requiredText(LOCATION_NAME_MAX),
  clientLocationId: optionalWithin(LOCATION_CODE_MAX)
    .transform(codeAsRead)
    .refine((v) => v === null || v.length <= LOCATION_CODE_MAX, tooLongFor(LOCATION_CODE_MAX))
    .refine((v) => v === null || !/\s/.test(v), LOCATION_TEXT.noSpaces),
  // Required first: empty or blank is 'Requerido', not a malformed number (spec 1 §5).
  telephone: required.pipe(phone),
  street: required,
  zone: optionalText,
  countryId: optionalId.default(null),
  stateId: optionalId.default(null),
  cityId: optionalId.default(null),
  latitude: coordinate(latitude),
  longitude: coordinate(longitude),
  linkSurveyMonkey: optionalUrl,
  ownerId: optionalId.default(null),
  // Checked before it is read: a list of 130,000 ids once kept the server busy for 20 s.
  zoneManagersIds: z
    .unknown()
    .optional()
    // Items that are no ids are dropped (spec 1 §5), but a value that is no list at all is refused:
    // read as none, it would take every zone manager off the point of sale without a word.
    .refine((v) => v === undefined || v === null || Array.isArray(v), ZONE_MANAGERS_NOT_LIST)
    .refine((v) => !Array.isArray(v) || v.length <= MAX_ZONE_MANAGERS, `Máximo de ${MAX_ZONE_MANAGERS} gerentes zonales`)
    .transform(toZoneManagerIds),
  executive: required,
  emails: emailList,
  manager: required,
  emailManager: email,
  emailExecutive: email,
  emailToNullCase: optionalText.refine((v) => v === null || isEmail(v), MSG.email),
  workDays: required,
  openingHours: required,
  closingHours: required,
  observation: optionalText,
  locationInformation: optionalText,
  comments: optionalText,
  branchInformation: optionalText,
  featureValues: z.array(featureValueRef).max(200, MSG.tooLong).default([]),
  keysValues: z.array(keyValueSchema).max(200, MSG.tooLong).default([]),
};

/** Country, state and city are checked on save, as one message (spec 1 §5). */
const withGeography = <T extends { countryId: number | null; stateId: number | null; cityId: number | null }>(value: T, ctx: z.RefinementCtx) => {
  if (value.countryId === null || value.stateId === null || value.cityId === null) {
    ctx.addIssue({ code: 'custom', message: LOCATION_TEXT.geography, path: ['geography'] });
  }
};

/** The point-of-sale form, as the console and `POST /locations` validate it. */
export const locationSchema = z.object({ clientId: pickedId('Seleccione un cliente'), ...fields }).superRefine(withGeography);
export type LocationInput = z.output<typeof locationSchema>;

/** `PUT /locations`: the same form with the location's id. */
export const locationUpdateSchema = z
  .object({ id, clientId: optionalId.optional(), ...fields })
  .superRefine(withGeography);
export type LocationUpdate = z.output<typeof locationUpdateSchema>;

/** `PUT /locations/disable`. */
export const locationStatusSchema = z.object({
  id,
  status: z.boolean({ error: 'El estado debe ser verdadero o falso' }),
});

/** The fields a form error that has no input of its own is shown for, in the error dialog. */
export const LOCATION_DIALOG_FIELDS = ['geography'] as const;

/** Whether the pattern refers back to a group (`\1` to `\9`, outside or inside brackets); an escaped backslash is not one. */
function hasBackReference(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '\\') continue;
    if (/[1-9]/.test(pattern[i + 1] ?? '')) return true;
    i++;
  }
  return false;
}

/**
 * How big the matcher PostgreSQL builds for the pattern grows: each character, class or escape is 1, a
 * group is what it holds (its alternatives added), and a counted repetition (`{n}`, `{n,}`, `{n,m}`)
 * copies what it repeats as many times as its largest bound (PostgreSQL's compiler unrolls it); `*`, `+`
 * and `?` loop without copying. Nested counts multiply: `(.{0,60}){0,60}` is 3,600, `.{0,255}` is 255.
 */
export function patternSize(pattern: string): number {
  const frames: number[] = [0];
  let last = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '(') {
      frames.push(0);
      last = 0;
      continue;
    }
    if (c === ')') {
      const inner = frames.length > 1 ? frames.pop()! : 0;
      last = Math.max(inner, 1);
      frames[frames.length - 1] += last;
      continue;
    }
    if (c === '{') {
      const counted = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 24));
      if (counted && last > 0) {
        const times = Math.max(Number(counted[1]), Number(counted[3] || 0), 1);
        frames[frames.length - 1] += last * (times - 1);
        last *= times;
        i += counted[0].length - 1;
        continue;
      }
    }
    if (c === '|') {
      last = 0;
      continue;
    }
    if (c === '*' || c === '+' || c === '?' || c === '^' || c === '$') continue;
    if (c === '\\') i++;
    else if (c === '[') {
      // A class to its closing bracket (one right after '[' or '[^' is a member); escapes inside count as one.
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
      i = j;
    }
    last = 1;
    frames[frames.length - 1] += 1;
  }
  return frames.reduce((a, b) => a + b, 0);
}

/** The largest patternSize a search may have: ~30 ms to build on the embedded database, far less on PostgreSQL. */
export const MAX_PATTERN_SIZE = 2000;

/**
 * The list filter is a case-insensitive regular expression (spec 1 §5). PostgreSQL's and
 * JavaScript's dialects differ at the edges; both must accept it, and PostgreSQL's own refusal
 * (SQLSTATE 2201B) is mapped to the same message. A back-reference is refused on its own: it turns
 * PostgreSQL's matcher into a backtracking one, and `^(.*)*(.*)*\1\2$` over 100,000 codes would run for
 * minutes. Counted repetitions are unrolled when the pattern is compiled: `(.{0,60}){0,60}` took 130 ms
 * to build on the embedded database (PGlite, which runs in the server's own thread: every request waits),
 * and `(.{0,120}){0,120}` ten seconds, after which PGlite answered nothing more. What is wrong with the
 * pattern, or null when it may run.
 */
export function searchPatternProblem(pattern: string): string | null {
  if (pattern.length > 200) return LOCATION_TEXT.invalidSearch;
  try {
    new RegExp(pattern, 'i');
  } catch {
    return LOCATION_TEXT.invalidSearch;
  }
  if (hasBackReference(pattern)) return LOCATION_TEXT.backReference;
  return patternSize(pattern) > MAX_PATTERN_SIZE ? LOCATION_TEXT.tooComplex : null;
}

/** Required attributes default to their default value (spec 1 §4): the values a new location starts with. */
export function defaultFeatureValues(features: readonly FeatureLike[]): { featureId: number; id: number }[] {
  const out: { featureId: number; id: number }[] = [];
  for (const f of features) {
    if (!f.isRequired) continue;
    const value = f.values.find((v) => v.isDefault);
    if (value) out.push({ featureId: f.id, id: value.id });
  }
  return out;
}

/** Adds the default value of every required attribute the location has no value for. */
export function withRequiredDefaults(chosen: readonly { id: number; featureId?: number | null }[], features: readonly FeatureLike[]): { featureId: number; id: number }[] {
  const byValue = new Map(features.flatMap((f) => f.values.map((v) => [v.id, f.id] as const)));
  const out = chosen.filter((c) => byValue.has(c.id)).map((c) => ({ featureId: byValue.get(c.id)!, id: c.id }));
  for (const d of defaultFeatureValues(features)) if (!out.some((c) => c.featureId === d.featureId)) out.push(d);
  return out;
}

interface FeatureLike {
  id: number;
  isRequired: boolean;
  values: readonly { id: number; isDefault: boolean }[];
}

/**
 * Folds a place name for matching: case, accents and repeated spaces forgiven. The fold is the searches'
 * (`foldText`, the SQL `campo_fold`): the form's duplicate check finds its candidates by the stored folded
 * name, and must take for one name exactly what the bulk load takes for one.
 */
export function foldName(name: string): string {
  return foldText(name).replace(/\s+/g, ' ').trim();
}

export interface Location extends Omit<LocationInput, 'featureValues'> {
  id: number;
  code: string;
  status: boolean;
  featureValues: { id: number; value: string; featureId: number }[];
  owner: { id: number; fullName: string } | null;
  zoneManagers: { id: number; fullName: string }[];
}

/** What every answer about a point of sale says of it: its codes, its client, its names and street, its state and place. */
const locationBaseAnswer = z.object({
  id: recordId,
  code: z.string(),
  clientId: recordId,
  clientName: z.string(),
  fullName: z.string(),
  clientLocationName: z.string(),
  clientLocationId: z.string().nullable(),
  street: z.string(),
  status: z.boolean(),
  stateName: z.string().nullable(),
  cityName: z.string().nullable(),
});

/** A row of the points of sale's lists. */
export const locationListAnswer = paged(locationBaseAnswer.extend({ telephone: z.string().nullable(), executive: z.string().nullable() }));

/**
 * `GET /locations/:id`: the point of sale's fields (as the form sends them), its place's names, its
 * owner, zone managers and attribute values.
 */
export const locationAnswer = locationBaseAnswer
  .extend({
    countryId: recordId.nullable(),
    stateId: recordId.nullable(),
    cityId: recordId.nullable(),
    countryName: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    emails: z.array(z.string()),
    keysValues: z.array(z.object({ key: z.string(), value: z.string() })),
    createdAt: moment,
    updatedAt: moment,
    ownerId: recordId.nullable(),
    owner: idFullName.nullable(),
    zoneManagersIds: z.array(recordId),
    zoneManagers: z.array(idFullName),
    featureValues: z.array(z.object({ id: recordId, value: z.string(), featureId: recordId })),
  })
  // Its free texts (telephone, zone, executive, manager, hours, observations…): strings or null.
  .catchall(z.string().nullable());

/** `GET /countries`, `/states` and `/cities`: the address cascade's choices, each with the record it hangs from. */
export const countriesAnswer = z.array(idName);
export const statesAnswer = z.array(idName.extend({ countryId: recordId }));
export const citiesAnswer = z.array(idName.extend({ stateId: recordId }));
/** `PUT /locations/disable`: the point of sale and its state now. */
export const locationStatusAnswer = z.object({ id: recordId, status: z.boolean() });
