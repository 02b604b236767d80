import type { Endpoints } from './types';

/** Move configurations: the list answers all of them (the console pages on its side). */
export const movesConfig: Endpoints = {
  list: { get: '/moves' },
  one: { get: '/moves/get/:id' },
  create: { post: '/moves/post/new-move' },
  update: { put: '/moves/put/:id', idIn: 'path', checksUpdatedAt: true },
};
