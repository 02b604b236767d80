import type { Identifier } from 'ra-core';

/** Where a list of points of sale and its screens live: under a client, or in the /branch-offices area. */
export interface LocationPaths {
  list: string;
  add: string;
  edit: (id: Identifier) => string;
  view: (id: Identifier) => string;
  massive: string;
}

export const clientLocationPaths = (clientId: Identifier): LocationPaths => ({
  list: `/clients/${clientId}/branch-offices`,
  add: `/clients/${clientId}/add`,
  edit: (id) => `/clients/${clientId}/edit/${id}`,
  view: (id) => `/clients/${clientId}/view/${id}`,
  massive: `/clients/${clientId}/massive`,
});

export const rootLocationPaths: LocationPaths = {
  list: '/branch-offices',
  add: '/branch-offices/add',
  edit: (id) => `/branch-offices/edit/${id}`,
  view: (id) => `/branch-offices/view/${id}`,
  massive: '/branch-offices/massive',
};
