/**
 * How the list asks for a page: after the last move of the page before it when that page is at hand,
 * before the first move of the page after it, otherwise by offset. A keyset page costs the same on
 * the thousandth page as on the first; an offset one walks every move before it.
 */
export interface PageRequest {
  offset: number;
  limit: number;
  after?: number;
  before?: number;
}

export function pageRequest(page: number, perPage: number, neighbours: { previous?: { id: number }[]; next?: { id: number }[] }): PageRequest {
  const last = neighbours.previous?.at(-1);
  if (page > 1 && neighbours.previous?.length === perPage && last) return { offset: 0, limit: perPage, after: last.id };
  const first = neighbours.next?.[0];
  if (first) return { offset: 0, limit: perPage, before: first.id };
  return { offset: (page - 1) * perPage, limit: perPage };
}
