/** The people the console's pickers choose from (`GET /users`): how many one answer holds, and the picker's words. */
import { z } from 'zod';
import { idFullName } from './answers';
import { foldText } from './fold';
import { limitText, pickerLimit } from './pickers';

/** The most one answer holds: enough for a small role's select; Getters are searched. */
export const PEOPLE_CAP = 5000;

export const PEOPLE_TEXT = {
  limit: limitText(PEOPLE_CAP),
  /** The picker before anything is typed, when there are more Getters than it shows. */
  typeToSearch: 'Escriba para buscar un Getter',
} as const;

export const peopleLimit = pickerLimit(PEOPLE_CAP);

/**
 * How every search of people matches (the Getter and agent pickers, the web users list): each word typed
 * matches the start of some word of the person's name (or e-mail, where it is searched), in any order,
 * blind to case and accents: 'Ramirez Julieta', 'ram jul' and 'JULIETA' find 'Julieta Ramírez'.
 * Words are what lies between spaces and these separators, in what is typed and in the name alike
 * ('maria jose' finds 'María-José'; 'perez campo' finds 'juan.perez@campo.test'). The SQL columns
 * `users.search_words` and `users.search_text_words` (migrations 0031, 0032) are the folded name (and e-mail)
 * broken the same way, after a space, so that '% jul%' is "a word starting with jul", trigram-indexed.
 */
export const WORD_SEPARATORS = `-'’.,;:_@+/()"&`;
const SEPARATOR = new RegExp(`[\\s${WORD_SEPARATORS.replace(/[-\\\]^]/g, '\\$&')}]+`, 'u');

/**
 * The words of a search of people: folded, distinct, without those another word already starts with
 * ('j juan' asks only 'juan', which implies 'j'), the longest first (the one the index is asked for).
 * What is typed without a space stays together: its parts are consecutive words of the person ('maria-jose'
 * is 'maria jose', found in 'María-José' and 'María José'; an e-mail typed whole, 'operaciones@campo.test', is
 * 'operaciones campo test' and finds that e-mail, not also 'operaciones2@campo.test' by its three words apart).
 */
export function personWords(text: string): string[] {
  const phrases = foldText(text)
    .split(/\s+/u)
    .map((typed) => typed.split(SEPARATOR).filter(Boolean).join(' '))
    .filter(Boolean);
  const words = [...new Set(phrases)];
  return words.filter((w) => !words.some((other) => other !== w && other.startsWith(w))).sort((a, b) => b.length - a.length);
}

/** `text` broken into words as the SQL columns hold it: folded, each word after a space. */
export const wordsText = (text: string) => ` ${foldText(text).split(SEPARATOR).join(' ')}`;

/** Whether the person `text` (a name, or a name and e-mail) holds the words `words` of a search (`personWords`). */
export function personMatches(text: string, words: readonly string[]): boolean {
  const held = wordsText(text);
  return words.every((w) => held.includes(` ${w}`));
}

/** The same rule on what is typed as it stands (a picker narrowing its last answer, a select of a few people). */
export const personMatch = (text: string, term: string) => personMatches(text, personWords(term));

/** A Getter's payment details as the API answers them (the picker's and the transactions'). */
export const getterPaymentProfile = z.object({ cuitCuil: z.string().nullable(), mercadoPago: z.string().nullable(), cbu: z.string().nullable() });
/** `GET /users`: people to pick; a Getter's payment details only for those who pay. */
export const peoplePickerAnswer = z.array(idFullName.extend({ inactive: z.literal(true).optional().describe('Presente cuando la persona no está activa'), profile: getterPaymentProfile.optional() }));
