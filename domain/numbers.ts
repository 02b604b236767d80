/**
 * Whole numbers as Argentina writes them, the thousands dotted: 1.000.464. One rule for every count the
 * console and its texts show (pager, exports, dialogs, progress), and the same grouping `formatMoney`
 * writes pesos with. Written out rather than `toLocaleString('es-AR')`: that one follows the runtime's ICU
 * data, which not every Node build or browser carries in full ('1000464' or '1,000,464' where it lacks it).
 */
export function formatCount(n: number): string {
  const whole = Math.trunc(n);
  const digits = dotThousands(String(Math.abs(whole)));
  return whole < 0 ? `-${digits}` : digits;
}

/**
 * A number as Argentina writes it: the thousands dotted and the decimals after a comma (15,5; 1.250,75),
 * with the decimals it has (none for a whole number). For figures stored with decimals, such as a move
 * configuration's points and minutes.
 */
export function formatDecimal(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  // Plain digits even where String() would write an exponent (1e-7); the trailing zeros of that form go.
  const plain = /e/i.test(String(n)) ? n.toFixed(20).replace(/\.?0+$/, '') : String(n);
  const [whole, decimals] = plain.replace(/^-/, '').split('.');
  return `${n < 0 ? '-' : ''}${dotThousands(whole)}${decimals ? `,${decimals}` : ''}`;
}

/**
 * A file's size as the upload panels show it, one decimal after a comma as every figure of the console:
 * '15,8 KB', '1,2 MB' (`toFixed` wrote '15.8 KB').
 */
export function formatFileSize(bytes: number): string {
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  const [whole, decimal] = value.toFixed(1).split('.');
  return `${dotThousands(whole)},${decimal} ${unit}`;
}

/** A whole number's digits with its thousands dotted: '1250' → '1.250'. */
function dotThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}
