/**
 * Searches and the points of sale's duplicate check are blind to case and to the accents of every Latin
 * alphabet, not only Spanish and Portuguese: 'cafe tokyo' finds 'Café Tōkyō', 'lodz' finds 'Łódź', 'strasse'
 * finds 'Straße' (domain/fold.ts `foldText`, the SQL `campo_fold` of migration 0032; tests/api/search.test.ts
 * holds the two to each other letter by letter).
 */
import { describe, expect, it } from 'vitest';
import { foldName } from '../../domain/locations';
import { sameLocationKey } from '../../domain/locationsCsv';
import { personMatch } from '../../domain/people';
import { foldText } from '../../domain/pickers';
import { searchPattern } from '../../server/db/list';

const codePoints = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

describe('folding a text for a search', () => {
  it('takes the accents off the letters of the Latin alphabets and lowers them', () => {
    const cases: [string, string][] = [
      ['Cafe Tōkyō', 'cafe tokyo'],
      ['ŁÓDŹ Łódź', 'lodz lodz'],
      ['Søren Ødegård', 'soren odegard'],
      ['Čapek Šťastný Žďár Ř', 'capek stastny zdar r'],
      ['Şişli Ğ ğ', 'sisli g g'],
      ['İSTANBUL ıspanak', 'istanbul ispanak'],
      ['București Timișoara ȚARA', 'bucuresti timisoara tara'],
      ['Đà Nẵng Phở Nguyễn Ưu Ơn', 'da nang pho nguyen uu on'],
      ['Ħal Ŧ Ŋ Ð Ŀ ĸ ſ', 'hal t n d l k s'],
      ['Ÿ ÿ Ý Å Ē Ė Ę Ī Į Ū Ų Ő Ű', 'y y y a e e e i i u u o u'],
    ];
    for (const [text, folded] of cases) expect(foldText(text), text).toBe(folded);
  });

  it('writes the ligatures and ß out in plain letters: a search typed either way finds the name', () => {
    expect(foldText('Straße STRASSE ẞ')).toBe('strasse strasse ss');
    expect(foldText('Ærø Æble')).toBe('aero aeble');
    expect(foldText('Œuvre cœur')).toBe('oeuvre coeur');
    expect(foldText('Ĳssel ĳs')).toBe('ijssel ijs');
    expect(foldText('Þórshöfn þ')).toBe('thorshofn th');
  });

  it('takes off an accent typed apart from its letter (a file saved decomposed)', () => {
    expect(foldText('Cafe\u0301 To\u0304kyo\u0304 N\u0303')).toBe('cafe tokyo n');
  });

  it('folds every letter of Latin-1 Supplement and Latin Extended-A to plain lower-case ASCII', () => {
    const letters = [...codePoints(0xc0, 0xff), ...codePoints(0x100, 0x17f)].filter((c) => c !== '×' && c !== '÷');
    for (const letter of letters) expect(foldText(letter), `${letter} U+${letter.codePointAt(0)!.toString(16)}`).toMatch(/^[a-z]{1,2}$/);
  });

  it('leaves ASCII, digits, signs and other scripts as lower() does', () => {
    expect(foldText('Plain ASCII 123 -_%')).toBe('plain ascii 123 -_%');
    expect(foldText('× ÷ ª º')).toBe('× ÷ ª º');
  });
});

describe('what folds with it', () => {
  it('a search pattern', () => {
    expect(searchPattern('Cafe  Tōkyō')).toBe('%cafe tokyo%');
  });

  it('a search of people', () => {
    expect(personMatch('Łukasz Wójcik', 'lukasz wojcik')).toBe(true);
    expect(personMatch('Søren Ødegård', 'ODEGARD')).toBe(true);
  });

  it("a point of sale's name and address, as the duplicate check and the bulk load compare them", () => {
    expect(foldName('Cafe Tōkyō')).toBe(foldName('cafe tokyo'));
    expect(foldName('  Łódź   Straße ')).toBe('lodz strasse');
    expect(sameLocationKey({ fullName: 'Cafe Tōkyō', street: 'Øster Allé 12' })).toBe(sameLocationKey({ fullName: 'CAFE TOKYO', street: 'oster alle 12' }));
  });
});
