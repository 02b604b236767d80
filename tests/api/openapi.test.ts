/**
 * The OpenAPI document the server serves (/api/docs/json): every API route in it, each saying what it
 * does and who may call it, the public ones without a token, the uploads with their file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { documentRoute, rolesInWords } from '../../server/openapi';
import { createTestApp, type TestApp } from './helpers';

interface Operation {
  summary?: string;
  description?: string;
  security?: unknown[];
  'x-roles'?: unknown;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }> } }> };
  responses?: Record<string, { description: string; content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
}
interface Document {
  security: unknown[];
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
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

  it('documents the Idempotency-Key a creation honours, and no header that is not one', () => {
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
