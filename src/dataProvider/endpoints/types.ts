/**
 * Where a call's answer holds the record: the answer itself (the default), or its `data` when the
 * server answers `{ id, data }` (features, spec 1 §7). React-admin caches what it is given as the record.
 */
export type RecordIn = 'answer' | 'data';

/** How a resource maps onto the legacy REST contract: data, not code paths. */
export interface Endpoints {
  /** `byFilter`: when the filter holds the field, the list path that takes it (`/locations/client/:clientId`). */
  list?: { get: string; byFilter?: Record<string, string> };
  one?: { get: string; recordIn?: RecordIn };
  create?: { post: string; recordIn?: RecordIn };
  /**
   * `checksUpdatedAt`: the server refuses (409) a save whose record someone else changed since the form
   * loaded it, when the body carries the `updatedAt` the form loaded (the update's `previousData`).
   */
  update?: { put: string; idIn: 'body' | 'path'; recordIn?: RecordIn; checksUpdatedAt?: true };
  delete?: { delete: string };
  /** Named calls beyond CRUD; a ':id' in the path takes the body's id (DELETE sends no body). */
  actions?: Record<string, { put?: string; post?: string; delete?: string }>;
}
