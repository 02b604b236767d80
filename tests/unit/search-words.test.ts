/**
 * What the lists' search box makes of runs of spaces and separators: no empty word, and no run of spaces
 * a name does not have (server/db/list.ts: `personSearch` for people, `searchPattern` for the other lists).
 */
import { describe, expect, it } from 'vitest';
import { personWords } from '../../domain/people';
import { personSearch, searchPattern } from '../../server/db/list';

describe('a search of people', () => {
  it('collapses repeated spaces and separators between words', () => {
    for (const typed of ['juan  perez', 'juan , perez', 'juan ,, perez', ' juan\t perez ', 'juan - perez', 'juan ; ; perez']) {
      expect(personWords(typed), typed).toEqual(['perez', 'juan']);
      expect(personSearch(typed)?.values, typed).toEqual({ word0: '% perez%', word1: '% juan%', rest: '{}' });
    }
  });

  it('asks nothing of a search made only of separators: no empty word that every name would match', () => {
    for (const typed of ['  ', ' , ', ',,', ' - . ; ', '\t']) {
      expect(personWords(typed), JSON.stringify(typed)).toEqual([]);
      expect(personSearch(typed), JSON.stringify(typed)).toBeUndefined();
    }
  });
});

describe('a search of a name in the other lists', () => {
  it('takes a run of spaces as the one space between words, and leaves out the spaces around them', () => {
    expect(searchPattern('Café  del   Plata')).toBe('%cafe del plata%');
    expect(searchPattern(' café\tdel plata ')).toBe('%cafe del plata%');
  });

  it('made only of spaces, filters nothing, as an empty search', () => {
    expect(searchPattern('   ')).toBe('%%');
  });
});
