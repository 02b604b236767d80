import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../http';

/** Resolves a requested sort against a whitelist of columns; unknown fields are a 400. */
export function orderBy(sortable: Record<string, AnyColumn | SQL>, sort: string | undefined, order: 'ASC' | 'DESC', fallback: string): SQL[] {
  const key = sort ?? fallback;
  const column = sortable[key];
  if (!column) throw badRequest(`No se puede ordenar por "${key}".`);
  const direction = order === 'DESC' ? desc : asc;
  const tie = sortable.id && key !== 'id' ? [direction(sortable.id as AnyColumn)] : [];
  return [direction(column as AnyColumn), ...tie];
}

/** A LIKE pattern that matches the text literally, wherever it stands. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const countAll = sql<number>`count(*)::int`;
