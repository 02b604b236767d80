import { describe, expect, it } from 'vitest';
import { PEOPLE_TEXT } from '../../domain/people';
import { PICKER_PAGE, PICKER_TEXT } from '../../domain/pickers';
import type { Getter } from '../../src/ui/getterPicker/GetterPicker';
import { type ProjectChoice, PROJECTS } from '../../src/ui/ProjectPicker';
import { optionKey, type Pickable, type PickerOption, type SearchAnswer, sameOption, searchTerm, shownOptions as shownOf } from '../../src/ui/searchPicker/options';

const answer = (term: string, found: Getter[]) => ({ term, found });
/** The options of the Getter picker. */
const shownOptions = (args: { answer: SearchAnswer<Getter> | undefined; chosen: Getter | null; term: string; emptyLabel?: string }) =>
  shownOf({ ...args, nameOf: (g) => g.fullName, typeToSearch: PEOPLE_TEXT.typeToSearch });

const getters = (n: number, from = 1): Getter[] => Array.from({ length: n }, (_, i) => ({ id: from + i, fullName: `Getter ${from + i}` }));
const keys = <T extends Pickable>(list: PickerOption<T>[]) => list.map(optionKey);

describe("a server-searched picker's search", () => {
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
    expect(first.at(-2)).toEqual({ kind: 'item', item: { id: PICKER_PAGE, fullName: `Getter ${PICKER_PAGE}` } });
    expect(shownOptions({ answer: answer('ge', getters(PICKER_PAGE + 1)), chosen: null, term: 'ge' }).at(-1)).toEqual({ kind: 'hint', label: PICKER_TEXT.more });
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
    expect(sameOption<Getter>({ kind: 'item', item: { id: 4, fullName: '' } }, { kind: 'item', item: { id: 4, fullName: 'Ana' } })).toBe(true);
    expect(sameOption<Getter>({ kind: 'item', item: { id: 4, fullName: 'Ana' } }, { kind: 'empty', label: 'Todos' })).toBe(false);
  });
});

describe("the project picker's options", () => {
  const projects = (n: number): ProjectChoice[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Proyecto número ${i + 1}` }));
  const shown = (args: { answer: SearchAnswer<ProjectChoice> | undefined; chosen: ProjectChoice | null; term: string }) =>
    shownOf({ ...args, emptyLabel: 'Todos', nameOf: PROJECTS.nameOf, typeToSearch: PROJECTS.typeToSearch });

  it('ask to type to find a project among more than a page, and to keep typing when a search finds more', () => {
    const first = shown({ answer: { term: '', found: projects(PICKER_PAGE + 1) }, chosen: null, term: '' });
    expect(first).toHaveLength(PICKER_PAGE + 2);
    expect(first.at(-1)).toEqual({ kind: 'hint', label: 'Escriba para buscar un proyecto' });
    expect(shown({ answer: { term: 'número', found: projects(PICKER_PAGE + 1) }, chosen: null, term: 'número' }).at(-1)).toEqual({ kind: 'hint', label: PICKER_TEXT.more });
  });
  it('keep the chosen project named, first, though the first page does not bring it', () => {
    const chosen = { id: 4000, name: 'Relevamiento Zárate' };
    expect(keys(shown({ answer: { term: '', found: projects(3) }, chosen, term: '' }))).toEqual(['empty', '4000', '1', '2', '3']);
  });
  it('narrow the last answer by project name while the next one is on its way', () => {
    const found = [{ id: 7, name: 'Góndolas Ñandú' }, { id: 8, name: 'Exhibidores' }];
    expect(keys(shown({ answer: { term: '', found }, chosen: null, term: 'góndolas ñ' }))).toEqual(['7']);
  });
  it('name an id that names nothing as a project', () => {
    expect(PROJECTS.stub(12, PROJECTS.unnamed(12))).toEqual({ id: 12, name: 'Proyecto 12' });
  });
});
