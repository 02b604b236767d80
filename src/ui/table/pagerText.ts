import { formatCount } from '../../../domain/numbers';

/**
 * The pager's 'Mostrando x-y de z registros'. An estimated total (a list of more than 1,000 rows,
 * docs/decisions.md "Conteos a escala") says so: 'de aprox. 1.000.464 registros'.
 */
export function shownText(from: number, to: number, total: number, estimated: boolean): string {
  // Every number with its thousands dotted, exact or not: a payments history of 255.000 read 'de 255000 registros' under 'en 255.000 transacciones'.
  const range = `Mostrando ${formatCount(from)}-${formatCount(to)} de`;
  return estimated ? `${range} aprox. ${formatCount(total)} registros` : `${range} ${formatCount(total)} registros`;
}

/** What the export says once its file is written: one row in the singular, thousands dotted as the pager writes them. */
export const downloadedText = (count: number) => (count === 1 ? 'Se descargó 1 registro' : `Se descargaron ${formatCount(count)} registros`);

/** The pager's 'Págs. Totales: n', approximate with an estimated total. */
export function pagesText(pages: number, estimated: boolean): string {
  return estimated ? `Págs. Totales: aprox. ${formatCount(pages)}` : `Págs. Totales: ${formatCount(pages)}`;
}

/** What the pager is told of a list: the page, its size, the total and the rows in hand. */
export interface PagerView {
  page: number;
  perPage: number;
  total: number;
  estimated: boolean;
  rows?: number;
}

export const sameView = (a: PagerView, b: PagerView) =>
  a.page === b.page && a.perPage === b.perPage && a.total === b.total && a.estimated === b.estimated && a.rows === b.rows;

/** The deepest page a list may be asked for (the server's offset is at most 10,000,000). */
const MAX_OFFSET = 10_000_000;

/**
 * What the pager shows and allows. With an estimated total and the page's own rows known, the rows
 * decide: a full page may have more after it whatever the estimate says (an estimate of 1.001 hid 2.000
 * points of sale loaded in bulk), and the rows shown are counted, not assumed.
 */
export function pagerState({ page, perPage, total, estimated, rows }: PagerView) {
  const counted = estimated && rows !== undefined;
  const to = counted ? (rows === 0 ? 0 : (page - 1) * perPage + rows) : Math.min(total, page * perPage);
  const from = (counted ? rows === 0 : total === 0) ? 0 : (page - 1) * perPage + 1;
  const shownTotal = counted ? Math.max(total, to) : total;
  const pages = Math.max(1, Math.ceil(shownTotal / perPage));
  return {
    from,
    to,
    shownTotal,
    pages,
    /** Whether 'Página siguiente' leads somewhere. */
    more: counted ? rows === perPage : page < pages,
    /** The last page a typed number may ask for. */
    reachable: counted ? Math.floor(MAX_OFFSET / perPage) : pages,
  };
}
