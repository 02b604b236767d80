import type { Endpoints } from './types';

/** Web users (spec 3 §7); DELETE deactivates. Activation and the WhatsApp switch are named actions. */
export const webUsers: Endpoints = {
  list: { get: '/web-users' },
  one: { get: '/web-users/:id' },
  create: { post: '/web-users/' },
  update: { put: '/web-users', idIn: 'body', checksUpdatedAt: true },
  delete: { delete: '/web-users/:id' },
  actions: { setState: { put: '/web-users/state' }, setWhatsapp: { put: '/web-users/whatsapp' } },
};
