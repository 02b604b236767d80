import type { Endpoints } from './types';

export const motives: Endpoints = {
  list: { get: '/motives' },
  one: { get: '/motives/:id' },
  create: { post: '/motives/' },
  update: { put: '/motives', idIn: 'body', checksUpdatedAt: true },
  delete: { delete: '/motives/:id' },
  actions: { setState: { put: '/motives/state' } },
};
