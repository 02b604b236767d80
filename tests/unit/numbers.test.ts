import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../domain/money';
import { formatCount, formatDecimal } from '../../domain/numbers';

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

describe('formatDecimal', () => {
  it('writes the decimals after a comma and dots the thousands, as the rest of the console', () => {
    expect(formatDecimal(15.5)).toBe('15,5');
    expect(formatDecimal(0.25)).toBe('0,25');
    expect(formatDecimal(1250.75)).toBe('1.250,75');
    expect(formatDecimal(-3.5)).toBe('-3,5');
  });

  it('writes a whole number as formatCount does, without a comma', () => {
    for (const n of [0, 12, 999, 1000, 1_000_000, -12_345]) expect(formatDecimal(n), String(n)).toBe(formatCount(n));
  });

  it('never writes an exponent', () => {
    expect(formatDecimal(0.0000001)).toBe('0,0000001');
  });
});
