import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DOCUMENTED_AS, fieldErrors, fileTooLarge, issueMessage, issuesInOrder, limitParam, MSG, offsetParam, orderParam, SEARCH_MAX_LENGTH, UPLOAD_CUT, ZOD_OWN_MESSAGE } from '../domain/validation';
import { databaseUnavailable, pgErrorCode } from './db/errors';

/** The one error shape every route answers with: `{ message, errors? }`, in Spanish. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** More of the answer, beside `message` and `errors`: what a screen needs to offer a way out (see payments). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * A multipart file part read whole, or a 413 that names the route's limit when the part was cut at it
 * (busboy stops reading there, so the file never sits whole in memory).
 */
export async function partWithin(part: { toBuffer(): Promise<Buffer> }, maxBytes: number): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, fileTooLarge(maxBytes));
    throw error;
  }
}

/**
 * Reads an upload's multipart body part by part (`onPart` for each, as it comes). What the reading itself
 * throws (busboy's 'Part terminated early…', 'Boundary not found', a stream closed before its end: a tab
 * closed mid-upload, a dropped connection) is a 400 that says nothing was loaded, not a 500 logged as
 * unexpected; what `onPart` throws (a 413, a 415, a field's 400) and the limits' errors go on as they are.
 */
export async function readMultipart<Part>(request: FastifyRequest, parts: () => AsyncIterable<Part>, onPart: (part: Part) => Promise<void> | void): Promise<void> {
  try {
    for await (const part of parts()) await onPart(part);
  } catch (error) {
    if (error instanceof HttpError || (error as FastifyError).statusCode !== undefined) throw error;
    request.log.info({ err: error }, 'upload cut short');
    throw new HttpError(400, UPLOAD_CUT);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const notFound = (message = 'No se encontró el recurso solicitado.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const INVALID_DATA = 'Revise los datos ingresados.';
/** A write that came with no data at all: zod's 'Requerido' named nothing (sent by hand, never by the console). */
export const NO_BODY = 'La solicitud no trae datos: envíelos como un objeto JSON.';

export const UNSTORABLE_TEXT = MSG.unstorable;

/** Paths of the strings holding U+0000, which PostgreSQL text cannot store. */
function nulPaths(value: unknown, path: string, out: string[]): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path || '_');
  } else if (Array.isArray(value) || (value !== null && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value)))) {
    for (const [key, item] of Object.entries(value)) nulPaths(item, path ? `${path}.${key}` : key, out);
  }
  return out;
}

/**
 * Validates with a zod schema; a failure is a 400 whose field errors land on their inputs.
 * The validated value is what reaches SQL, so a NUL character in any of its texts is refused too.
 */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) {
    const nul = nulPaths(result.data, '', []);
    if (nul.length) throw badRequest(INVALID_DATA, Object.fromEntries(nul.map((path) => [path, UNSTORABLE_TEXT])));
    return result.data;
  }
  const errors = fieldErrors(result.error);
  const first = Object.values(errors)[0];
  throw badRequest(Object.keys(errors).length === 1 && errors._ ? first : INVALID_DATA, errors);
}

/** No data at all where the route takes an object: said so, not as a field's 'Requerido' of no field. */
const missingBody = (schema: z.ZodType, data: unknown): boolean => (data === undefined || data === null) && !schema.safeParse(data).success;

/**
 * Route schemas are zod schemas: Fastify validates (and coerces) with them, and the OpenAPI
 * document is generated from them.
 */
export function applyZodSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(zodValidator);
}

/** Validates (and coerces) one part of a request with its route's zod schema; an address's problem said in full. */
function zodValidator({ schema, httpPart }: { schema: unknown; httpPart?: string }) {
  const zodSchema = schema as unknown as z.ZodType;
  const inAddress = httpPart === 'querystring' || httpPart === 'params';
  return (data: unknown) => {
    if (httpPart === 'body' && missingBody(zodSchema, data)) return { error: badRequest(NO_BODY, { _: NO_BODY }) };
    try {
      return { value: parse(zodSchema, data) };
    } catch (error) {
      if (!inAddress || !(error instanceof HttpError) || !error.errors) return { error: error as Error };
      const failed = zodSchema.safeParse(data).error;
      const issue = failed && issuesInOrder(failed)[0];
      if (!issue) return { error };
      // `a=1&a=2` reaches the schema as an array: whatever it then says ('Requerido', a type), the
      // problem is the repetition.
      const key = String(issue.path[0] ?? '');
      if (httpPart === 'querystring' && key && Array.isArray((data as Record<string, unknown> | null)?.[key])) {
        const message = repeatedInAddress(key);
        return { error: new HttpError(400, message, { [key]: message }) };
      }
      return { error: new HttpError(400, addressProblem(issue, httpPart === 'params'), error.errors) };
    }
  };
}

const ADDRESS_LABELS: Record<string, string> = {
  q: 'La búsqueda',
  name: 'La búsqueda',
  searchValue: 'La búsqueda',
  offset: 'La posición de la página',
  limit: 'El tamaño de página',
  sort: 'La columna de orden',
  order: 'El sentido del orden',
  id: 'El identificador',
};

/** A parameter the address repeats where the route takes one value. */
export const repeatedInAddress = (key: string) => {
  const label = ADDRESS_LABELS[key] ?? `El filtro «${key}»`;
  return `La dirección repite ${label.charAt(0).toLowerCase()}${label.slice(1)}: debe ir una sola vez.`;
};

/**
 * What a list's address (filters, search, page, sort) got wrong, said in full: no input shows these
 * errors, so the message is the only thing the console can put on screen.
 */
export function addressProblem(issue: z.core.$ZodIssue, inPath = false): string {
  const key = issue.path.map(String).join('.');
  const label = ADDRESS_LABELS[key] ?? (inPath ? `El dato «${key}» de la dirección` : `El filtro «${key || 'de la lista'}»`);
  const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
  // A missing one is named: 'Requerido.' alone did not say which ('Falta el filtro «projectId».').
  if (issue.message === MSG.required) return `Falta ${label.charAt(0).toLowerCase()}${label.slice(1)}.`;
  if (!ZOD_OWN_MESSAGE.test(issue.message)) return sentence(issue.message);
  // What an address carries is whole numbers: pages, sizes, ids.
  if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int')) return `${label} debe ser un número entero.`;
  const plain = issueMessage(issue);
  if (plain === 'Valor inválido.') return `${label} no es válido.`;
  return `${label} ${plain.charAt(0).toLowerCase()}${plain.slice(1)}`;
}


export function toJsonSchema(schema: unknown, io: 'input' | 'output' = 'input'): unknown {
  if (schema instanceof z.ZodType) {
    try {
      return z.toJSONSchema(schema, {
        io,
        unrepresentable: 'any',
        // A body read by its own transform shows the shapes it takes (domain/validation.ts `documentedAs`).
        override: (ctx) => {
          const shape = DOCUMENTED_AS.get(ctx.zodSchema);
          if (!shape) return;
          const { $schema: _dialect, ...documented } = z.toJSONSchema(shape, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
          Object.assign(ctx.jsonSchema, documented);
        },
      });
    } catch {
      return {};
    }
  }
  return schema;
}

export const CONCURRENT_CHANGE = 'Otra operación estaba modificando los mismos datos en ese momento: no se guardó nada. Intente nuevamente.';
export const KEY_CONFLICT = 'Algo de lo que se guardaba fue quitado o guardado por otra persona en ese momento: no se guardó nada. Vuelva a cargar la página e intente nuevamente.';

export const VALUE_TOO_LARGE = 'Uno de los textos enviados es demasiado largo para guardarse.';

export const DATABASE_UNAVAILABLE = 'La base de datos no está disponible en este momento. Intente nuevamente en unos segundos.';

/**
 * Node's HTTP parser refusing a request before Fastify sees it (a malformed request line, a bad
 * Content-Length or chunk, a header section too large, too slow): the one Spanish shape as well, not
 * Fastify's English `{"error":"Bad Request","message":"Client Error"}`. The connection then closes.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'Las cabeceras de la solicitud son demasiado grandes.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'La solicitud tardó demasiado en llegar.']
        : [400, 'Bad Request', 'La solicitud no es válida.'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Maps every failure to the one Spanish error shape; unexpected ones are logged and hidden. */
export function errorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    if (error.statusCode === 503) reply.header('retry-after', '5');
    return reply.status(error.statusCode).send({ ...error.details, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return reply.status(429).send({ message: 'Demasiados intentos. Espere un momento y vuelva a intentarlo.' });
  // More files than the upload takes (one): not a size problem, whatever @fastify/multipart's status says.
  if (error.code === 'FST_FILES_LIMIT') return reply.status(400).send({ message: 'Se admite un solo archivo por carga.' });
  if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
    return reply.status(413).send({ message: 'El archivo o el contenido enviado es demasiado grande.' });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send({ message: 'Tipo de contenido no soportado.' });
  // 'content-type: application/json' with nothing after it: no data, as an absent body (NO_BODY), not a malformed one.
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return reply.status(400).send({ message: NO_BODY, errors: { _: NO_BODY } });
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ message: error.code?.startsWith('FST_ERR_CTP') ? 'El cuerpo de la solicitud no es válido.' : INVALID_DATA });
  }
  // Two requests changing the same rows at once that PostgreSQL could only end by cancelling one
  // (a deadlock, a serialization failure): the loser changed nothing and may simply try again.
  const code = pgErrorCode(error);
  if (code === '40P01' || code === '40001') {
    request.log.warn({ err: error }, 'concurrent change');
    return reply.status(409).send({ message: CONCURRENT_CHANGE });
  }
  // A key that a route does not answer itself: what was saved points to something removed meanwhile
  // (a value of an attribute, taken out while a point of sale chose it), or someone saved the same at
  // once. Nothing was written (the transaction rolled back): a 409 in Spanish, not a 500; logged to see.
  if (code === '23503' || code === '23505') {
    request.log.warn({ err: error }, 'key conflict');
    return reply.status(409).send({ message: KEY_CONFLICT });
  }
  // A value past what PostgreSQL holds in one index entry (a text no route's limit foresaw): refused,
  // nothing written, rather than a 500.
  if (code === '54000') {
    request.log.warn({ err: error }, 'value too large for the database');
    return reply.status(400).send({ message: VALUE_TOO_LARGE });
  }
  // A text PostgreSQL cannot store (a NUL, or a character the encoding lacks) that no route's check saw:
  // refused, nothing written.
  if (code === '22021' || code === '22P05') {
    request.log.warn({ err: error }, 'text the database cannot store');
    return reply.status(400).send({ message: UNSTORABLE_TEXT });
  }
  if (databaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return reply.status(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE });
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.status(500).send({ message: 'Ha ocurrido un error inesperado. Intente nuevamente.' });
}

/** Query-string helpers for lists: paging and sorting are always bounded. */
export const listQuery = z.object({
  offset: offsetParam,
  limit: limitParam(20),
  order: orderParam.default('ASC'),
  sort: z.string().max(60).optional(),
  q: z.string().max(SEARCH_MAX_LENGTH).optional(),
});

export const booleanQuery = z
  .enum(['true', 'false'], { error: 'Debe ser true o false' })
  .transform((v) => v === 'true');

/**
 * A route's validator like the default one, except that when every error belongs to `formLevel`
 * fields (rules with no input of their own, which the console shows in its error dialog), the
 * answer's message is that rule's own Spanish message.
 */
export function formLevelValidator(formLevel: readonly string[]) {
  const owns = (key: string) => formLevel.some((f) => key === f || key.startsWith(`${f}.`));
  return ({ schema, httpPart }: { schema: unknown; httpPart?: string }) => {
    // What is not the form's own problem is said as every route says it (a repeated address parameter, say).
    const general = zodValidator({ schema, httpPart });
    return (data: unknown) => {
      if (httpPart === 'body' && missingBody(schema as z.ZodType, data)) return { error: badRequest(NO_BODY, { _: NO_BODY }) };
      try {
        return { value: parse(schema as z.ZodType, data) };
      } catch (error) {
        const errors = error instanceof HttpError ? error.errors : undefined;
        const keys = Object.keys(errors ?? {});
        if (!errors || !keys.length || !keys.every(owns)) return general(data);
        const main = formLevel.find((f) => f in errors) ?? keys[0];
        return { error: badRequest(errors[main], errors) };
      }
    };
  };
}

/** A lone UTF-16 surrogate: valid in a JSON escape ('\ud800'), not in any text PostgreSQL stores. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when every string of `value` (keys too) is well-formed text. */
export function wellFormedText(value: unknown): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(wellFormedText);
  if (value && typeof value === 'object') return Object.entries(value).every(([key, v]) => !LONE_SURROGATE.test(key) && wellFormedText(v));
  return true;
}

/** A JSON body in another character set than the one JSON is written in. */
export const NOT_UTF8 = 'El cuerpo de la solicitud debe estar codificado en UTF-8.';
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
/** The charset a Content-Type names, if any ('application/json; charset=ISO-8859-1' › 'iso-8859-1'). */
const charsetOf = (contentType: string | undefined): string | null => /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1].toLowerCase() ?? null;

/**
 * JSON bodies: UTF-8 only, Fastify's own parser (prototype poisoning refused), and no lone surrogate in any
 * string.
 * - A body declared in another charset ('iso-8859-1') is a 415, and bytes that are no UTF-8 a 400: read
 *   as UTF-8 anyway, 'Peña' in Latin-1 was stored as 'Pe\ufffda', the data lost without a word.
 * - '\ud800' is valid JSON but not text: PostgreSQL refuses it in text and jsonb alike, and a questionnaire
 *   holding one was a 500 (found by hostile-routes.test.ts). Only a body that escapes a surrogate is walked.
 */
export function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, raw, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== null && !['utf-8', 'utf8', 'us-ascii'].includes(charset)) return done(new HttpError(415, NOT_UTF8), undefined);
    let body: string;
    try {
      body = UTF8.decode(raw as Buffer);
    } catch {
      return done(new HttpError(400, NOT_UTF8), undefined);
    }
    parse(request, body, (error, value) => {
      if (error) return done(error, undefined);
      if (/\\u[dD][89a-fA-F]/.test(body) && !wellFormedText(value)) return done(new HttpError(400, 'El cuerpo de la solicitud no es válido.'), undefined);
      done(null, value);
    });
  });
}
