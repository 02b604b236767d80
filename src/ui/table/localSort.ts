/**
 * Sorting a list that pages in the browser (`CampoList` with `local`) as the server sorts the others:
 * texts in Spanish order (capitals and accents aside, 'Árbol' among the A's, 'ñ' after 'n'; react-admin's
 * own `useList` compares with `<`, which put 'auditoría' and 'Árbol' after 'Visita'), empty values last
 * when ascending (as PostgreSQL does), the id breaking ties.
 */
import type { RaRecord, SortPayload } from 'ra-core';

const spanish = new Intl.Collator('es', { numeric: true });

function compareValues(a: unknown, b: unknown): number {
  const noA = a === null || a === undefined || a === '';
  const noB = b === null || b === undefined || b === '';
  if (noA || noB) return noA === noB ? 0 : noA ? 1 : -1;
  if (typeof a === 'string' && typeof b === 'string') return spanish.compare(a, b);
  if (Array.isArray(a) || Array.isArray(b)) return spanish.compare(String(a), String(b));
  return a! < b! ? -1 : a! > b! ? 1 : 0;
}

const valueAt = (record: RaRecord, path: string): unknown => path.split('.').reduce<unknown>((v, key) => (v === null || v === undefined ? v : (v as Record<string, unknown>)[key]), record);

export function sortRecords<R extends RaRecord>(records: readonly R[], sort: SortPayload): R[] {
  if (!sort.field) return [...records];
  const sign = sort.order === 'DESC' ? -1 : 1;
  return [...records].sort((x, y) => sign * compareValues(valueAt(x, sort.field), valueAt(y, sort.field)) || compareValues(x.id, y.id));
}
