/** Move configuration rules (spec 1 §4, §5): required numbers and the lock of linked ones. */
import { describe, expect, it } from 'vitest';
import { lockedChanges, MOVE_CONFIG_TEXT, moveConfigSchema, pricedCategory } from '../../domain/movesConfig';
import { fieldErrors, MSG } from '../../domain/validation';

const config = { name: 'Visita', points: '100', minutesDuration: '45', moveTypes: [1], category: [1, 3] };
const errorsOf = (value: unknown) => {
  const result = moveConfigSchema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('the configuration form', () => {
  it('takes points and minutes typed as text and fills the flags', () => {
    expect(moveConfigSchema.parse(config)).toEqual({
      name: 'Visita',
      points: 100,
      minutesDuration: 45,
      consumptionPayment: false,
      needsVideoRecording: false,
      needsAudioRecording: false,
      needsCheckList: false,
      status: true,
      moveTypes: [1],
      category: [1, 3],
    });
    expect(moveConfigSchema.parse({ ...config, points: '12,5' }).points).toBe(12.5);
    // Only plain decimals: hex, exponents and signs are not how anyone types points or minutes.
    for (const text of ['0x10', '1e2', '+5', '5.', '.5', '1 000', 'Infinity']) {
      const parsed = moveConfigSchema.safeParse({ ...config, points: text });
      expect(parsed.success, text).toBe(false);
    }
  });

  it('requires the name, points and minutes, and numbers for the last two', () => {
    expect(errorsOf({ ...config, name: ' ', points: '', minutesDuration: undefined })).toEqual({
      name: MOVE_CONFIG_TEXT.required,
      points: MOVE_CONFIG_TEXT.required,
      minutesDuration: MOVE_CONFIG_TEXT.required,
    });
    expect(errorsOf({ ...config, points: 'diez', minutesDuration: '1e999' })).toEqual({ points: MOVE_CONFIG_TEXT.number, minutesDuration: MOVE_CONFIG_TEXT.number });
    // A negative number is a number: what is wrong with it is its sign (spec 3's 'Debe ser mayor o igual a 0').
    expect(errorsOf({ ...config, points: '-5', minutesDuration: -5 })).toEqual({ points: MSG.nonNegative, minutesDuration: MSG.nonNegative });
    expect(errorsOf({ ...config, points: '--5', minutesDuration: '5-' })).toEqual({ points: MOVE_CONFIG_TEXT.number, minutesDuration: MOVE_CONFIG_TEXT.number });
    expect(moveConfigSchema.parse({ ...config, points: '0', minutesDuration: '12,5' })).toMatchObject({ points: 0, minutesDuration: 12.5 });
    // '1.500' is how the list writes 1500: taken as 1,5 it divided a value typed back from the list by a thousand.
    expect(errorsOf({ ...config, points: '1.500', minutesDuration: '12.000.000' })).toEqual({ points: MOVE_CONFIG_TEXT.thousands, minutesDuration: MOVE_CONFIG_TEXT.thousands });
    expect(moveConfigSchema.parse({ ...config, points: '1.5', minutesDuration: '0.250' })).toMatchObject({ points: 1.5, minutesDuration: 0.25 });
    expect(moveConfigSchema.parse({ ...config, points: '1,500', minutesDuration: 1500 })).toMatchObject({ points: 1.5, minutesDuration: 1500 });
    // Too big a number is told its limit, not that the field is too long.
    expect(MOVE_CONFIG_TEXT.atMost).toBe('Debe ser como máximo 1.000.000');
    expect(errorsOf({ ...config, points: '99999999999', minutesDuration: 1_000_001 })).toEqual({ points: MOVE_CONFIG_TEXT.atMost, minutesDuration: MOVE_CONFIG_TEXT.atMost });
    expect(moveConfigSchema.parse({ ...config, points: '1000000', minutesDuration: 1_000_000 })).toMatchObject({ points: 1_000_000, minutesDuration: 1_000_000 });
  });

  it('drops repeated ids and keeps the categories’ order', () => {
    expect(moveConfigSchema.parse({ ...config, moveTypes: [2, 2, '3'], category: [3, 1, 3] })).toMatchObject({ moveTypes: [2, 3], category: [3, 1] });
  });
});

describe('a configuration linked to projects', () => {
  const current = moveConfigSchema.parse(config);
  it('may change only its name and status', () => {
    expect(lockedChanges(current, { ...current, name: 'Otra', status: false })).toEqual([]);
    expect(lockedChanges(current, { ...current, points: 101, category: [3, 1], needsCheckList: true })).toEqual(['points', 'needsCheckList', 'category']);
  });
  it('may reorder its move types (a set), not add or drop one', () => {
    const two = { ...current, moveTypes: [1, 2] };
    expect(lockedChanges(two, { ...two, moveTypes: [2, 1] })).toEqual([]);
    expect(lockedChanges(two, { ...two, moveTypes: [2, 1, 3] })).toEqual(['moveTypes']);
    expect(lockedChanges(two, { ...two, moveTypes: [2] })).toEqual(['moveTypes']);
  });
  it('prices projects when its first category is 1', () => {
    expect(pricedCategory([1, 2])).toBe(true);
    expect(pricedCategory([2, 1])).toBe(false);
    expect(pricedCategory([])).toBe(false);
  });
});
