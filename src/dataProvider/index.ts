import type { DataProvider, GetListParams, Identifier, RaRecord } from 'ra-core';
import { endpoints } from './endpoints';
import type { Endpoints, RecordIn } from './endpoints/types';
import { request } from './http';
import { requestKeys } from './requestKey';

function endpointsOf(resource: string): Endpoints {
  const found = endpoints[resource];
  if (!found) throw new Error(`El recurso ${resource} no tiene rutas declaradas`);
  return found;
}

const withId = (path: string, id: Identifier) => path.replace(':id', encodeURIComponent(String(id)));

/** The record out of a call's answer (see `RecordIn`). */
const recordOf = (answer: any, recordIn: RecordIn = 'answer') => (recordIn === 'data' ? answer.data : answer);

function need<T>(value: T | undefined, resource: string, what: string): T {
  if (!value) throw new Error(`El recurso ${resource} no permite ${what}`);
  return value;
}

/** Paging is offset = page × size (the legacy "minus 1" repeated a row). */
export function listQuery(params: GetListParams): Record<string, unknown> {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
  return {
    offset: (page - 1) * perPage,
    limit: perPage,
    sort: params.sort?.field,
    order: params.sort?.order,
    ...params.filter,
  };
}

/** A list path may take a filter's value into the path (`/locations/client/:clientId`). */
function listPath(list: NonNullable<Endpoints['list']>, filter: Record<string, unknown>): { path: string; filter: Record<string, unknown> } {
  for (const [field, path] of Object.entries(list.byFilter ?? {})) {
    const value = filter[field];
    if (value === undefined || value === null || value === '') continue;
    const { [field]: _taken, ...rest } = filter;
    return { path: path.replace(`:${field}`, encodeURIComponent(String(value))), filter: rest };
  }
  return { path: list.get, filter };
}

export interface ListAnswer {
  rows: any[];
  count: number;
  /** The count is the planner's estimate (a list of more than 1,000 rows). */
  countEstimated?: true;
  /** The sum of the amounts of every row of the filter (transactions). */
  totalAmount?: string;
}

export interface ListMeta {
  countEstimated?: true;
  totalAmount?: string;
}

/**
 * A list's answer as react-admin takes it; an estimated count (CampoList's pager says 'aprox.') and a
 * filter's total amount (its `summary`) travel in `meta`.
 */
export function listAnswer(answer: ListAnswer): { data: any[]; total: number; meta?: ListMeta } {
  const meta: ListMeta = {
    ...(answer.countEstimated ? { countEstimated: true as const } : {}),
    ...(answer.totalAmount !== undefined ? { totalAmount: answer.totalAmount } : {}),
  };
  return { data: answer.rows, total: answer.count, ...(Object.keys(meta).length ? { meta } : {}) };
}

export interface CampoDataProvider extends DataProvider {
  action<T = unknown>(resource: string, name: string, body: unknown): Promise<T>;
}

/**
 * The tab's request keys (requestKey.ts): every creation, edit and action carries one, the same while the
 * same data is sent again after a failure (an answer that never came); the routes that honour it do
 * nothing twice, and an edit saved by its first try is not refused as changed by someone else.
 */
const keys = requestKeys();

/** Sends a write with its request key, forgotten once the write succeeded (the same data again is another). */
async function keyed<T>(path: string, options: { method: string; body: unknown }, of: unknown): Promise<T> {
  const requestKey = keys.for(of);
  const answer = await request<T>(path, { ...options, requestKey });
  keys.saved(requestKey);
  return answer;
}

export const dataProvider: CampoDataProvider = {
  async getList(resource, params) {
    const list = need(endpointsOf(resource).list, resource, 'listar');
    const { path, filter } = listPath(list, params.filter ?? {});
    return listAnswer(await request<ListAnswer>(path, { query: listQuery({ ...params, filter }), signal: params.signal }));
  },
  async getOne(resource, params) {
    const one = need(endpointsOf(resource).one, resource, 'ver');
    return { data: recordOf(await request(withId(one.get, params.id), { signal: params.signal }), one.recordIn) };
  },
  async getMany(resource, params) {
    const one = need(endpointsOf(resource).one, resource, 'ver');
    const data = await Promise.all(params.ids.map(async (id) => recordOf(await request(withId(one.get, id), { signal: params.signal }), one.recordIn)));
    return { data };
  },
  async getManyReference(resource, params) {
    const list = need(endpointsOf(resource).list, resource, 'listar');
    const query = listQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } });
    const answer = await request<{ rows: any[]; count: number }>(list.get, { query });
    return { data: answer.rows, total: answer.count };
  },
  async create(resource, params) {
    const create = need(endpointsOf(resource).create, resource, 'crear');
    return { data: recordOf(await keyed(create.post, { method: 'POST', body: params.data }, { resource, data: params.data }), create.recordIn) };
  },
  async update(resource, params) {
    const update = need(endpointsOf(resource).update, resource, 'editar');
    const path = update.idIn === 'path' ? withId(update.put, params.id) : update.put;
    const fields = update.idIn === 'body' ? { ...params.data, id: params.id } : params.data;
    const loaded: unknown = update.checksUpdatedAt ? params.previousData?.updatedAt : undefined;
    const body = typeof loaded === 'string' ? { ...fields, updatedAt: loaded } : fields;
    return { data: recordOf(await keyed(path, { method: 'PUT', body }, { resource, id: params.id, body }), update.recordIn) };
  },
  async updateMany(resource, params) {
    const results = await Promise.all(params.ids.map((id) => dataProvider.update(resource, { id, data: params.data, previousData: {} as RaRecord })));
    return { data: results.map((r) => r.data.id) };
  },
  async delete(resource, params) {
    const del = need(endpointsOf(resource).delete, resource, 'eliminar');
    // `meta.query`: what the removal is conditioned on (the questionnaire's last version as the list showed it).
    const query = params.meta?.query ? `?${new URLSearchParams(params.meta.query as Record<string, string>)}` : '';
    await request(`${withId(del.delete, params.id)}${query}`, { method: 'DELETE' });
    return { data: params.previousData as never };
  },
  async deleteMany(resource, params) {
    const del = need(endpointsOf(resource).delete, resource, 'eliminar');
    await Promise.all(params.ids.map((id) => request(withId(del.delete, id), { method: 'DELETE' })));
    return { data: params.ids };
  },
  async action(resource, name, body) {
    const action = need(endpointsOf(resource).actions?.[name], resource, name);
    const id = (body as { id?: Identifier } | null)?.id;
    const path = (p: string) => (id === undefined ? p : withId(p, id));
    if (action.delete) return request(path(action.delete), { method: 'DELETE' });
    return keyed(path(action.put ?? action.post!), { method: action.put ? 'PUT' : 'POST', body }, { resource, name, body });
  },
};
