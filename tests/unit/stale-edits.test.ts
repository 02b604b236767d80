/** What an edit form's save sends (src/dataProvider/index.ts): the `updatedAt` of the record as the form loaded it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../src/dataProvider';

/** The bodies of the PUTs the data provider sends, each answered with `answer`. */
function recordPuts(answer: unknown) {
  const bodies: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      bodies.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return bodies;
}
afterEach(() => vi.unstubAllGlobals());

const loaded = '2026-03-04T05:06:07.123Z';

describe('saving an edit form', () => {
  it('sends the updatedAt of the record it loaded (previousData), not one of its own values', async () => {
    const puts = recordPuts({ id: 7, name: 'Nuevo', updatedAt: '2026-03-04T05:09:00.000Z' });
    const { data } = await dataProvider.update('clients', { id: 7, data: { name: 'Nuevo', updatedAt: 'otro' }, previousData: { id: 7, name: 'Viejo', updatedAt: loaded } });
    expect(puts).toEqual([{ url: '/api/clients', body: { name: 'Nuevo', id: 7, updatedAt: loaded } }]);
    expect(data.updatedAt).toBe('2026-03-04T05:09:00.000Z');
  });

  it('sends it with the id in the path too, and takes the saved record out of `{ id, data }`', async () => {
    const puts = recordPuts({ id: 3, data: { id: 3, name: 'Color', updatedAt: '2026-03-04T05:09:00.000Z' } });
    const { data } = await dataProvider.update('features', { id: 3, data: { name: 'Color' }, previousData: { id: 3, updatedAt: loaded } });
    expect(puts).toEqual([{ url: '/api/features/3', body: { name: 'Color', updatedAt: loaded } }]);
    expect(data.updatedAt).toBe('2026-03-04T05:09:00.000Z');
  });

  it('sends it for web users and projects, whose PUTs send their id in the body', async () => {
    const puts = recordPuts({ id: 7 });
    await dataProvider.update('web-users', { id: 7, data: { names: 'Rosa' }, previousData: { id: 7, updatedAt: loaded } });
    await dataProvider.update('projects-campo', { id: 7, data: { name: 'Verano' }, previousData: { id: 7, updatedAt: loaded } });
    expect(puts).toEqual([
      { url: '/api/web-users', body: { names: 'Rosa', id: 7, updatedAt: loaded } },
      { url: '/api/projects', body: { name: 'Verano', id: 7, updatedAt: loaded } },
    ]);
  });

  it('sends none when the record had none, or for a resource whose server does not check it', async () => {
    const puts = recordPuts({ id: 7 });
    await dataProvider.update('motives', { id: 7, data: { motive: 'M' }, previousData: { id: 7 } });
    await dataProvider.update('campo-guidelines', { id: 7, data: { name: 'P' }, previousData: { id: 7, updatedAt: loaded } });
    expect(puts.map((p) => 'updatedAt' in p.body)).toEqual([false, false]);
  });
});
