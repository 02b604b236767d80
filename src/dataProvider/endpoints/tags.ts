import type { Endpoints } from './types';

export const tags: Endpoints = {
  list: { get: '/tags' },
  one: { get: '/tags/:id' },
  create: { post: '/tags' },
  update: { put: '/tags', idIn: 'body', checksUpdatedAt: true },
  actions: { setState: { put: '/tags/state' } },
};
