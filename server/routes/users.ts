/**
 * `GET /users?rolId=`: users of one role as `{ id, fullName, profile? }`: the quality agents
 * (role 1) a move is assigned to and the Getters (role 7) that do them, with their payment profile
 * for those who pay them (`ACCESS.payments`).
 * Active users by default; `q` searches the name, each word typed at the start of one of its words in any
 * order (domain/people.ts, `personWords`) (and, for those who see the profile, the
 * CUIT/CUIL by its digits when it is made of digits with dashes, dots or spaces), `limit` pages a picker's matches, `ids` resolves
 * the names of users a picker already holds (active or not: a chosen Getter may have left since).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { peopleLimit, peoplePickerAnswer } from '../../domain/people';
import { pickerIds, pickerTerm } from '../../domain/pickers';
import { AUTH_TEXT } from '../../domain/auth';
import { TRANSACTION_STATUS, type TransactionStatus } from '../../domain/payments';
import { ACCESS, admits, ROLE, STAFF } from '../../domain/roles';
import type { App } from '../app';
import { matchesPerson, PERSON_PLACEHOLDERS, personSearch } from '../db/list';
import { placeholders, preparedOnce } from '../db/prepared';
import { accounts, cuitDigitsOf, getterProfiles, personWords, transactions, users } from '../db/schema';
import { booleanQuery, HttpError } from '../http';

const query = z.object({
  rolId: z.coerce.number({ error: 'Rol inválido' }).int('Rol inválido').min(1, 'Rol inválido').max(15, 'Rol inválido').default(ROLE.GETTER),
  q: pickerTerm.optional(),
  /** Only Getters owed a pending payment, active or not (the mass-payment selector, the pending list's filter). */
  withPending: booleanQuery.optional(),
  /** Only Getters paid at least once, active or not (the payment history's filter). */
  withPaid: booleanQuery.optional(),
  /** Active or not: the moves list's filter, where the moves of a Getter who left are still to be found. */
  withInactive: booleanQuery.optional(),
  /** 5,000 when absent: the whole list today's selects take. */
  limit: peopleLimit,
  ids: pickerIds.optional(),
});

/**
 * The person whose id is `userId` holds a transaction in that state: owed a pending payment, or paid once.
 * A Getter who left the platform is still paid what is owed, and their payments stay in the history.
 */
const holds = (userId: AnyPgColumn, status: TransactionStatus) =>
  sql`exists (select 1 from ${accounts} join ${transactions} on ${transactions.accountId} = ${accounts.id} where ${accounts.userId} = ${userId} and ${transactions.status} = ${sql.raw(`'${status}'`)})`;

/** A search that reads as (part of) a CUIT/CUIL: digits, with dashes, dots or spaces between them. */
const CUIT_LIKE = /^[\d.\s-]*\d[\d.\s-]*$/;

export default async function userRoutes(app: App) {
  app.get('/users', { config: { roles: STAFF }, schema: { tags: ['users'], summary: 'Usuarios de un rol (Getters por defecto) con búsqueda por nombre, para selectores', description: 'Por defecto solo activos; `ids` resuelve usuarios ya elegidos, activos o no; `withPending` da los Getters con pagos pendientes y `withPaid` los que cobraron alguna vez, activos o no y aunque su rol haya cambiado después; `withInactive`, activos o no. Quien no está activo viene con `inactive: true`. El perfil de pago de los Getters viene solo para quien puede ver pagos.', querystring: query, answer: peoplePickerAnswer } }, async (req) => {
    const { rolId, q, withPending, withPaid, withInactive, limit, ids } = req.query as z.output<typeof query>;
    const pays = admits(ACCESS.payments.read, req.session.rol);
    // Who is owed money, or was paid, is the payers' to know: other staff are refused as on the payments lists.
    if ((withPending || withPaid) && !pays) throw new HttpError(403, AUTH_TEXT.forbidden);
    const holding: TransactionStatus | undefined = withPending ? TRANSACTION_STATUS.PENDING : withPaid ? TRANSACTION_STATUS.PAID : undefined;
    // Active people, unless the list is of those holding a transaction, of people already chosen, or of everyone.
    const held = (userId: AnyPgColumn, status: AnyPgColumn) => (holding ? holds(userId, holding) : withInactive ? undefined : eq(status, true));
    // Who holds a transaction is found whatever their role is now: a Getter made staff is still owed what
    // they earned, and their payments stay in the history (only a Getter ever had a transaction).
    const role = (rolId: AnyPgColumn) => (holding ? undefined : eq(rolId, sql.placeholder('rolId') as unknown as number));
    // A Getter's payment details (CUIT/CUIL, Mercado Pago, CBU) are for those who pay: other staff pick Getters by name.
    const withProfile = rolId === ROLE.GETTER && pays;
    // Those who see the CUIT/CUIL also find a Getter by it: typed with or without dashes, dots or spaces, its digits.
    const cuitDigits = withProfile && q && CUIT_LIKE.test(q) ? q.replace(/\D/g, '') : '';
    // 'Ramirez Julieta' finds 'Julieta Ramírez'; a text without words ('-') narrows nothing.
    const words = q && !cuitDigits ? personSearch(q) : undefined;
    // Built once per shape (which filters it has), the values bound to its placeholders.
    const statement = preparedOnce(app.db, `people:${Boolean(ids)}:${cuitDigits ? 'cuit' : words ? `words${words.count}` : ''}:${holding ?? ''}:${Boolean(withInactive)}`, () => {
      // The page of people first, then each one's profile by its key. Joined before the sort and limit,
      // the planner hashed all 50,000 profiles to pair a search's thousand or two Getters, and paired them
      // all even for a picker's 51. `limit 1` (a Getter has one profile at most) keeps the lookup from
      // being turned back into that join.
      const page = words && !ids ? wordsPage() : app.db
        .select({ id: users.id, names: users.names, lastName: users.lastName, status: users.status })
        .from(users)
        .where(
          and(
            role(users.rolId),
            ids ? sql`${users.id} = any(${sql.placeholder('ids')}::int[])` : undefined,
            // Digits against digits: a CUIT/CUIL stored with dots or spaces ('20.12345678.9') is found too,
            // through the trigram index on that same expression (names keep theirs).
            cuitDigits
              ? sql`${users.id} in (select ${getterProfiles.userId} from ${getterProfiles} where ${cuitDigitsOf(getterProfiles.cuitCuil)} like ${sql.placeholder('pattern')})`
              : words
                ? matchesPerson(users.searchWords, words.count, placeholders(...PERSON_PLACEHOLDERS))
                : undefined,
            ids && !holding ? undefined : held(users.id, users.status),
          ),
        )
        .orderBy(asc(users.names), asc(users.lastName), asc(users.id))
        .limit(sql.placeholder('limit'))
        .as('page');
      /**
       * A search by words reads person_words (migration 0038): the people holding a word that starts with the
       * longest word typed (a range of the index, then the page sorted), or the role's names in order when many
       * do (walked until the page is full): the planner chooses. A person is the row of the first of its words
       * that starts with it (`at`), so each comes once, with no DISTINCT to sort all of them for. (As `<=`, not
       * `=`: the same rows, and an estimate the planner does not take for one row.) The other conditions are
       * those on users, on the copies each row carries.
       */
      function wordsPage() {
        return app.db
          .select({ id: personWords.userId, names: personWords.names, lastName: personWords.lastName, status: personWords.status })
          .from(personWords)
          .where(
            and(
              role(personWords.rolId),
              sql`${personWords.word} like ${sql.placeholder('wordPrefix')}`,
              sql`${personWords.at} <= position(${sql.placeholder('wordSpaced')} in ${personWords.searchWords})`,
              matchesPerson(personWords.searchWords, words!.count, placeholders(...PERSON_PLACEHOLDERS)),
              held(personWords.userId, personWords.status),
            ),
          )
          .orderBy(asc(personWords.names), asc(personWords.lastName), asc(personWords.userId))
          .limit(sql.placeholder('limit'))
          .as('page');
      }
      const profile = app.db
        .select({ cuitCuil: getterProfiles.cuitCuil, mercadoPago: getterProfiles.mercadoPago, cbu: getterProfiles.cbu })
        .from(getterProfiles)
        .where(eq(getterProfiles.userId, page.id))
        .limit(1)
        .as('profile');
      return app.db
        .select({ id: page.id, fullName: sql<string>`trim(${page.names} || ' ' || ${page.lastName})`, status: page.status, cuitCuil: profile.cuitCuil, mercadoPago: profile.mercadoPago, cbu: profile.cbu })
        .from(page)
        .leftJoinLateral(profile, sql`true`)
        .orderBy(asc(page.names), asc(page.lastName), asc(page.id))
        .prepare('');
    });
    const rows = await statement.execute({ rolId, ids, pattern: cuitDigits ? `%${cuitDigits}%` : undefined, ...words?.values, wordPrefix: words?.word.prefix, wordSpaced: words?.word.spaced, limit });
    // Who left says so (`inactive`), wherever named: a filter holding one, a list of everyone.
    return rows.map(({ id, fullName: name, status, cuitCuil, mercadoPago, cbu }) => ({
      id,
      fullName: name,
      ...(status ? {} : { inactive: true as const }),
      ...(withProfile ? { profile: { cuitCuil, mercadoPago, cbu } } : {}),
    }));
  });
}
