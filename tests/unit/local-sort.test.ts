import { describe, expect, it } from 'vitest';
import { sortRecords } from '../../src/ui/table/localSort';

const names = (records: { name: string | null }[]) => records.map((r) => r.name);

describe('a list paged in the browser', () => {
  const records = [
    { id: 1, name: 'Visita estándar' },
    { id: 2, name: 'Árbol de decisión' },
    { id: 3, name: 'auditoría rápida' },
    { id: 4, name: null },
    { id: 5, name: 'Ñandú' },
    { id: 6, name: 'Nube' },
    { id: 7, name: 'Compra 10' },
    { id: 8, name: 'Compra 9' },
  ];

  it('sorts texts in Spanish order, empty ones last, and reverses it all when descending', () => {
    const ascending = ['Árbol de decisión', 'auditoría rápida', 'Compra 9', 'Compra 10', 'Nube', 'Ñandú', 'Visita estándar', null];
    expect(names(sortRecords(records, { field: 'name', order: 'ASC' }))).toEqual(ascending);
    expect(names(sortRecords(records, { field: 'name', order: 'DESC' }))).toEqual([...ascending].reverse());
  });

  it('sorts numbers and flags by value, the id breaking ties', () => {
    const rows = [
      { id: 3, points: 100, status: true },
      { id: 1, points: 40, status: false },
      { id: 2, points: 100, status: false },
    ];
    expect(sortRecords(rows, { field: 'points', order: 'ASC' }).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(sortRecords(rows, { field: 'status', order: 'ASC' }).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(rows.map((r) => r.id)).toEqual([3, 1, 2]);
  });
});
