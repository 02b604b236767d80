import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { preparedOnce } from '../../server/db/prepared';

const statement = (label: string) => ({ label, execute: async () => label });

describe('preparedOnce', () => {
  it('builds a shape once per database and keeps shapes and databases apart', () => {
    const a = {} as Db;
    const b = {} as Db;
    let builds = 0;
    const build = (label: string) => () => {
      builds++;
      return statement(label);
    };
    const first = preparedOnce(a, 'list:asc', build('a-asc'));
    expect(preparedOnce(a, 'list:asc', build('other'))).toBe(first);
    expect(builds).toBe(1);
    expect(preparedOnce(a, 'list:desc', build('a-desc'))).not.toBe(first);
    expect(preparedOnce(b, 'list:asc', build('b-asc'))).not.toBe(first);
    expect(builds).toBe(3);
  });

  it('keeps nothing when the build refuses the shape', () => {
    const db = {} as Db;
    expect(() =>
      preparedOnce(db, 'list:unknown-sort', () => {
        throw new Error('No se puede ordenar por "x".');
      }),
    ).toThrow('No se puede ordenar');
    const built = preparedOnce(db, 'list:unknown-sort', () => statement('now valid'));
    expect((built as ReturnType<typeof statement>).label).toBe('now valid');
  });
});
