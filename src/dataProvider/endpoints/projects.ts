import type { Endpoints } from './types';

/**
 * Projects (spec 3 §7): the list takes `future=true` for the assignment screen; adding and removing
 * locations is its own call; Getters get moves through the moves' `massive-locations`.
 */
export const projects: Endpoints = {
  list: { get: '/projects' },
  one: { get: '/projects/:id' },
  create: { post: '/projects' },
  update: { put: '/projects', idIn: 'body', checksUpdatedAt: true },
  actions: { locations: { put: '/projects/locations' }, assign: { post: '/user-moves/massive-locations' } },
};
