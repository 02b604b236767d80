/**
 * What the OpenAPI document (`/api/docs`) says of each route beyond its zod schemas: who may call it
 * (the roles the guard enforces, as `x-roles` and in words), that a public route needs no token, the
 * file a multipart upload carries, the body of its success (the route schema's `answer`, a zod schema
 * of domain/, or for a download its `download`, the file's media types) and of its refusals; and nothing of the console's page (`/`), which is no API.
 */
import type { RouteOptions } from 'fastify';
import { errorAnswer } from '../domain/answers';
import { ROLE_NAMES, type RoleId } from '../domain/roles';
import type { RouteRoles } from './guard';
import { toJsonSchema } from './http';

type Schema = Record<string, unknown>;

/**
 * The document's groups, in the order Swagger UI shows them: every route names one of these tags (the
 * identifiers stay as the routes give them; the description says, in Spanish, what each group holds).
 */
export const OPENAPI_TAGS: { name: string; description: string }[] = [
  { name: 'auth', description: 'Sesión: ingreso, renovación y cierre, restauración de contraseña y perfil del usuario.' },
  { name: 'settings', description: 'La instalación: enlaces públicos que lee la consola, estado de la instancia y acceso al campus.' },
  { name: 'dashboard', description: 'Tablero del cliente: sus proyectos y el avance de cada uno.' },
  { name: 'clients', description: 'Clientes, sus tipos y su carga masiva.' },
  { name: 'locations', description: 'Puntos de venta de los clientes, su carga masiva, sus gerentes zonales y países, provincias y ciudades.' },
  { name: 'features', description: 'Atributos de cliente y sus valores.' },
  { name: 'characteristics', description: 'Características.' },
  { name: 'tags', description: 'Grupos de etiquetas con sus claves y valores.' },
  { name: 'campaigns', description: 'Campañas de los clientes.' },
  { name: 'motives', description: 'Motivos que se dan al revisar una move.' },
  { name: 'guidelines', description: 'Instructivos y sus versiones.' },
  { name: 'questionnaires', description: 'Cuestionarios y sus versiones.' },
  { name: 'moves-config', description: 'Configuraciones de moves: tipos y categorías que admiten.' },
  { name: 'projects', description: 'Proyectos: puntos de venta, rangos de visitas, visitas publicadas y extensiones.' },
  { name: 'user-moves', description: 'Moves: listas, asignación, revisión (aprobar, rechazar, devolver, desaprobar, rescatar, republicar) y sus reportes.' },
  { name: 'reports', description: 'Reportes de desempeño del cliente, con su certificado.' },
  { name: 'payments', description: 'Transacciones de los Getters y su pago, uno a uno o masivo.' },
  { name: 'push-notifications', description: 'Notificaciones push a los Getters y su historial.' },
  { name: 'users', description: 'Usuarios de un rol para los selectores (Getters por defecto).' },
  { name: 'web-users', description: 'Usuarios de la consola: alta, edición, estado, permisos y carga masiva.' },
  { name: 'files', description: 'Archivos guardados, por su enlace firmado.' },
];

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

/**
 * An answer's zod schema as the body the document shows: its output side (what the server sends), without
 * the dialect, which an OpenAPI schema object does not carry.
 */
export function answerSchema(answer: unknown): Schema {
  const { $schema: _dialect, ...schema } = toJsonSchema(answer, 'output') as Schema;
  return schema;
}

const ERROR_BODY = answerSchema(errorAnswer);
const refusal = (description: string) => ({ description, ...ERROR_BODY });

/** What `responses` reads of a route besides its schema. */
interface Answers {
  method: string;
  url: string;
  roles: RouteRoles | undefined;
  upload: boolean;
  /** The success's body (the route schema's documentation-only `answer`), when the route declares one. */
  answer: unknown;
  /** A download's media types (the route schema's documentation-only `download`): its body is the file. */
  download: string[] | undefined;
  /** Counted per IP by @fastify/rate-limit (the sign-in routes): a 429 past the limit. */
  rateLimited: boolean;
}

/** The status codes a route's description names (e.g. 'responde 409', 'responde 204 sin cuerpo'): each one is documented. */
const codesNamed = (description: unknown) => new Set((String(description ?? '').match(/\b(?:204|[45]\d\d)\b/g) ?? []).map(Number));

/**
 * The answers a route documents: its success, and the refusals the server gives it (every one with
 * the same body): 400 when it reads input, 401/403 when it needs a session (or its description names
 * them), 404 when its path names a record or a file and for every write with a session (an edit names
 * its record in the body), 409 for every write with a session too (the error handler answers one when
 * another transaction changed the same rows, besides the conflicts a description names), 413 for an upload,
 * 422 for an Idempotency-Key reused with other data, 429 for the rate-limited sign-in routes
 * only, 503 for all (the database out of reach), and any other code its description names.
 */
function responses(given: Schema, { method, url, roles, upload, answer, download, rateLimited }: Answers): Schema {
  const named = codesNamed(given.description);
  const body = answer ? answerSchema(answer) : download ? { content: Object.fromEntries(download.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) } : {};
  const out: Schema = method === 'POST' ? { '2XX': { description: 'Correcto (201 cuando crea un registro).', ...body } } : { 200: { description: 'Correcto.', ...body } };
  if (named.has(204)) out[204] = { description: 'Correcto, sin cuerpo: no hay lo que se pidió (la ruta dice cuándo).' };
  if (given.body || given.querystring || given.params || upload || named.has(400)) out[400] = refusal('Datos inválidos: el motivo y, por campo, su mensaje.');
  if (roles !== 'public' || named.has(401)) out[401] = refusal(roles === 'public' ? 'Las credenciales o el token no son válidos, o el usuario está inactivo.' : 'Sin sesión, o con un token vencido o revocado.');
  if (roles !== 'public' || named.has(403)) out[403] = refusal(roles === 'public' ? 'El enlace o el token no es válido, o venció.' : 'El rol del usuario no puede usar esta ruta, o el registro no es suyo.');
  if (given.params || /[:*]/.test(url) || (method !== 'GET' && roles !== 'public') || named.has(404)) out[404] = refusal('El registro (o uno que nombra) no existe.');
  if ((method !== 'GET' && roles !== 'public') || named.has(409)) out[409] = refusal('Conflicto con el estado actual (otra persona lo cambió, un duplicado, una transición no permitida).');
  if (upload || named.has(413)) out[413] = refusal('El archivo supera el tamaño o las filas permitidas.');
  if (named.has(415)) out[415] = refusal('No llegó un archivo, o no es del tipo que la ruta lee.');
  if (given.headers || named.has(422)) out[422] = refusal('La clave del pedido (Idempotency-Key) ya se usó con otros datos: no se hizo nada.');
  if (rateLimited || named.has(429)) out[429] = refusal('Demasiados intentos: espere antes de volver a intentar.');
  out[503] = refusal('La base de datos no responde: intente de nuevo pasados los segundos de `Retry-After`.');
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
  // Documentation only, never `response`: Fastify would serialise with it and drop every property it
  // does not name.
  const answer = given.answer;
  delete out.answer;
  const download = given.download as string[] | undefined;
  delete out.download;
  if (upload) out.body = uploadBody(upload);
  out.description = [given.description, rolesInWords(roles)].filter(Boolean).join('\n\n');
  out['x-roles'] = roles === 'public' || roles === 'any' || roles === undefined ? (roles ?? 'any') : [...roles];
  if (roles === 'public') out.security = [];
  const method = [route.method].flat()[0] ?? 'GET';
  const rateLimited = Boolean(route.config?.rateLimit);
  if (!given.response) out.response = responses(given, { method, url, roles, upload: Boolean(upload), answer, download, rateLimited });
  return { schema: out as never, url };
}
