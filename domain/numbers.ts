/**
 * Whole numbers as Argentina writes them, the thousands dotted: 1.000.464. One rule for every count the
 * console and its texts show (pager, exports, dialogs, progress), and the same grouping `formatMoney`
 * writes pesos with. Written out rather than `toLocaleString('es-AR')`: that one follows the runtime's ICU
 * data, which not every Node build or browser carries in full ('1000464' or '1,000,464' where it lacks it).
 */
export function formatCount(n: number): string {
  const whole = Math.trunc(n);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return whole < 0 ? `-${digits}` : digits;
}
