import { describe, expect, it } from 'vitest';
import { pagesText, shownText } from '../../src/ui/table/pagerText';

describe("the pager's 'Mostrando' line", () => {
  it('gives an exact total as it is', () => {
    expect(shownText(1, 10, 54, false)).toBe('Mostrando 1-10 de 54 registros');
    expect(shownText(0, 0, 0, false)).toBe('Mostrando 0-0 de 0 registros');
  });
  it('says an estimated total is approximate, with thousands separated the Argentine way', () => {
    expect(shownText(11, 20, 1000464, true)).toBe('Mostrando 11-20 de aprox. 1.000.464 registros');
    expect(pagesText(100047, true)).toBe('Págs. Totales: aprox. 100.047');
    expect(pagesText(6, false)).toBe('Págs. Totales: 6');
  });
});
