import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../domain/money';
import { formatCount } from '../../domain/numbers';

describe('formatCount', () => {
  it('dots the thousands as Argentina writes them, whatever ICU data the runtime carries', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1.000');
    expect(formatCount(1234)).toBe('1.234');
    expect(formatCount(1_000_464)).toBe('1.000.464');
    expect(formatCount(-12_345)).toBe('-12.345');
  });

  it('writes whole numbers: a count is never a fraction', () => {
    expect(formatCount(1234.9)).toBe('1.234');
  });

  it('groups as the pesos do', () => {
    expect(formatMoney('1234567.00')).toBe(`${formatCount(1_234_567)},00`);
  });
});
