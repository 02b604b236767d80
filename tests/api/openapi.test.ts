/**
 * The OpenAPI document the server serves (/api/docs/json): every API route in it, each saying what it
 * does and who may call it, the public ones without a token, the uploads with their file, and the body
 * each success answers, checked against the real answer.
 */
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROLE } from '../../domain/roles';
import { documentRoute, OPENAPI_TAGS, rolesInWords } from '../../server/openapi';
import { createTestApp, type TestApp } from './helpers';
import { CALLS, SOOFT_SECRET, type Live } from './openapi-calls';

interface Operation {
  summary?: string;
  tags?: string[];
  description?: string;
  security?: unknown[];
  'x-roles'?: unknown;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }> } }> };
  responses?: Record<string, { description: string; content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
}
interface Document {
  security: unknown[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp({ sooftSecret: SOOFT_SECRET, campusUrl: 'https://campus.campo.test/login', moodleSecret: 'campo-openapi-tests-moodle-secret' });
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
});
afterAll(() => t?.close());

/** The document's path of a route: Fastify's `:id` is OpenAPI's `{id}`, a wildcard is `{*}`. */
const pathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
const operation = (method: string, url: string) => doc.paths[pathOf(url)]?.[method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('holds every API route, and nothing that is not one', () => {
    for (const route of t.app.routeTable) expect(operation(route.method, route.url), `${route.method} ${route.url}`).toBeDefined();
    for (const path of Object.keys(doc.paths)) expect(path.startsWith('/api/'), path).toBe(true);
  });

  it('says what each operation does, in Spanish, and who may call it', () => {
    for (const route of t.app.routeTable) {
      const op = operation(route.method, route.url)!;
      const label = `${route.method} ${route.url}`;
      expect(op.summary?.trim().length ?? 0, `${label} has no summary`).toBeGreaterThan(10);
      expect(op['x-roles'], label).toEqual(route.roles);
      expect(op.description, label).toContain(rolesInWords(route.roles));
    }
  });

  it('asks a token of every route but the public ones', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    for (const route of t.app.routeTable) {
      const op = operation(route.method, route.url)!;
      if (route.roles === 'public') expect(op.security, route.url).toEqual([]);
      else expect(op.security, route.url).toBeUndefined();
    }
    expect(operation('POST', '/api/auth/login')!.security).toEqual([]);
  });

  it('documents the Idempotency-Key a creation or an edit honours, and no header that is not one', () => {
    interface Parameter {
      in: string;
      name: string;
      description?: string;
    }
    const headersOf = (method: string, url: string) => ((operation(method, url) as { parameters?: Parameter[] }).parameters ?? []).filter((p) => p.in === 'header');
    for (const [method, url] of [
      ['POST', '/api/locations'],
      ['POST', '/api/campaigns'],
      ['POST', '/api/projects'],
      ['POST', '/api/push-notifications/send-message'],
      ['PUT', '/api/user-moves/massive'],
      ['POST', '/api/user-moves/massive-locations'],
      ['PUT', '/api/accounts/pay'],
      ['PUT', '/api/accounts/massive-pay'],
      // Every edit form's save: its retry after a lost answer is not refused as someone else's change.
      ...['/clients', '/locations', '/features/{id}', '/characteristics/', '/motives', '/tags', '/campaigns', '/moves/put/{id}', '/web-users', '/projects', '/projects/locations'].map((url) => ['PUT', `/api${url}`]),
    ]) {
      const headers = headersOf(method, url);
      expect(headers.map((h) => h.name), `${method} ${url}`).toEqual(['idempotency-key']);
      expect(headers[0].description, `${method} ${url}`).toMatch(/^Opcional\. La misma clave/);
    }
    for (const route of t.app.routeTable) {
      for (const header of headersOf(route.method, route.url)) expect(header.name, `${route.method} ${route.url}`).toMatch(/^[a-z][a-z0-9-]*$/);
    }
  });

  it('documents the file an upload carries', () => {
    const uploads = t.app.routeTable.filter((r) => (r.schema.consumes as string[] | undefined)?.includes('multipart/form-data'));
    expect(uploads.length).toBeGreaterThanOrEqual(3);
    const fileField = (url: string) => {
      const properties = operation('POST', url)!.requestBody?.content['multipart/form-data']?.schema.properties ?? {};
      return Object.entries(properties).filter(([, p]) => p.format === 'binary').map(([name]) => name);
    };
    for (const route of uploads) expect(fileField(route.url), route.url).toHaveLength(1);
    // The field each one reads.
    expect(fileField('/api/locations/massive/client')).toEqual(['csvFile']);
    expect(fileField('/api/core-clients/clients/importBranches')).toEqual(['csvFile']);
    expect(fileField('/api/web-users/massive')).toEqual(['file']);
  });

  it('shows the shapes of a body its route reads by kind: PUT /campaigns edits or enables again', () => {
    const schema = operation('PUT', '/api/campaigns')!.requestBody?.content['application/json']?.schema;
    const names = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'properties') Object.keys(value as object).forEach((name) => names.add(name));
        walk(value);
      }
    };
    walk(schema);
    // Before, the body read by its own transform showed only the loaded version.
    expect([...names].sort()).toEqual(['clientId', 'deletedAt', 'endDate', 'id', 'name', 'startDate', 'updatedAt']);
  });

  it('says the length a text may have where the server keeps it, not the 2,000 of any text', () => {
    const field = (method: string, url: string, name: string) => {
      const schema = operation(method, url)!.requestBody?.content['application/json']?.schema as { properties?: Record<string, { minLength?: number; maxLength?: number }> };
      return schema.properties?.[name];
    };
    // A name of its own length, written after the rule that cuts any text at 2,000 (it showed 2,000).
    expect(field('POST', '/api/clients/', 'name')).toMatchObject({ minLength: 1, maxLength: 120 });
    expect(field('POST', '/api/locations', 'fullName')).toMatchObject({ maxLength: 250 });
    expect(field('POST', '/api/web-users/', 'names')).toMatchObject({ maxLength: 100 });
    expect(field('POST', '/api/campaigns', 'name')).toMatchObject({ maxLength: 150 });
    // Lengths kept by a rule of their own (characters as read, a bank's number, a link) showed none.
    expect(field('POST', '/api/push-notifications/send-message', 'title')).toMatchObject({ minLength: 7, maxLength: 40 });
    expect(field('POST', '/api/push-notifications/send-message', 'message')).toMatchObject({ minLength: 15, maxLength: 150 });
    expect(field('PUT', '/api/accounts/pay', 'operationCode')).toMatchObject({ maxLength: 100 });
    expect(field('POST', '/api/user-moves/accept-one', 'userMoveVideoLink')).toMatchObject({ maxLength: 250 });
  });
});

/** The schema of a route's success body, as the document shows it (none when it says only 'Correcto.'). */
const successBody = (method: string, url: string) => {
  const responses = operation(method, url)?.responses ?? {};
  const success = Object.entries(responses).find(([code]) => code.startsWith('2'))?.[1];
  const schema = success?.content?.['application/json']?.schema;
  return schema && ('type' in schema || 'anyOf' in schema) ? schema : undefined;
};
/** The media types of the file a download's success answers (none for a JSON body). */
const fileTypes = (method: string, url: string) => {
  const responses = operation(method, url)?.responses ?? {};
  const content = Object.entries(responses).find(([code]) => code.startsWith('2'))?.[1].content ?? {};
  return Object.entries(content).filter(([, media]) => (media.schema as { format?: string }).format === 'binary').map(([type]) => type);
};

describe('the success bodies', () => {
  /** Checks a body against a JSON Schema (draft 2020-12, zod's) and says where it disagrees. */
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const disagreements = (schema: object, body: unknown) => {
    const validate = ajv.compile(schema);
    return validate(body) ? [] : (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
  };

  it('documents the body of the sign-in, the profile, every list, the main records and the reports', () => {
    const documented = t.app.routeTable.filter((r) => successBody(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
    expect(documented).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/auth/refresh-token',
        'GET /api/core-users/users/userProfile/:id',
        ...['/clients/:id', '/locations/:id', '/projects/:id', '/questionnariesV2/get/:id', '/user-moves/get', '/moves/get/:id', '/web-users/:id'].map((url) => `GET /api${url}`),
        ...['/reports/options', '/reports/performance', '/user-moves/report', '/user-moves/stock-moves-report', '/core-estadisticas/estadisticas/getEstadisticas'].map((url) => `GET /api${url}`),
      ]),
    );
    // Every paged list: its envelope and its row.
    const lists = t.app.routeTable.filter((r) => r.method === 'GET' && /^Lista paginada/.test(operation(r.method, r.url)?.summary ?? ''));
    expect(lists.length).toBeGreaterThan(15);
    for (const list of lists) expect(successBody(list.method, list.url)?.properties, list.url).toEqual(expect.objectContaining({ rows: expect.anything(), count: expect.anything() }));
  });

  it('documents the success of every operation: its JSON body or the file it downloads', () => {
    const bare = t.app.routeTable.filter((r) => !successBody(r.method, r.url) && fileTypes(r.method, r.url).length === 0).map((r) => `${r.method} ${r.url}`);
    expect(bare).toEqual([]);
  });

  it('documents what the routes really answer: each one, called on the demo data or on its own (as the administrator, or as the Getter its route is for), agrees with its schema', async () => {
    const { token, id: adminId } = await t.login('admin@campo.test');
    const send: Live['send'] = async (method, url, payload, as) => {
      const res = await t.app.inject({ method, url, payload, headers: t.authHeader(as ? (await t.login(as)).token : token) });
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
      return res.json();
    };
    const live: Live = { adminId, refreshToken: async () => (await t.login('admin@campo.test')).refreshToken, send, db: t.db };
    const documented = t.app.routeTable.filter((r) => successBody(r.method, r.url));
    const wrong: string[] = [];
    for (const route of documented) {
      const where = `${route.method} ${route.url}`;
      const call = CALLS[where];
      expect(call, `${where} documents a body but the test makes no call of it`).toBeDefined();
      const { url, payload, headers, anonymous, as } = await call(live);
      const session = anonymous ? {} : t.authHeader(as ? (await t.login(as)).token : token);
      const res = await t.app.inject({ method: route.method, url, payload, headers: { ...headers, ...session } });
      expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
      const body = res.json() as unknown;
      // A list checked on no rows would check only its envelope.
      if (body && typeof body === 'object' && 'rows' in body) expect((body as { rows: unknown[] }).rows.length, `${where} answered no rows`).toBeGreaterThan(0);
      // A picker's options too: checked on none, its schema would hold anything.
      if (Array.isArray(body)) expect(body.length, `${where} answered an empty list`).toBeGreaterThan(0);
      for (const disagreement of disagreements(successBody(route.method, route.url)!, body)) wrong.push(`${where}: ${disagreement}`);
    }
    expect(wrong).toEqual([]);
    // Some 135 calls, the writes' on records they create first (a project, its moves brought to review and
    // approved, their debts), the uploads on files of their own, the Getter's send as the Getter.
  }, 180_000);

  it('documents the file a download answers, of the type the server sends', async () => {
    const { token } = await t.login('admin@campo.test');
    expect(fileTypes('GET', '/api/web-users/csv')).toEqual(['text/csv']);
    const res = await t.app.inject({ method: 'GET', url: '/api/web-users/csv', headers: t.authHeader(token) });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    // The demo's moves keep no files in the test's store: these two are checked on their document only.
    expect(fileTypes('GET', '/api/user-moves/:id/assets')).toEqual(['application/zip']);
    // A stored file is of its own type: an image, an audio, a video, a PDF.
    expect(fileTypes('GET', '/api/files/*')).toEqual(['*/*']);
  });

  it('tells a body that disagrees with its schema', () => {
    const schema = z.toJSONSchema(z.object({ rows: z.array(z.object({ id: z.number() })), count: z.number() }));
    expect(disagreements(schema, { rows: [{ id: 1 }], count: 1 })).toEqual([]);
    expect(disagreements(schema, { rows: [{ id: '1' }] })).toEqual(['/ must have required property \'count\'', '/rows/0/id must be number']);
  });
});

describe('roles in words', () => {
  it('documents the refusals each route gives, with their Spanish body, besides its success', () => {
    for (const route of t.app.routeTable) {
      const codes = Object.keys(operation(route.method, route.url)!.responses ?? {});
      const where = `${route.method} ${route.url}`;
      expect(codes.some((c) => c.startsWith('2')), where).toBe(true);
      if (route.roles !== 'public') expect(codes, where).toEqual(expect.arrayContaining(['401', '403']));
      if (route.url.includes(':')) expect(codes, where).toEqual(expect.arrayContaining(['400', '404']));
    }
    const state = operation('PUT', '/api/clients/state')!.responses!;
    expect(state['400'].content!['application/json'].schema.properties).toHaveProperty('message');
    expect(Object.keys(operation('POST', '/api/user-moves/accept-one')!.responses!)).toContain('409');
    expect(Object.keys(operation('POST', '/api/auth/login')!.responses!)).toEqual(expect.arrayContaining(['400', '429']));
  });

  it('documents each refusal where the server gives it, and none where it cannot', () => {
    const codesOf = (method: string, url: string) => Object.keys(operation(method, url)!.responses ?? {});
    for (const route of t.app.routeTable) {
      const where = `${route.method} ${route.url}`;
      const codes = codesOf(route.method, route.url);
      // Any route, with the database out of reach: a 503 in Spanish with Retry-After.
      expect(codes, where).toContain('503');
      // Any write with a session: another transaction changing the same rows is a 409, and the record it
      // names (in the path or, for an edit, in the body) may not exist, a 404.
      if (route.method !== 'GET' && route.roles !== 'public') expect(codes, where).toEqual(expect.arrayContaining(['404', '409']));
      // A wildcard path names a file, as a parameter names a record.
      if (route.url.includes('*')) expect(codes, where).toContain('404');
      // The codes a description names ('responde 409', 'ese e-mail responde 429') are documented.
      const named = String(operation(route.method, route.url)!.description ?? '').match(/\b(40[0-9]|41[0-9]|42[0-9])\b/g) ?? [];
      for (const code of named) expect(codes, `${where} names ${code}`).toContain(code);
    }
    // A record named in the query string that does not exist (a move, a client) is a 404, and 'nothing to
    // give' a 204 where a route answers one.
    for (const url of ['/api/user-moves/get', '/api/questionnaires-replyeds/get', '/api/reports/options', '/api/reports/performance', '/api/core-estadisticas/estadisticas/getEstadisticas']) expect(codesOf('GET', url), url).toContain('404');
    for (const url of ['/api/questionnaireRepliedByAgent', '/api/user-moves/republish-move']) expect(codesOf('GET', url), url).toEqual(expect.arrayContaining(['204', '404']));
    // An Idempotency-Key reused with other data is a 422.
    for (const [method, url] of [['POST', '/api/locations'], ['PUT', '/api/accounts/pay'], ['POST', '/api/user-moves/massive-locations']]) expect(codesOf(method, url), url).toContain('422');
    // The health check says 503 when its database does not answer.
    expect(codesOf('GET', '/api/health')).toEqual(expect.arrayContaining(['200', '503']));
    // 429 only where a limit counts: the sign-in routes, not the health check nor a file link nor logging out.
    for (const url of ['/api/auth/login', '/api/auth/refresh-token', '/api/auth/sooft-login', '/api/auth/checkValidEmail']) expect(codesOf('POST', url), url).toContain('429');
    for (const [method, url] of [['GET', '/api/health'], ['GET', '/api/settings/public'], ['GET', '/api/files/*'], ['POST', '/api/auth/logout']]) expect(codesOf(method, url), url).not.toContain('429');
    // Public routes that refuse: wrong credentials (401), an expired file link (403), a missing file (404).
    expect(codesOf('POST', '/api/auth/login')).toContain('401');
    expect(codesOf('POST', '/api/auth/refresh-token')).toContain('401');
    expect(codesOf('GET', '/api/files/*')).toEqual(expect.arrayContaining(['403', '404']));
    // Lookups by query that find nothing, and the campus when the installation has none: 404.
    for (const url of ['/api/user-moves/get/code', '/api/projects/expired-project-update-reason', '/api/moodle']) expect(codesOf('GET', url), url).toContain('404');
    // A CSV upload that is no CSV: 415.
    for (const url of ['/api/locations/massive/client', '/api/core-clients/clients/importBranches', '/api/clients/massive']) expect(codesOf('POST', url), url).toContain('415');
  });

  it('groups every operation under one declared tag, each described in Spanish', () => {
    const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description ?? '']));
    expect([...declared.keys()]).toEqual(OPENAPI_TAGS.map((tag) => tag.name));
    for (const description of declared.values()) expect(description, 'a tag without its description').toMatch(/^[A-ZÁÉÍÓÚÑ].{5,}\.$/);
    const used = new Set<string>();
    for (const route of t.app.routeTable) {
      const tags = operation(route.method, route.url)!.tags ?? [];
      expect(tags, `${route.method} ${route.url}`).toHaveLength(1);
      expect(declared.has(tags[0]), `${route.method} ${route.url}: tag ${tags[0]} is not declared`).toBe(true);
      used.add(tags[0]);
    }
    // No declared group is left empty.
    expect([...declared.keys()].filter((name) => !used.has(name))).toEqual([]);
  });

  it('names the roles, the administrator always first', () => {
    expect(rolesInWords([ROLE.OPERATIONS, ROLE.COMMERCIAL])).toBe('Roles: Administrador, Operaciones, Comercial.');
    expect(rolesInWords([ROLE.ADMIN, ROLE.ACCOUNTS])).toBe('Roles: Administrador, Cuentas.');
    expect(rolesInWords('any')).toBe('Cualquier usuario con sesión.');
    expect(rolesInWords('public')).toBe('Pública: no necesita sesión.');
  });

  it('hides a route outside /api (the console page)', () => {
    const { schema } = documentRoute({ schema: undefined, url: '/', route: { config: {} } as never });
    expect((schema as { hide?: boolean }).hide).toBe(true);
  });
});
