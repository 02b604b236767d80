import type { Endpoints } from './types';

/** Spec 2 §7: the history of sends and the send itself (a create: it records a history row). */
export const pushNotifications: Endpoints = {
  list: { get: '/push-notifications/historial' },
  create: { post: '/push-notifications/send-message' },
};
