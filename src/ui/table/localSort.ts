/**
 * A list that pages in the browser (`CampoList` with `local`): its records filtered, sorted and paged as
 * the server does the others. Texts in Spanish order (capitals and accents aside, 'Árbol' among the A's,
 * 'ñ' after 'n'; react-admin's own `useList` compares with `<`, which put 'auditoría' and 'Árbol' after
 * 'Visita'), empty values last when ascending (as PostgreSQL does), the id breaking ties; a text filter
 * finds its words anywhere in the field, capitals and accents aside, as the server's searches do.
 */
import type { RaRecord, SortPayload } from 'ra-core';
import { foldText } from '../../../domain/fold';

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

/** The server's searches' fold (the SQL `campo_fold`): a local list finds what a paged one would. */
const fold = foldText;

/** The filter's values by dotted path ({ client: { id: 3 } } filters 'client.id'); empty ones filter nothing. */
function filterEntries(filter: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(filter).flatMap(([key, value]): [string, unknown][] => {
    if (value === undefined || value === null || value === '') return [];
    if (typeof value === 'object' && !Array.isArray(value)) return filterEntries(value as Record<string, unknown>, `${prefix}${key}.`);
    return [[`${prefix}${key}`, value]];
  });
}

/** One value of a record against one filter value: a text within a text, one of a list, else equal (3 and '3' alike). */
function matches(value: unknown, wanted: unknown): boolean {
  if (Array.isArray(wanted)) return wanted.some((w) => matches(value, w));
  if (Array.isArray(value)) return value.some((v) => matches(v, wanted));
  if (typeof value === 'string' && typeof wanted === 'string') return fold(value).includes(fold(wanted.trim()));
  if (value === null || value === undefined) return false;
  return String(value) === String(wanted);
}

/** `q` searches every text field of the record; any other key, the field it names. */
const recordMatches = (record: RaRecord, entries: [string, unknown][]) =>
  entries.every(([path, wanted]) =>
    path === 'q' ? Object.values(record).some((value) => typeof value === 'string' && matches(value, wanted)) : matches(valueAt(record, path), wanted),
  );

export function filterRecords<R extends RaRecord>(records: readonly R[], filter: Record<string, unknown> = {}): R[] {
  const entries = filterEntries(filter);
  return entries.length ? records.filter((r) => recordMatches(r, entries)) : [...records];
}

/** The records the filter keeps, sorted once in Spanish order: what every page is cut from. */
export const filteredAndSorted = <R extends RaRecord>(records: readonly R[], filter: Record<string, unknown> | undefined, sort: SortPayload): R[] =>
  sortRecords(filterRecords(records, filter), sort);

/** The rows of page `page` (from 1) of `perPage` rows. */
export const pageOf = <R>(rows: readonly R[], page: number, perPage: number): R[] => rows.slice((page - 1) * perPage, page * perPage);
