/** Numbers as the console writes them: 1.000.464. */
const thousands = (n: number) => n.toLocaleString('es-AR');

/**
 * The pager's 'Mostrando x-y de z registros'. An estimated total (a list of more than 1,000 rows,
 * docs/decisions.md "Conteos a escala") says so: 'de aprox. 1.000.464 registros'.
 */
export function shownText(from: number, to: number, total: number, estimated: boolean): string {
  return estimated ? `Mostrando ${from}-${to} de aprox. ${thousands(total)} registros` : `Mostrando ${from}-${to} de ${total} registros`;
}

/** The pager's 'Págs. Totales: n', approximate with an estimated total. */
export function pagesText(pages: number, estimated: boolean): string {
  return estimated ? `Págs. Totales: aprox. ${thousands(pages)}` : `Págs. Totales: ${pages}`;
}
