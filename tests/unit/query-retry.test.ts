/** Which failed reads the console asks again (src/dataProvider/queryClient.ts). */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/dataProvider/http';
import { worthRetrying } from '../../src/dataProvider/queryClient';

const answer = (status: number) => new ApiError('x', status, { message: 'x' });

describe('worthRetrying', () => {
  it('never asks again after a 4xx: a missing record or a refusal answers the same', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(worthRetrying(0, answer(status))).toBe(false);
  });

  it('asks twice more after a network fault or a 5xx, then gives up', () => {
    for (const error of [new TypeError('Failed to fetch'), answer(500), answer(503)]) {
      expect(worthRetrying(0, error)).toBe(true);
      expect(worthRetrying(1, error)).toBe(true);
      expect(worthRetrying(2, error)).toBe(false);
    }
  });
});
