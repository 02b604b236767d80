/** The shared field rules with their literal Spanish messages (spec 1 §5, spec 3 §5). */
import { z } from 'zod';
import es from 'zod/v4/locales/es.js';
import { formatCount, formatDecimal } from './numbers';

// zod's own messages (a wrong type, a missing key, an unknown enum value) in Spanish too: a rule
// without a message of ours must still answer in the console's language, never 'Invalid input'.
// A value that is missing altogether is 'Requerido', as on every form, not zod's 'Entrada inválida: se
// esperaba arreglo, recibido indefinido' (a message of the schema's own still wins over both).
z.config(es());
z.config({ customError: (issue) => (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null) ? 'Requerido' : undefined) });

export const MSG = {
  required: 'Requerido',
  email: 'Dirección de email inválida',
  url: 'Dirección web inválida. Ej www.campo.com/',
  phone: 'Número de teléfono es inválido',
  password:
    'La contraseña debe tener al menos 8 caracteres, alfanuméricos, al menos 1 número y algún caracter especial como #$!*.:',
  passwordsMatch: 'Las contraseñas deben coincidir',
  latitude: 'Latitud inválida. Controle caracteres inválidos o espacios.',
  longitude: 'Longitud inválida. Controle caracteres inválidos o espacios.',
  dateFormat: 'Formato de fecha inválido',
  /** DD/MM/YYYY shaped, but no such day (31/02/2026). */
  dateValid: 'Debe ingresar fecha válida.',
  yearRange: 'Rango de año válido: entre 1900 y 2100',
  number: 'Debe ser un número',
  positive: 'Debe ser mayor a 0',
  nonNegative: 'Debe ser mayor o igual a 0',
  amount: 'El monto ingresado es inválido',
  weighting: 'Ponderación incorrecta. Debe ser un número entre 0 y 100',
  minLength120: 'Debe ingresar 120 caracteres o más',
  tooLong: 'El campo es demasiado largo',
  /** A text holding a character PostgreSQL cannot store (NUL) or no name holds (a control character). */
  unstorable: 'El texto contiene caracteres no permitidos.',
} as const;

const URL_RE = /^(https?:\/\/)?([\w-]+\.)+[\w-]{2,}(:\d+)?(\/[^\s]*)?$/i;
const PHONE_RE = /^\d{1,20}$/;
const LATITUDE_RE = /^-?(90(\.0+)?|[1-8]?\d(\.\d+)?)$/;
const LONGITUDE_RE = /^-?(180(\.0+)?|(1[0-7]\d|[1-9]?\d)(\.\d+)?)$/;
/**
 * At least 8 characters with a lowercase letter, a digit and a special character: a sign ('#$!*.'), not a
 * letter of another alphabet ('contraseña1' has none).
 */
const PASSWORD_RE = /^(?=.*[a-z])(?=.*\d)(?=.*[^\p{L}\p{N}\s]).{8,}$/u;

/** No dot at either end of either part, and never two in a row ('a..b@campo.test' cannot be delivered to). */
const EMAIL_DOTS_RE = /^\.|\.\.|\.@|@\.|\.$/;
/** The longest address mail can carry (RFC 5321: 254 characters). */
export const MAX_EMAIL = 254;
/**
 * The shape alone (dots aside): one '@' with text on both sides, no spaces, and a dot in the domain with
 * a character before it and two after it; what an account's own address is checked against to restore
 * it, whenever it was made. By hand, in one pass: the pattern it was, /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/,
 * backtracked over every dot of the domain (quadratic: 'a@' and 40,000 dots held the server 4 s).
 */
export const isEmailShaped = (value: string): boolean => {
  // Nor invisible characters: 'admin\u200b@campo.test' reads as another's address and receives no mail.
  if (value.length > MAX_EMAIL || /[\s\p{Cf}]/u.test(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || value.indexOf('@', at + 1) !== -1) return false;
  // The first dot with a character of the domain before it leaves the most after it.
  const dot = value.indexOf('.', at + 2);
  return dot !== -1 && value.length - dot - 1 >= 2;
};
/** ASCII's visible characters and the letters of the Latin script ('é', 'ñ', 'ł', 'ø', 'ß'): no marks, no other script. */
const LATIN_OR_ASCII_RE = /^[\x21-\x7e\p{Script=Latin}]+$/u;
/**
 * Whether every letter reads as what it is: ASCII or a Latin letter ('josé', 'peña.com.ar', 'łukasz'),
 * composed (NFC), and no compatibility form of another (NFKC: a fullwidth 'ａ', a ligature 'ﬁ'). A Cyrillic
 * 'а' or a Greek 'ο' only look Latin: 'аdmin@campo.test' would be another account under an address that
 * reads as someone else's. So would a mark left over after composing (U+034F, a variation selector): it
 * shows nothing, or nothing a reader tells apart.
 */
const readsAsWritten = (value: string): boolean => value.normalize('NFC') === value && value.normalize('NFKC') === value && LATIN_OR_ASCII_RE.test(value);
/**
 * An address to store: its shape, its dots, and letters that read as written (`readsAsWritten`). Accounts
 * made before the rule still log in and restore their password by `isEmailShaped`.
 */
export const isEmail = (value: string): boolean => isEmailShaped(value) && !EMAIL_DOTS_RE.test(value) && readsAsWritten(value);
export const isUrl = (value: string): boolean => URL_RE.test(value);
/**
 * A link as a browser must be given it, or null when it is no link the URL rule accepts. The rule lets
 * the scheme out ('Ej www.campo.com/'), and without one a browser reads the link as a path of the
 * console itself: such a link gets https. Anything but http(s) (a `javascript:` left in the data) is null.
 */
export const absoluteUrl = (value: string): string | null => {
  const link = value.trim();
  if (!isUrl(link)) return null;
  return /^https?:\/\//i.test(link) ? link : `https://${link}`;
};
/**
 * Whether the console may show a link (as `absoluteUrl` gives it) inside a frame: https only. The server's
 * security policy frames https alone (server/securityHeaders.ts `frameSrc`), and a browser blocks an http
 * frame inside an https page anyway: such a link opens in its own tab.
 */
export const isFramable = (href: string): boolean => /^https:\/\//i.test(href);
/** The words of a link that cannot be framed (domain/validation.ts `isFramable`). */
export const UNFRAMABLE_TEXT = {
  title: 'Esta página no puede mostrarse dentro de la consola',
  body: 'Su dirección no es segura (http) y el navegador no la muestra aquí. Ábrala en una pestaña nueva.',
  open: 'Abrir en una pestaña nueva',
} as const;
/**
 * A link the console may open as one: http(s), no spaces nor invisible characters (a direction override
 * shows it reversed, a zero-width space breaks its host), and one a browser can read (a stored
 * 'javascript:' or other scheme, or 'http://' alone, shows as text).
 */
export const isWebLink = (link: string | null | undefined): link is string => {
  if (typeof link !== 'string') return false;
  const trimmed = link.trim();
  if (!/^https?:\/\/[^\s\p{Cf}]+$/iu.test(trimmed)) return false;
  try {
    return new URL(trimmed).hostname !== '';
  } catch {
    return false;
  }
};
export const isStrongPassword = (value: string): boolean => PASSWORD_RE.test(value);

/** Text fields are capped well above any real value so nothing huge reaches the database. */
export const MAX_TEXT = 2000;
/**
 * A text over its cap is refused with that alone: the checks after it (an e-mail's, a link's, a rich
 * text's count) do not read the megabytes a request may bring.
 */
export const tooLong = (max: number) => ({ message: tooLongFor(max), abort: true }) as const;
/**
 * A text over its cap, told the cap: 'El campo es demasiado largo (máximo 120 caracteres)'. The forms whose
 * spec quotes the bare message (a question's texts, a push, a move's forms) keep it as quoted.
 */
export const tooLongFor = (max: number): string => `${MSG.tooLong} (máximo ${formatCount(max)} caracteres)`;

/**
 * Spaces and invisible format characters (zero-width space, joiners, marks: Unicode Cf) at either end
 * go: a text of only those is empty. `String.prototype.trim` leaves U+200B, so '\u200b' passed 'Requerido'
 * and stored a blank-looking name. Inside a text they stay (an emoji sequence joins with U+200D).
 */
export function trimText(value: string): string {
  // By hand, not with /[…]+$/: that pattern backtracks over every inner run of spaces (quadratic: a
  // 200,000-space login e-mail held the server for almost a minute). Tag characters (U+E0020–E007F,
  // also Cf) end a subdivision flag emoji: they stay.
  let start = 0;
  let end = value.length;
  while (start < end) {
    const code = value.codePointAt(start)!;
    if (!isTrimmed(code)) break;
    start += code > 0xffff ? 2 : 1;
  }
  while (end > start) {
    const low = value.charCodeAt(end - 1);
    const pair = low >= 0xdc00 && low <= 0xdfff && end - 2 >= start ? value.codePointAt(end - 2)! : low;
    const code = pair > 0xffff ? pair : low;
    if (!isTrimmed(code)) break;
    end -= code > 0xffff ? 2 : 1;
  }
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/**
 * A text in the one form Unicode gives each accented letter (NFC): 'é' typed as 'e' and a combining accent
 * (a copy from a PDF, a Mac's keyboard) is the same 'é' a Spanish keyboard types, and so it is stored and
 * compared. A text over the cap is left as it is: its rule refuses it without reading it all.
 */
export const composed = (value: string): string => (value.length > MAX_TEXT ? value : value.normalize('NFC'));

/** A joiner that ends an emoji's part (a person, a gesture, with its presentation or skin tone)… */
const EMOJI_BEFORE = /\p{Extended_Pictographic}(?:\uFE0F|[\u{1F3FB}-\u{1F3FF}])?$/u;
/** …and the part it joins it to. */
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;
/** A subdivision flag so far: the black flag and the tags after it (at most seven: 'gbsct' and its end). */
const FLAG_BEFORE = /\u{1F3F4}[\u{E0020}-\u{E007E}]{0,6}$/u;
/**
 * A text without the invisible format characters (Unicode Cf) inside it: zero-width spaces, direction marks
 * and overrides, soft hyphens. A name or a code is unique as read, and 'Café\u200b del Plata' reads as
 * 'Café del Plata'. What an emoji is made of stays: the joiner between two of its parts (U+200D after a
 * pictograph and before another) and the tag characters of a subdivision flag (after its black flag); a
 * joiner or a tag anywhere else joins nothing, and goes too.
 */
export function withoutInvisible(value: string): string {
  if (!/\p{Cf}/u.test(value)) return value;
  const kept: string[] = [];
  // The last characters kept, what a joiner or a tag is read against (a flag's tags follow one another).
  let tail = '';
  let last = 0;
  for (const match of value.matchAll(/\p{Cf}/gu)) {
    const at = match.index;
    const char = match[0];
    const code = char.codePointAt(0)!;
    const between = value.slice(last, at);
    const before = (tail + between).slice(-16);
    const keep =
      (code >= 0xe0020 && code <= 0xe007f && FLAG_BEFORE.test(before)) ||
      (code === 0x200d && EMOJI_BEFORE.test(before.slice(-6)) && EMOJI_AFTER.test(value.slice(at + 1, at + 3)));
    kept.push(between);
    if (keep) kept.push(char);
    tail = keep ? before + char : before;
    last = at + char.length;
  }
  kept.push(value.slice(last));
  return kept.join('');
}

/**
 * A name as it reads, stored and compared so: no invisible characters inside (`withoutInvisible`), then
 * accents in one form (`composed`: an invisible character between a letter and its accent kept them
 * apart), and inner runs of spaces (no-break ones too) as one space ('QA  Cliente' is 'QA Cliente').
 */
export const asRead = (value: string): string => composed(withoutInvisible(value)).replace(/\s+/g, ' ');
/** A name as read, for comparing: outer spaces, inner runs of spaces, invisible characters and capitals aside. */
export const nameKey = (value: string): string => asRead(trimText(value)).toLowerCase();

const TRIMMED = /^[\s\p{Cf}]$/u;
const isTrimmed = (code: number): boolean => !(code >= 0xe0020 && code <= 0xe007f) && TRIMMED.test(String.fromCodePoint(code));

/**
 * A text whose absence says `missing` (a form's own 'Campo requerido'); a value that is no text at all
 * says 'Debe ser un texto.', not that it is missing.
 */
export const textOr = (missing: string) => z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing : undefined) });

/**
 * Empty, whitespace-only or invisible-only gives 'Requerido' (missing too, by the config above); a value
 * that is no text at all (`fullName: 123`, sent by hand) is 'Debe ser un texto.', not 'Requerido'.
 */
/** A text as the common rules store it: trimmed of spaces and invisible characters, its accents composed. */
const textIn = (value: string): string => composed(trimText(value));
/** Required, a text past MAX_TEXT refused at once (nothing after reads it), told the field's own cap. */
const within = (max: number) => z.string().overwrite(textIn).min(1, MSG.required).max(MAX_TEXT, tooLong(max));
/** A required text of at most `max` characters, told its cap when longer, however much longer. */
export const requiredText = (max: number) => within(max).max(max, tooLong(max));
export const required = requiredText(MAX_TEXT);
/** A name unique as read (docs/decisions.md, `asRead`): required, at most `max` characters as read. */
export const nameText = (max: number) => within(max).overwrite(asRead).max(max, tooLongFor(max));
/**
 * An optional text: absent, null or empty (or only spaces and invisible characters) become null; past
 * MAX_TEXT refused at once, told the field's own cap `max`, which the caller checks after its own
 * transforms (a code read as read, a reason of 1000).
 */
export const optionalWithin = (max: number) =>
  z
    .string()
    .overwrite(textIn)
    .max(MAX_TEXT, tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));
export const optionalText = optionalWithin(MAX_TEXT);

/**
 * A check of a required text's content, passed by an empty one: that is told 'Requerido' alone, not also
 * that its content is invalid (a bulk load's line said both of an empty cell). The form shows a field's
 * first message anyway; the API's and the loads' lists show them all.
 */
const whenFilled = (test: (value: string) => boolean) => (value: string) => value === '' || test(value);
/** An address: 'El campo es demasiado largo' past what mail carries (254), then its shape. */
export const email = requiredText(MAX_EMAIL).refine(whenFilled(isEmail), MSG.email);
export const url = required.refine(whenFilled(isUrl), MSG.url);
export const optionalUrl = optionalText.refine((v) => v === null || isUrl(v), MSG.url);
export const phone = z
  .string({ error: MSG.phone })
  .trim()
  .regex(PHONE_RE, MSG.phone);
export const optionalPhone = optionalText.refine((v) => v === null || PHONE_RE.test(v), MSG.phone);
export const latitude = required.refine(whenFilled((v) => LATITUDE_RE.test(v)), MSG.latitude);
export const longitude = required.refine(whenFilled((v) => LONGITUDE_RE.test(v)), MSG.longitude);
export const newPassword = z.string().min(1, MSG.required).max(200, tooLong(200)).refine(whenFilled(isStrongPassword), MSG.password);
/** The largest value of a PostgreSQL integer column: ids past it cannot exist (and must not reach SQL). */
/**
 * An upload over its route's limit, said with the limit (in whole MB): by the console as soon as the file
 * is chosen, and by the server (413) when a client sends it anyway.
 */
export const fileTooLarge = (maxBytes: number): string => `El archivo supera el tamaño máximo permitido (${Math.round(maxBytes / 1024 / 1024)} MB).`;

/**
 * What a refusal of a file's kind names ('{type} no es un formato soportado.'): its type, unless the type says
 * nothing (none, `application/octet-stream`) or is one of the accepted `types`; then its name's extension
 * refused it, and that is named ('.txt' for locales.txt sent as text/plain or text/csv, where the type named
 * the CSV itself as not supported). The console's picker and the server say the same.
 */
export function refusedKind(name: string, type: string, types: readonly string[]): string {
  const told = type !== '' && type !== 'application/octet-stream' && !types.includes(type.toLowerCase());
  return told ? type : (/\.[^./\\]+$/.exec(name)?.[0] ?? 'El archivo');
}

/** An upload whose body ended before its closing boundary (a tab closed mid-upload, a dropped connection) or is no multipart. */
export const UPLOAD_CUT = 'El archivo no llegó completo (el envío se interrumpió o no es un formulario válido): no se cargó nada. Vuelva a subirlo.';

/**
 * The shapes the API documentation shows for a schema whose input it cannot read (a transform that picks its
 * own schema by the body, over `unknown`): server/http.ts `toJsonSchema` writes `shape` in its place.
 */
export const DOCUMENTED_AS = new WeakMap<object, z.ZodType>();
export const documentedAs = <S extends z.ZodType>(schema: S, shape: z.ZodType): S => {
  DOCUMENTED_AS.set(schema, shape);
  return schema;
};

export const MAX_ID = 2_147_483_647;
export const INVALID_ID = 'Identificador inválido';
/**
 * A record's id: a number, or a string of digits (a path or a query). Nothing else is read as one: a
 * coercion made `true` record 1 and `[6]`, '0x6', ' 6 ' or '6e0' record 6, and acted on them.
 */
/** An id written as text: digits only, at most ten (MAX_ID has ten). */
const ID_DIGITS = /^\d{1,10}$/;
/** A missing id (or null) is `whenMissing` ('Requerido', as any missing value); one that is there but no id is `message`. */
export const idSaying = (message: string, whenMissing: string = MSG.required) =>
  z
    .union([z.number().int(message), z.string().regex(ID_DIGITS, message)], { error: (issue) => (issue.input === undefined || issue.input === null ? whenMissing : message) })
    .transform(Number)
    .pipe(z.number().int(message).positive(message).max(MAX_ID, message));
export const id = idSaying(INVALID_ID);

/** Whether `value` is an id as `id` reads one, without building an error for it. */
export const isIdValue = (value: unknown): boolean =>
  (typeof value === 'number' ? Number.isInteger(value) : typeof value === 'string' && ID_DIGITS.test(value)) && Number(value) >= 1 && Number(value) <= MAX_ID;

/**
 * Up to `max` ids, read in one pass that stops at the first that is not one: as `z.array(id)`, a list of
 * 100,000 bad ids was 100,000 errors (0.7 s of the server, and an answer of megabytes naming each).
 * Documented as the list of ids it is.
 */
export const idsUpTo = (max: number) =>
  documentedAs(
    z
      .array(z.unknown())
      .max(max)
      .transform((items, ctx) => {
        const bad = items.findIndex((item) => !isIdValue(item));
        if (bad < 0) return items.map(Number);
        const missing = items[bad] === undefined || items[bad] === null;
        ctx.addIssue({ code: 'custom', path: [bad], message: missing ? MSG.required : INVALID_ID, input: items[bad] });
        return z.NEVER;
      }),
    z.array(id).max(max),
  );

/**
 * An id a form may leave empty: '', null and absent are null; anything else must be an id as `id` reads
 * one (`true`, `[1]` or '1e0' in a body were read as record 1: a client type, a country, a user's client).
 */
export const optionalIdSaying = (message: string) => z.preprocess((v) => (v === '' || v === undefined ? null : v), idSaying(message).nullable());

/**
 * A reference picked in a select: missing or empty gives `whenMissing` (the form's 'Requerido' or
 * 'Seleccione un cliente'); anything that can be no id ('abc', 0, 1e20) is 'Identificador inválido', as
 * the API says it about a path's id. A digit string is read as its number.
 */
export const pickedId = (whenMissing: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? whenMissing : INVALID_ID) })
      .int(INVALID_ID)
      .positive(INVALID_ID)
      .max(MAX_ID, INVALID_ID),
  );

/** Parses DD/MM/YYYY into an ISO date (YYYY-MM-DD), or gives the spec's message. */
export function parseDisplayDate(text: string): { date: string } | { error: string } {
  // DD/MM/AAAA, or its eight digits alone ('10112026'): a phone's numeric keypad has no '/'.
  const typed = text.trim();
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(typed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  if (!match) return { error: MSG.dateFormat };
  const [, dd, mm, yyyy] = match;
  const year = Number(yyyy);
  const month = Number(mm);
  const day = Number(dd);
  // setUTCFullYear, not Date.UTC: that one reads years 0–99 as 1900–1999.
  const probe = new Date(0);
  probe.setUTCFullYear(year, month - 1, day);
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return { error: MSG.dateValid };
  }
  if (year < 1900 || year > 2100) return { error: MSG.yearRange };
  return { date: `${yyyy}-${mm}-${dd}` };
}

/** A DD/MM/YYYY text input that parses into an ISO date. */
export const displayDate = textOr(MSG.required).transform((text, ctx) => {
  const parsed = parseDisplayDate(text);
  if ('error' in parsed) {
    // Left empty, it is missing (as `dateValue` says), not badly written.
    ctx.addIssue({ code: 'custom', message: text.trim() ? parsed.error : MSG.required });
    return z.NEVER;
  }
  return parsed.date;
});

/** A date typed as DD/MM/YYYY in a form or sent as YYYY-MM-DD by the API; ISO out, same messages. */
export const dateValue = textOr(MSG.required).transform((text, ctx) => {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const parsed = parseDisplayDate(iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : text);
  if ('error' in parsed) {
    ctx.addIssue({ code: 'custom', message: text.trim() ? parsed.error : MSG.required });
    return z.NEVER;
  }
  return parsed.date;
});

/** The platform's time zone: Argentina, where it works. */
export const PLATFORM_TIME_ZONE = 'America/Argentina/Buenos_Aires';
// Made once: building an Intl.DateTimeFormat costs ~100 µs (it loads the zone's data), formatting ~2 µs.
// The projects list asked for today on every request; a new formatter each time was 7 % of its CPU.
const argentineDay = new Intl.DateTimeFormat('en-CA', { timeZone: PLATFORM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The last day `todayIso` formatted, and the minute it was for. */
let formatted: { minute: number; iso: string } | null = null;

/**
 * Today (YYYY-MM-DD) in Argentina, where the platform works: console and server agree on it. Formatted
 * once a minute: every time zone's days start on a whole minute, and formatting costs ~4 µs, which a
 * page of the assignment's stock paid five times.
 */
export function todayIso(now = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (formatted?.minute !== minute) formatted = { minute, iso: argentineDay.format(now) };
  return formatted.iso;
}

/**
 * The help under a start date (a campaign's, a project's): from today and, when given, from another date
 * (its campaign's start). A kept start already past says so first: 'Desde hoy' under it read as a
 * contradiction, since the date shown is earlier and stays valid while it is not changed.
 */
export function startDateHint(kept: string | null | undefined, notBefore?: string, today = todayIso()): string {
  const rule = notBefore ? `desde hoy y desde el ${formatDisplayDate(notBefore)}` : 'DD/MM/AAAA, desde hoy';
  if (kept && kept.slice(0, 10) < today) return `Ya comenzó. Otra fecha: ${rule}`;
  return `${rule[0].toUpperCase()}${rule.slice(1)}`;
}

/** The calendar day `days` after (or before, when negative) an ISO day: '2026-02-28' + 1 = '2026-03-01'. */
export function addDaysIso(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first of the month `months` after (or before) the month of an ISO day: ('2026-11-30', 3) → '2027-02-01'. */
export function monthStartIso(iso: string, months: number): string {
  const [year, month] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

/** The day `days` from today in Argentina (YYYY-MM-DD). */
export const isoInDays = (days: number, now = new Date()): string => addDaysIso(todayIso(now), days);

const argentineMoment = new Intl.DateTimeFormat('en-GB', {
  timeZone: PLATFORM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Argentina's day and time of an instant, as Intl writes each part ('05', '2026', '21'…). */
function argentineParts(moment: Date): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of argentineMoment.formatToParts(moment)) part[p.type] = p.value;
  return part;
}

/**
 * The stamp of a file the console saves, as digits (`{ date: '20261204', time: '214300' }`), in Argentina like
 * every date it shows: a browser set to UTC stamped a users export made at 21:43 in Buenos Aires with the next day.
 */
export function fileStamp(now = new Date()): { date: string; time: string } {
  const part = argentineParts(now);
  return { date: `${part.year}${part.month}${part.day}`, time: `${part.hour}${part.minute}${part.second}` };
}

/** A quarter of an hour: the span over which Argentina's offset from UTC is read once. */
const QUARTER_HOUR = 900_000;
/** Argentina's offset from UTC (ms) in each quarter hour asked so far, by the quarter's number since 1970; null: it changed inside it. */
const argentineOffsets = new Map<number, number | null>();
/** Enough quarters for ten years of instants; past it the map starts over rather than grow. */
const OFFSETS_KEPT = 350_000;

/** Argentina's offset from UTC (ms) at a whole second, as Intl reads it. */
function argentineOffsetAt(time: number): number {
  const part = argentineParts(new Date(time));
  const shown = new Date(0);
  shown.setUTCFullYear(Number(part.year), Number(part.month) - 1, Number(part.day));
  shown.setUTCHours(Number(part.hour), Number(part.minute), Number(part.second));
  return shown.getTime() - time;
}

/**
 * Argentina's wall clock at an instant, as the UTC timestamp whose UTC fields read its digits (its
 * getUTCHours() is the hour shown in Buenos Aires). Intl reads the zone's offset at the first and the last
 * second of the instant's quarter hour, once: formatting each instant with Intl took ~6 µs, and an export
 * of 100,000 moves formats ~400,000 of them (2.6 s of its 4 s of writing the sheet, in the export's worker).
 * Null, for the caller to ask Intl itself, where the offset changed inside the quarter (Argentina's clock has
 * changed on whole hours since 1920; before, at 03:53:48 and 04:16:48 UTC) and outside the years 1000–9999,
 * which Intl writes with other than four digits.
 */
export function argentineWallClock(time: number): number | null {
  const quarter = Math.floor(time / QUARTER_HOUR);
  let offset = argentineOffsets.get(quarter);
  if (offset === undefined) {
    const first = argentineOffsetAt(quarter * QUARTER_HOUR);
    offset = argentineOffsetAt((quarter + 1) * QUARTER_HOUR - 1000) === first ? first : null;
    if (argentineOffsets.size >= OFFSETS_KEPT) argentineOffsets.clear();
    argentineOffsets.set(quarter, offset);
  }
  if (offset === null) return null;
  const wall = time + offset;
  const year = new Date(wall).getUTCFullYear();
  return year >= 1000 && year <= 9999 ? wall : null;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
/** The day a timestamp's UTC fields read, as DD/MM/YYYY. */
const utcDay = (d: Date) => `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;

/**
 * Formats an ISO date or date-time as DD/MM/YYYY (optionally with HH:mm); missing gives 'Sin Datos'.
 * A date-time is shown in Argentina, as every day the platform counts (payments, reports, 'hoy'): a
 * browser set elsewhere showed a move approved at 21:41 in Buenos Aires as the next day, and the payment
 * dialog then refused that day as "before the debt was born". The server's exports read the same.
 */
export function formatDisplayDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return 'Sin Datos';
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return 'Sin Datos';
  if (iso.length === 10) return utcDay(d);
  const wall = argentineWallClock(d.getTime());
  if (wall !== null) {
    const shown = new Date(wall);
    const date = utcDay(shown);
    return withTime ? `${date} ${pad2(shown.getUTCHours())}:${pad2(shown.getUTCMinutes())}` : date;
  }
  const part = argentineParts(d);
  const date = `${part.day}/${part.month}/${part.year}`;
  return withTime ? `${date} ${part.hour}:${part.minute}` : date;
}

/**
 * How many characters a person counts in `text`: code points, so that an emoji is one ('🎉' is two
 * UTF-16 units, what `.length` counts), as PostgreSQL counts a varchar's length.
 */
export const characters = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/** A table cell: empty gives '-'; long texts are cut to 10 characters plus an ellipsis. */
export function cellText(value: unknown, truncate = false): string {
  if (value === null || value === undefined || value === '') return '-';
  const text = String(value);
  if (!truncate) return text;
  // Counted and cut by what a reader sees as one character (an emoji, a flag, a letter with its accent):
  // cut by UTF-16 units, '🎉' was split in half and shown as '�'.
  const shown = graphemes(text);
  return shown.length > 15 ? `${shown.slice(0, 10).join('')}…` : text;
}

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('es', { granularity: 'grapheme' }) : null;
/** The text's user-perceived characters (grapheme clusters; code points where Intl.Segmenter is missing). */
export const graphemes = (text: string): string[] => (segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text));

/** Flattens zod issues into `{ field: message }`, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issuesInOrder(error)) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in out)) out[key] = issueMessage(issue);
  }
  return out;
}

/**
 * The issues, most telling first: zod's own "safe integer" range of `.int()` (±9007199254740991) yields
 * to the field's real limit when that one failed too (1e20 as a page size says 'como máximo 1000').
 */
export function issuesInOrder(error: z.ZodError): z.core.$ZodIssue[] {
  const safeRange = (i: z.core.$ZodIssue) => (i.code === 'too_big' || i.code === 'too_small') && i.origin === 'int';
  return [...error.issues.filter((i) => !safeRange(i)), ...error.issues.filter(safeRange)];
}

/** The openings of zod's own Spanish messages (its locale), which name no field: the ones we reword. */
export const ZOD_OWN_MESSAGE = /^(Entrada inválida|Opción inválida|Demasiado|Cadena inválida|Número inválido|Inválido|Llaves? |Valor inválido)/;

const EXPECTED: Record<string, string> = {
  number: 'un número',
  int: 'un número entero',
  bigint: 'un número entero',
  boolean: 'verdadero o falso',
  string: 'un texto',
  object: 'un objeto',
  array: 'una lista',
  date: 'una fecha',
};

/** '1 carácter', '5 caracteres', '1 elemento'… of a length limit. */
function units(n: number | bigint, origin: string): string {
  const one = Number(n) === 1;
  if (origin === 'string') return `${formatCount(Number(n))} ${one ? 'carácter' : 'caracteres'}`;
  return `${formatCount(Number(n))} ${one ? 'elemento' : 'elementos'}`;
}

/** A bigint's digits with the thousands dotted (`formatCount` takes a number, which rounds past 2^53). */
const formatBigInt = (value: bigint) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * A limit as read: a date limit (zod gives epoch milliseconds) as DD/MM/YYYY; a number as the console writes
 * figures ('1.000', '0,01').
 */
const limitText = (value: number | bigint, origin: string) =>
  origin === 'date' ? formatDisplayDate(new Date(Number(value)).toISOString().slice(0, 10)) : typeof value === 'bigint' ? formatBigInt(value) : formatDecimal(value);

const valueText = (value: unknown) => (value === true ? 'verdadero' : value === false ? 'falso' : String(value));

/**
 * A rule's own message, or, where only zod's generic one exists ('Entrada inválida: se esperaba número,
 * recibido NaN', 'Demasiado grande: se esperaba que número fuera <=1000'), the same said plainly.
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (!ZOD_OWN_MESSAGE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `Debe ser ${EXPECTED[issue.expected] ?? 'un valor válido'}.`;
    case 'too_big':
    case 'too_small': {
      const big = issue.code === 'too_big';
      const limit = big ? issue.maximum : issue.minimum;
      const inclusive = issue.inclusive !== false;
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        const amount = units(limit, issue.origin);
        if (issue.exact) return `Debe tener exactamente ${amount}.`;
        if (big) return inclusive ? `Admite hasta ${amount}.` : `Admite menos de ${amount}.`;
        return inclusive ? `Debe tener al menos ${amount}.` : `Debe tener más de ${amount}.`;
      }
      const at = issue.origin === 'date' ? 'el ' : '';
      const shown = limitText(limit, issue.origin);
      if (big) return inclusive ? `Debe ser como máximo ${at}${shown}.` : `Debe ser menor que ${at}${shown}.`;
      return inclusive ? `Debe ser al menos ${at}${shown}.` : `Debe ser mayor que ${at}${shown}.`;
    }
    case 'invalid_value':
      return `Debe ser ${issue.values.map(valueText).join(' o ')}.`;
    case 'unrecognized_keys':
      return issue.keys.length === 1 ? `No se admite el campo ${issue.keys[0]}.` : `No se admiten los campos ${issue.keys.join(', ')}.`;
    case 'not_multiple_of':
      return `Debe ser múltiplo de ${typeof issue.divisor === 'bigint' ? formatBigInt(issue.divisor) : formatDecimal(issue.divisor)}.`;
    case 'invalid_format':
      if (issue.format === 'starts_with') return `Debe empezar con «${(issue as { prefix?: string }).prefix ?? ''}».`;
      if (issue.format === 'ends_with') return `Debe terminar con «${(issue as { suffix?: string }).suffix ?? ''}».`;
      if (issue.format === 'includes') return `Debe incluir «${(issue as { includes?: string }).includes ?? ''}».`;
      return 'No tiene el formato esperado.';
    default:
      return 'Valor inválido.';
  }
}

/**
 * Neutralises a CSV cell that a spreadsheet program would run as a formula when it opens the file (CSV has
 * no types: '=1+1' is a formula there). Not for .xls/.xlsx: a text cell there is never a formula, and the
 * `'` would show.
 */
export function safeCell(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The longest text a list's search box takes (the server refuses longer ones, naming the limit). */
export const SEARCH_MAX_LENGTH = 200;

/** A list's offset: bounded, so a hostile query cannot ask for an absurd one. */
export const offsetParam = z.coerce.number().int().min(0).max(10_000_000).default(0);
/** A list's page size, from 1 to `max` (1000 unless said), `fallback` when absent. */
export const limitParam = (fallback: number, max = 1000) => z.coerce.number().int().min(1).max(max).default(fallback);
/** ASC or DESC, any case. */
export const orderParam = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(['ASC', 'DESC']));
