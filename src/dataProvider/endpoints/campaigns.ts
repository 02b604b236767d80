import type { Endpoints } from './types';

/** Disabling is DELETE (it sets deletedAt); enabling again is PUT with `{ id, deletedAt: null }` (spec 3 §7). */
export const campaigns: Endpoints = {
  list: { get: '/campaigns' },
  one: { get: '/campaigns/:id' },
  create: { post: '/campaigns' },
  update: { put: '/campaigns', idIn: 'body', checksUpdatedAt: true },
  delete: { delete: '/campaigns/:id' },
  actions: { disable: { delete: '/campaigns/:id' }, enable: { put: '/campaigns' } },
};
