import type { Endpoints } from './types';

/** Client attributes: every client's at /features, one client's at /features/client/{clientId}. */
export const features: Endpoints = {
  list: { get: '/features', byFilter: { clientId: '/features/client/:clientId' } },
  one: { get: '/features/:id' },
  create: { post: '/features' },
  update: { put: '/features/:id', idIn: 'path' },
};
