/** How a resource maps onto the legacy REST contract: data, not code paths. */
export interface Endpoints {
  /** `byFilter`: when the filter holds the field, the list path that takes it (`/locations/client/:clientId`). */
  list?: { get: string; byFilter?: Record<string, string> };
  one?: { get: string };
  create?: { post: string };
  update?: { put: string; idIn: 'body' | 'path' };
  delete?: { delete: string };
  /** Named calls beyond CRUD; a ':id' in the path takes the body's id (DELETE sends no body). */
  actions?: Record<string, { put?: string; post?: string; delete?: string }>;
}
