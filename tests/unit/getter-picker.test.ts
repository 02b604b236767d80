import { describe, expect, it } from 'vitest';
import { PEOPLE_TEXT, PICKER_PAGE } from '../../domain/people';
import { type Getter, optionKey, sameOption, searchTerm, shownOptions } from '../../src/ui/getterPicker/options';

const answer = (term: string, found: Getter[]) => ({ term, found });

const getters = (n: number, from = 1): Getter[] => Array.from({ length: n }, (_, i) => ({ id: from + i, fullName: `Getter ${from + i}` }));
const keys = (list: ReturnType<typeof shownOptions>) => list.map(optionKey);

describe("the Getter picker's search", () => {
  it('searches what is typed, spaces collapsed, at most 100 characters', () => {
    expect(searchTerm('  juan   pé ', null)).toBe('juan pé');
    expect(searchTerm('x'.repeat(150), null)).toHaveLength(100);
    expect(searchTerm('   ', null)).toBe('');
  });
  it('searches nothing while the input shows the chosen Getter, so opening it lists the first ones', () => {
    expect(searchTerm('Juan Pérez', 'Juan Pérez')).toBe('');
    expect(searchTerm('Juan Pére', 'Juan Pérez')).toBe('Juan Pére');
    expect(searchTerm('Todos', 'Todos')).toBe('');
  });
});

describe("the Getter picker's options", () => {
  it("lead with the empty option and the chosen Getter when nothing is typed, the chosen one not twice", () => {
    const found = getters(3);
    expect(keys(shownOptions({ answer: answer('', found), chosen: { id: 90, fullName: 'Zoe' }, term: '', emptyLabel: 'Todos' }))).toEqual(['empty', '90', '1', '2', '3']);
    expect(keys(shownOptions({ answer: answer('', found), chosen: found[1], term: '', emptyLabel: 'Todos' }))).toEqual(['empty', '1', '2', '3']);
    expect(keys(shownOptions({ answer: answer('', found), chosen: null, term: '' }))).toEqual(['1', '2', '3']);
  });
  it('show only the matches of a search', () => {
    expect(keys(shownOptions({ answer: answer('ge', getters(2, 5)), chosen: { id: 90, fullName: 'Zoe' }, term: 'ge', emptyLabel: 'Todos' }))).toEqual(['5', '6']);
    expect(shownOptions({ answer: answer('nadie', []), chosen: null, term: 'nadie' })).toEqual([]);
  });
  it('show a page of matches and, when there are more, a line that asks to type', () => {
    const exact = shownOptions({ answer: answer('', getters(PICKER_PAGE)), chosen: null, term: '' });
    expect(exact).toHaveLength(PICKER_PAGE);
    const first = shownOptions({ answer: answer('', getters(PICKER_PAGE + 1)), chosen: null, term: '' });
    expect(first).toHaveLength(PICKER_PAGE + 1);
    expect(first.at(-1)).toEqual({ kind: 'hint', label: PEOPLE_TEXT.typeToSearch });
    expect(first.at(-2)).toEqual({ kind: 'getter', getter: { id: PICKER_PAGE, fullName: `Getter ${PICKER_PAGE}` } });
    expect(shownOptions({ answer: answer('ge', getters(PICKER_PAGE + 1)), chosen: null, term: 'ge' }).at(-1)).toEqual({ kind: 'hint', label: PEOPLE_TEXT.more });
  });
  it('follow the typing at once: the last answer narrowed to the names that contain what is typed, until its own answer comes', () => {
    const found = [
      { id: 1, fullName: 'Juan Pérez' },
      { id: 2, fullName: 'María González' },
      { id: 3, fullName: 'Ana PEREYRA' },
      ...getters(PICKER_PAGE, 10),
    ];
    expect(keys(shownOptions({ answer: answer('', found), chosen: null, term: 'pér', emptyLabel: 'Todos' }))).toEqual(['1']);
    expect(keys(shownOptions({ answer: answer('', found), chosen: null, term: 'pere' }))).toEqual(['3']);
    // No hint until the answer to what is typed says whether there are more.
    expect(shownOptions({ answer: answer('', found), chosen: null, term: 'getter' }).some((o) => o.kind === 'hint')).toBe(false);
    expect(shownOptions({ answer: undefined, chosen: null, term: 'juan' })).toEqual([]);
  });
  it('are the same option when they name the same Getter', () => {
    expect(sameOption({ kind: 'getter', getter: { id: 4, fullName: '' } }, { kind: 'getter', getter: { id: 4, fullName: 'Ana' } })).toBe(true);
    expect(sameOption({ kind: 'getter', getter: { id: 4, fullName: 'Ana' } }, { kind: 'empty', label: 'Todos' })).toBe(false);
  });
});
