// @vitest-environment jsdom
/** 'Asignación de Moves' reads what it lists from its address, and writes it back the same. */
import { describe, expect, it } from 'vitest';
import { stockParamsIn, stockSearch } from '../../src/resources/moves/assign/AssignPage';

describe("the stock assignment's address", () => {
  it('names a sort by a column and its way, and reads it back', () => {
    const params = stockParamsIn('?page=2&perPage=25&states=Publicada&sort=fecha_limite&order=DESC&clientId=7');
    expect(params).toMatchObject({ page: 2, perPage: 25, states: ['Publicada'], clientId: 7, sort: { field: 'fecha_limite', order: 'DESC' } });
    expect(stockParamsIn(stockSearch(params!))).toEqual(params);
  });

  it('sorts up when the way is missing or wrong, and not at all by a column it does not have', () => {
    expect(stockParamsIn('?sort=proyecto')?.sort).toEqual({ field: 'proyecto', order: 'ASC' });
    expect(stockParamsIn('?sort=proyecto&order=sideways')?.sort).toEqual({ field: 'proyecto', order: 'ASC' });
    expect(stockParamsIn('?sort=password&order=DESC')?.sort).toBeNull();
    expect(stockParamsIn('?sort=__proto__')?.sort).toBeNull();
    // The API takes the way in any case.
    expect(stockParamsIn('?sort=ciudad&order=desc')?.sort).toEqual({ field: 'ciudad', order: 'DESC' });
  });

  it('takes an address with only a way for one that names nothing (the screen opens as it was left)', () => {
    expect(stockParamsIn('?order=DESC')).toBeNull();
  });

  it('leaves the sort out of the address when there is none (the stock\'s own order)', () => {
    const search = stockSearch({ ...stockParamsIn('?page=1')!, sort: null });
    expect(new URLSearchParams(search).has('sort')).toBe(false);
    expect(new URLSearchParams(search).has('order')).toBe(false);
  });
});
