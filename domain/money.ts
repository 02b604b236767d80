/**
 * Money as exact decimals with two places: amounts travel as strings ("1234.50", what PostgreSQL's
 * numeric gives) and are added as whole cents in a bigint, never as floats.
 */

const AMOUNT_RE = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Cents of a decimal amount ("1234.5", "1234.50", 1234.5), or null when it is not one. */
export function parseMoney(value: string | number | bigint): bigint | null {
  if (typeof value === 'bigint') return value * 100n;
  // A number is read through its shortest text: 0.1 + 0.2 gives 0.30000000000000004, refused.
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = AMOUNT_RE.exec(text);
  if (!match) return null;
  const [, minus, units, decimals = ''] = match;
  const cents = BigInt(units) * 100n + BigInt(decimals.padEnd(2, '0') || '0');
  return minus ? -cents : cents;
}

/** The canonical text of an amount in cents: "1234.50", "-0.05". */
export function centsToMoney(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

function cents(value: string | bigint): bigint {
  if (typeof value === 'bigint') return value;
  const parsed = parseMoney(value);
  if (parsed === null) throw new Error(`Monto inválido: ${value}`);
  return parsed;
}

/** Adds amounts exactly: addMoney('0.10', '0.20') is '0.30'. */
export function addMoney(...values: string[]): string {
  return centsToMoney(values.reduce((sum, v) => sum + cents(v), 0n));
}

/** The exact sum of a list of amounts ('0.00' when empty). */
export function sumMoney(values: Iterable<string>): string {
  return addMoney(...values);
}

/** Whether two amounts are the same money ('10', '10.0' and '10.00' are). */
export function sameMoney(a: string, b: string): boolean {
  const ca = parseMoney(a);
  return ca !== null && ca === parseMoney(b);
}

/** As Argentina writes money, with two decimals: '1.234,50'. */
export function formatMoney(value: string | bigint): string {
  const c = cents(value);
  const negative = c < 0n;
  const abs = negative ? -c : c;
  const units = String(abs / 100n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${units},${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * An amount with the peso sign: '$ 1.234,50', the sign and the figure joined by a no-break space: wherever it
 * is written (a dialog, a table cell, a message) it stays on one line, never '$' at a line's end and the
 * figure on the next (the register-payment dialog on a phone).
 */
export const formatPesos = (value: string | bigint) => `$\u00a0${formatMoney(value)}`;
