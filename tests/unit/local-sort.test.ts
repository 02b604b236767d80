import { describe, expect, it } from 'vitest';
import { filteredAndSorted, filterRecords, pageOf, sortRecords } from '../../src/ui/table/localSort';

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

describe('the filters and pages of a list paged in the browser', () => {
  const configs = [
    { id: 1, name: 'Visita estándar', status: true, points: 10, moveTypes: [1, 2], category: { id: 3 } },
    { id: 2, name: 'Árbol de decisión', status: false, points: 20, moveTypes: [2], category: { id: 4 } },
    { id: 3, name: 'auditoría rápida', status: true, points: 10, moveTypes: [], category: null },
    { id: 4, name: 'Arbolito', status: true, points: 30, moveTypes: [3], category: { id: 3 } },
    { id: 5, name: 'Ñandú', status: true, points: 20, moveTypes: [1], category: { id: 4 } },
    { id: 6, name: 'Compra', status: false, points: 10, moveTypes: [1], category: { id: 3 } },
  ];
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  it('finds a text anywhere in its field, capitals and accents aside; q in any text field', () => {
    expect(ids(filterRecords(configs, { name: 'ARBOL' }))).toEqual([2, 4]);
    expect(ids(filterRecords(configs, { name: ' auditoria ' }))).toEqual([3]);
    expect(ids(filterRecords(configs, { q: 'estándar' }))).toEqual([1]);
  });

  it('folds as the server’s searches fold: the letters of other Latin alphabets and the ligatures too', () => {
    const places = [
      { id: 1, name: 'Łódź Straße' },
      { id: 2, name: 'Cafe Tōkyō' },
      { id: 3, name: 'Ærø' },
    ];
    expect(ids(filterRecords(places, { name: 'lodz strasse' }))).toEqual([1]);
    expect(ids(filterRecords(places, { q: 'TOKYO' }))).toEqual([2]);
    expect(ids(filterRecords(places, { name: 'aero' }))).toEqual([3]);
  });

  it('keeps flags, numbers (3 and "3" alike), lists and nested fields that equal the filter, and ignores empty filters', () => {
    expect(ids(filterRecords(configs, { status: false }))).toEqual([2, 6]);
    expect(ids(filterRecords(configs, { points: '20' }))).toEqual([2, 5]);
    expect(ids(filterRecords(configs, { moveTypes: 1 }))).toEqual([1, 5, 6]);
    expect(ids(filterRecords(configs, { points: [10, 30] }))).toEqual([1, 3, 4, 6]);
    expect(ids(filterRecords(configs, { category: { id: 3 } }))).toEqual([1, 4, 6]);
    expect(ids(filterRecords(configs, { 'category.id': 4, status: true }))).toEqual([5]);
    expect(ids(filterRecords(configs, { name: '', status: undefined, points: null }))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('sorts the filtered records once, in Spanish order, and cuts every page from them', () => {
    const active = filteredAndSorted(configs, { status: true }, { field: 'name', order: 'ASC' });
    expect(active.map((r) => r.name)).toEqual(['Arbolito', 'auditoría rápida', 'Ñandú', 'Visita estándar']);
    expect(pageOf(active, 1, 3).map((r) => r.name)).toEqual(['Arbolito', 'auditoría rápida', 'Ñandú']);
    expect(pageOf(active, 2, 3).map((r) => r.name)).toEqual(['Visita estándar']);
    expect(pageOf(active, 3, 3)).toEqual([]);
    // With no filter, the sort by points keeps the id order among equals, descending too.
    expect(ids(filteredAndSorted(configs, undefined, { field: 'points', order: 'DESC' }))).toEqual([4, 2, 5, 1, 3, 6]);
    expect(ids(configs)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
