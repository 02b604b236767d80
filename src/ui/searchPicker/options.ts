/** What a server-searched picker searches for and which options it shows (pure, so it is tested alone). */
import { PICKER_PAGE, PICKER_TERM_MAX, PICKER_TEXT } from '../../../domain/pickers';

/** What such a picker chooses: a row with an id (a Getter, a project). */
export interface Pickable {
  id: number;
}

export type PickerOption<T extends Pickable> =
  | { kind: 'item'; item: T }
  /** 'Todos' or 'Sin Selección': choosing it clears the value. */
  | { kind: 'empty'; label: string }
  /** A line that cannot be chosen: there are more matches than shown. */
  | { kind: 'hint'; label: string };

/**
 * The text to search for: none while the input still shows the chosen option's label (opening the
 * picker on a chosen item lists the first ones again), spaces collapsed, at most PICKER_TERM_MAX characters.
 */
export function searchTerm(input: string, shownLabel: string | null): string {
  if (shownLabel !== null && input === shownLabel) return '';
  return input.trim().replace(/\s+/g, ' ').slice(0, PICKER_TERM_MAX);
}

/** The server's answer to one search: a page and one more match of `term` at most. */
export interface SearchAnswer<T extends Pickable> {
  term: string;
  found: T[];
}

/** How a picker's server search matches, to narrow the last answer as the server would: the text inside the name. */
export type SearchRule = (name: string, term: string) => boolean;

export const contains: SearchRule = (name, term) => name.toLocaleLowerCase('es').includes(term.toLocaleLowerCase('es'));

/**
 * The options shown for what is typed (`term`): the empty option and the chosen item lead when
 * nothing is typed; then the first `page` matches, and a hint line when the server has more
 * (`typeToSearch` before anything is typed, `more` after). While the answer to what is typed is on its way,
 * the last answer narrowed to the names (`nameOf`) that match it (`matches`, as the server does: `contains` unless
 * the source says otherwise) stands in, so the list follows the typing at once.
 */
export function shownOptions<T extends Pickable>({
  answer,
  chosen,
  term,
  emptyLabel,
  nameOf,
  matches = contains,
  typeToSearch,
  more = PICKER_TEXT.more,
  page: pageSize = PICKER_PAGE,
}: {
  answer: SearchAnswer<T> | undefined;
  chosen: T | null;
  term: string;
  emptyLabel?: string;
  nameOf: (item: T) => string;
  matches?: SearchRule;
  typeToSearch: string;
  more?: string;
  page?: number;
}): PickerOption<T>[] {
  const current = answer?.term === term;
  const found = answer ? (current ? answer.found : answer.found.filter((item) => matches(nameOf(item), term))) : [];
  const page = found.slice(0, pageSize);
  const shown: PickerOption<T>[] = [];
  if (!term) {
    if (emptyLabel !== undefined) shown.push({ kind: 'empty', label: emptyLabel });
    if (chosen && !page.some((item) => item.id === chosen.id)) shown.push({ kind: 'item', item: chosen });
  }
  shown.push(...page.map((item): PickerOption<T> => ({ kind: 'item', item })));
  if (current && found.length > pageSize) shown.push({ kind: 'hint', label: term ? more : typeToSearch });
  return shown;
}

export const optionKey = <T extends Pickable>(o: PickerOption<T>): string => (o.kind === 'item' ? String(o.item.id) : o.kind);

export const sameOption = <T extends Pickable>(a: PickerOption<T>, b: PickerOption<T>): boolean => optionKey(a) === optionKey(b);
