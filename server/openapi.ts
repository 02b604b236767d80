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

/** @fastify/swagger's `transform`: the route's zod schemas as JSON Schema, its roles, its security. */
export function documentRoute({ schema, url, route }: { schema: unknown; url: string; route: RouteOptions }): { schema: never; url: string } {
  const given = (schema ?? {}) as Schema;
  if (!url.startsWith('/api')) return { schema: { ...given, hide: true } as never, url };
  const out: Schema = { ...given };
  for (const key of ['body', 'querystring', 'params']) if (given[key]) out[key] = toJsonSchema(given[key]);
  const roles = route.config?.roles;
  const upload = given.upload as UploadFields | undefined;
  delete out.upload;
  if (upload) out.body = uploadBody(upload);
  out.description = [given.description, rolesInWords(roles)].filter(Boolean).join('\n\n');
  out['x-roles'] = roles === 'public' || roles === 'any' || roles === undefined ? (roles ?? 'any') : [...roles];
  if (roles === 'public') out.security = [];
  return { schema: out as never, url };
}
