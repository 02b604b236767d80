import type { Endpoints } from './types';

/** Points of sale: across clients at /locations, one client's at /locations/client/{id}. */
export const branchOffices: Endpoints = {
  list: { get: '/locations', byFilter: { clientId: '/locations/client/:clientId' } },
  one: { get: '/locations/:id' },
  create: { post: '/locations' },
  update: { put: '/locations', idIn: 'body', checksUpdatedAt: true },
  actions: { setStatus: { put: '/locations/disable' } },
};
