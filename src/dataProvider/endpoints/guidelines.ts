import type { Endpoints } from './types';

/** Editing a guideline creates its next version (PUT with the id in the body); DELETE ends its validity. */
export const guidelines: Endpoints = {
  list: { get: '/guidelines' },
  one: { get: '/guidelines/:id' },
  create: { post: '/guidelines' },
  update: { put: '/guidelines', idIn: 'body' },
  delete: { delete: '/guidelines/:id' },
  actions: { end: { delete: '/guidelines/:id' } },
};
