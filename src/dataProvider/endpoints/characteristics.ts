import type { Endpoints } from './types';

/** Disabling is DELETE (it sets deletedAt); enabling again is PUT with `{ id, deletedAt: null }` (spec 3 §7). */
export const characteristics: Endpoints = {
  list: { get: '/characteristics/' },
  one: { get: '/characteristics/:id' },
  create: { post: '/characteristics/' },
  update: { put: '/characteristics/', idIn: 'body', checksUpdatedAt: true },
  delete: { delete: '/characteristics/:id' },
  actions: { disable: { delete: '/characteristics/:id' }, enable: { put: '/characteristics/' } },
};
