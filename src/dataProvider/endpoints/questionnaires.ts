import type { Endpoints } from './types';

/** Spec 2 §7: the questionnaire calls. An update adds a version; a delete removes the last one. */
export const questionnaires: Endpoints = {
  list: { get: '/questionnariesV2' },
  one: { get: '/questionnariesV2/get/:id' },
  create: { post: '/questionnariesV2' },
  update: { put: '/questionnariesV2/update/:id', idIn: 'path' },
  delete: { delete: '/questionnariesV2/delete/:id' },
};
