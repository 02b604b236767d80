import type { Endpoints } from './types';

export const tags: Endpoints = {
  list: { get: '/tags' },
  one: { get: '/tags/:id' },
  create: { post: '/tags' },
  update: { put: '/tags', idIn: 'body' },
  actions: { setState: { put: '/tags/state' } },
};
