import type { Endpoints } from './types';

export const clients: Endpoints = {
  list: { get: '/clients/all-clients' },
  one: { get: '/clients/:id' },
  create: { post: '/clients/' },
  update: { put: '/clients', idIn: 'body', checksUpdatedAt: true },
  actions: { setState: { put: '/clients/state' } },
};
