/**
 * The rule every search of people follows (domain/people.ts): each word typed starts a word of the name
 * (or e-mail), in any order, blind to case and accents. The server's SQL and the console's pickers both use it.
 */
import { describe, expect, it } from 'vitest';
import { PEOPLE_TEXT, personMatch, personMatches, personWords, wordsText } from '../../domain/people';
import type { Getter } from '../../src/ui/getterPicker/GetterPicker';
import { GETTERS } from '../../src/ui/getterPicker/GetterPicker';
import { optionKey, shownOptions } from '../../src/ui/searchPicker/options';

describe('the words of a search of people', () => {
  it('are folded, split at spaces, distinct, the longest first', () => {
    expect(personWords('Ramírez  JULIETA')).toEqual(['ramirez', 'julieta']);
    expect(personWords('ram ram')).toEqual(['ram']);
  });
  it('keep together what is typed without a space: its parts are consecutive words', () => {
    expect(personWords("María-José O’Brien")).toEqual(['maria jose', 'o brien']);
    expect(personWords('juan.perez@campo.test')).toEqual(['juan perez campo test']);
    expect(personWords('perez juan.perez@campo.test')).toEqual(['juan perez campo test', 'perez']);
  });
  it('leave out a word another one starts with: it asks nothing more', () => {
    expect(personWords('j juan ju')).toEqual(['juan']);
    expect(personWords('ram jul r')).toEqual(['ram', 'jul']);
  });
  it('are none for what holds no word', () => {
    expect(personWords('')).toEqual([]);
    expect(personWords(' - . ')).toEqual([]);
  });
  it('keep what LIKE would read as a wildcard, for the server to escape', () => {
    expect(personWords('50% ra_m')).toEqual(['ra m', '50%']);
  });
});

describe('a person matches a search', () => {
  const julieta = 'Julieta Ramírez';
  it('by the surname first, with or without accents and capitals', () => {
    for (const typed of ['Ramirez Julieta', 'ramírez julieta', 'JULIETA', 'julieta ramirez']) expect(personMatch(julieta, typed), typed).toBe(true);
  });
  it('by the start of each word, in any order', () => {
    for (const typed of ['ram jul', 'jul ram', 'j r', 'r']) expect(personMatch(julieta, typed), typed).toBe(true);
  });
  it('not by a piece inside a word, nor with a word the name lacks', () => {
    for (const typed of ['amirez', 'ulieta', 'ramirez julieta x', 'julietaramirez']) expect(personMatch(julieta, typed), typed).toBe(false);
  });
  it('by the words of a compound name or an e-mail', () => {
    expect(personMatch('María-José Núñez', 'jose nunez')).toBe(true);
    expect(personMatch('Julieta Ramírez\njramirez@campo.test', 'campo jramirez')).toBe(true);
    expect(personMatches(julieta, [])).toBe(true);
  });
  it('by an e-mail typed whole, not by its words found apart', () => {
    expect(personMatch('Omar Operaciones\noperaciones@campo.test', 'operaciones@campo.test')).toBe(true);
    expect(personMatch('Paula Giménez\noperaciones2@campo.test', 'operaciones@campo.test')).toBe(false);
    expect(personMatch('Paula Giménez\noperaciones2@campo.test', 'operaciones campo')).toBe(true);
    expect(personMatch('María José Núñez', 'maria-jose')).toBe(true);
    expect(personMatch('José María Núñez', 'maria-jose')).toBe(false);
  });
  it('reads the name as the database holds it: folded words, each after a space', () => {
    expect(wordsText("María-José O'Brien")).toBe(' maria jose o brien');
  });
});

describe("the Getter picker's options while its answer is on its way", () => {
  const found: Getter[] = [
    { id: 1, fullName: 'Julieta Ramírez' },
    { id: 2, fullName: 'Ramiro Julián Sosa' },
    { id: 3, fullName: 'Juan Ramos' },
  ];
  const shown = (term: string) =>
    shownOptions({ answer: { term: 'ram', found }, chosen: null, term, nameOf: GETTERS.nameOf, matches: GETTERS.matches, typeToSearch: PEOPLE_TEXT.typeToSearch }).map(optionKey);
  it('narrow the last answer as the server searches: every word at the start of one of the name', () => {
    expect(shown('ramirez jul')).toEqual(['1']);
    expect(shown('ram jul')).toEqual(['1', '2']);
    expect(shown('ram ju')).toEqual(['1', '2', '3']);
    expect(shown('amo')).toEqual([]);
  });
});
