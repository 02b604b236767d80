import type { Endpoints } from './types';

/**
 * Client attributes: every client's at /features, one client's at /features/client/{clientId}.
 * Creating and editing answer `{ id, data }` (spec 1 §7); reading one answers the attribute itself.
 */
export const features: Endpoints = {
  list: { get: '/features', byFilter: { clientId: '/features/client/:clientId' } },
  one: { get: '/features/:id' },
  create: { post: '/features', recordIn: 'data' },
  update: { put: '/features/:id', idIn: 'path', recordIn: 'data', checksUpdatedAt: true },
};
