/**
 * What the OpenAPI document (`/api/docs`) says of each route beyond its zod schemas: who may call it
 * (the roles the guard enforces, as `x-roles` and in words), that a public route needs no token, the
 * file a multipart upload carries; and nothing of the console's page (`/`), which is no API.
 */
import type { RouteOptions } from 'fastify';
import { ROLE_NAMES, type RoleId } from '../domain/roles';
import type { RouteRoles } from './guard';
import { toJsonSchema } from './http';

type Schema = Record<string, unknown>;

/** The roles of a route in words, as the document's description says them. */
export function rolesInWords(roles: RouteRoles | undefined): string {
  if (roles === 'public') return 'Pública: no necesita sesión.';
  if (roles === 'any' || roles === undefined) return 'Cualquier usuario con sesión.';
  const names = roles.map((role: RoleId) => ROLE_NAMES[role]);
  return names.includes(ROLE_NAMES[1]) ? `Roles: ${names.join(', ')}.` : `Roles: ${[ROLE_NAMES[1], ...names].join(', ')}.`;
}

/** What a multipart route reads, for its documented body: the file's field and the other fields. */
export interface UploadFields {
  file: string;
  fields?: Record<string, string>;
}

/** The body a multipart upload documents: its file in its field, and its other fields. */
function uploadBody({ file, fields = {} }: UploadFields) {
  const properties: Record<string, unknown> = { [file]: { type: 'string', format: 'binary', description: 'El archivo a cargar.' } };
  for (const [name, description] of Object.entries(fields)) properties[name] = { type: 'string', description };
  return { type: 'object', required: [file], properties };
}

/** Every refusal's body: the reason in Spanish and, for a form, each field's message. */
const ERROR_BODY = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'El motivo, en castellano.' },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'El mensaje de cada campo, cuando lo hay.' },
  },
};
const refusal = (description: string) => ({ description, ...ERROR_BODY });

/**
 * The answers a route documents: its success, and the refusals the server gives it (every one with
 * the same body): 400 when it reads input, 401/403 when it needs a session, 404 when a path names a
 * record, 409 when its description speaks of one, 413 for an upload, 429 for the sign-in routes.
 */
function responses(given: Schema, method: string, roles: RouteRoles | undefined, upload: boolean): Schema {
  const out: Schema = method === 'POST' ? { '2XX': { description: 'Correcto (201 cuando crea un registro).' } } : { 200: { description: 'Correcto.' } };
  if (given.body || given.querystring || given.params || upload) out[400] = refusal('Datos inválidos: el motivo y, por campo, su mensaje.');
  if (roles !== 'public') {
    out[401] = refusal('Sin sesión, o con un token vencido o revocado.');
    out[403] = refusal('El rol del usuario no puede usar esta ruta, o el registro no es suyo.');
  }
  if (given.params) out[404] = refusal('El registro no existe.');
  if (/409/.test(String(given.description ?? ''))) out[409] = refusal('Conflicto con el estado actual (otra persona lo cambió, un duplicado, una transición no permitida).');
  if (upload) out[413] = refusal('El archivo supera el tamaño o las filas permitidas.');
  if (roles === 'public') out[429] = refusal('Demasiados intentos: espere antes de volver a intentar.');
  return out;
}

/** @fastify/swagger's `transform`: the route's zod schemas as JSON Schema, its roles, its security. */
export function documentRoute({ schema, url, route }: { schema: unknown; url: string; route: RouteOptions }): { schema: never; url: string } {
  const given = (schema ?? {}) as Schema;
  if (!url.startsWith('/api')) return { schema: { ...given, hide: true } as never, url };
  const out: Schema = { ...given };
  // The headers too (a route's Idempotency-Key): handed raw, the zod object showed as parameters named
  // 'def', 'type' and 'safeParse'.
  for (const key of ['body', 'querystring', 'params', 'headers']) if (given[key]) out[key] = toJsonSchema(given[key]);
  const roles = route.config?.roles;
  const upload = given.upload as UploadFields | undefined;
  delete out.upload;
  if (upload) out.body = uploadBody(upload);
  out.description = [given.description, rolesInWords(roles)].filter(Boolean).join('\n\n');
  out['x-roles'] = roles === 'public' || roles === 'any' || roles === undefined ? (roles ?? 'any') : [...roles];
  if (roles === 'public') out.security = [];
  const method = [route.method].flat()[0] ?? 'GET';
  if (!given.response) out.response = responses(given, method, roles, Boolean(upload));
  return { schema: out as never, url };
}
