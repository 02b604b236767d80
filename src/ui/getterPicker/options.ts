/** What the Getter picker searches for and which options it shows (pure, so it is tested alone). */
import type { GetterProfile } from '../../../domain/payments';
import { PEOPLE_TEXT, PICKER_PAGE } from '../../../domain/people';

/** A Getter as GET /users answers it. */
export interface Getter {
  id: number;
  fullName: string;
  profile?: GetterProfile;
}

export type GetterOption =
  | { kind: 'getter'; getter: Getter }
  /** 'Todos' or 'Sin Selección': choosing it clears the value. */
  | { kind: 'empty'; label: string }
  /** A line that cannot be chosen: there are more matches than shown. */
  | { kind: 'hint'; label: string };

/** The longest search the server takes. */
const MAX_TERM = 100;

/**
 * The text to search for: none while the input still shows the chosen option's label (opening the
 * picker on a chosen Getter lists the first ones again), spaces collapsed, at most 100 characters.
 */
export function searchTerm(input: string, shownLabel: string | null): string {
  if (shownLabel !== null && input === shownLabel) return '';
  return input.trim().replace(/\s+/g, ' ').slice(0, MAX_TERM);
}

/** The server's answer to one search: PICKER_PAGE + 1 matches of `term` at most. */
export interface SearchAnswer {
  term: string;
  found: Getter[];
}

const contains = (name: string, term: string) => name.toLocaleLowerCase('es').includes(term.toLocaleLowerCase('es'));

/**
 * The options shown for what is typed (`term`): the empty option and the chosen Getter lead when
 * nothing is typed; then the first PICKER_PAGE matches, and a hint line when the server has more.
 * While the answer to what is typed is on its way, the last answer narrowed to the names that
 * contain it stands in, so the list follows the typing at once.
 */
export function shownOptions({ answer, chosen, term, emptyLabel }: { answer: SearchAnswer | undefined; chosen: Getter | null; term: string; emptyLabel?: string }): GetterOption[] {
  const current = answer?.term === term;
  const found = answer ? (current ? answer.found : answer.found.filter((g) => contains(g.fullName, term))) : [];
  const page = found.slice(0, PICKER_PAGE);
  const shown: GetterOption[] = [];
  if (!term) {
    if (emptyLabel !== undefined) shown.push({ kind: 'empty', label: emptyLabel });
    if (chosen && !page.some((g) => g.id === chosen.id)) shown.push({ kind: 'getter', getter: chosen });
  }
  shown.push(...page.map((getter): GetterOption => ({ kind: 'getter', getter })));
  if (current && found.length > PICKER_PAGE) shown.push({ kind: 'hint', label: term ? PEOPLE_TEXT.more : PEOPLE_TEXT.typeToSearch });
  return shown;
}

export const optionKey = (o: GetterOption): string => (o.kind === 'getter' ? String(o.getter.id) : o.kind);

export const sameOption = (a: GetterOption, b: GetterOption): boolean => optionKey(a) === optionKey(b);
