/** The console's request keys: the same write sent again keeps its key; other data, or after a success, another. */
import { describe, expect, it } from 'vitest';
import { newRequestKey, PENDING_KEYS, requestKeys } from '../../src/dataProvider/requestKey';

describe('request keys', () => {
  it('keeps the key while the same body is sent again and not yet saved', () => {
    let n = 0;
    const keys = requestKeys(() => `key-${++n}`);
    const body = [{ projectLocationId: 1, userId: 7 }];
    expect(keys.for(body)).toBe('key-1');
    // A retry after a lost answer: the same data, maybe rebuilt into another object.
    expect(keys.for([{ projectLocationId: 1, userId: 7 }])).toBe('key-1');
    // Other data is another write; the first, sent again after it, is still the first one's retry.
    expect(keys.for([{ projectLocationId: 1, userId: 8 }])).toBe('key-2');
    expect(keys.for(body)).toBe('key-1');
    // Another write's success leaves this one's key; its own success ends it: the same data again is a second write on purpose.
    keys.saved('key-2');
    expect(keys.for(body)).toBe('key-1');
    keys.saved('key-1');
    expect(keys.for(body)).toBe('key-3');
    expect(keys.for([{ projectLocationId: 1, userId: 8 }])).toBe('key-4');
  });

  it('keeps a failed creation\'s key across an edit saved in between, and forgets the oldest past PENDING_KEYS', () => {
    let n = 0;
    const keys = requestKeys(() => `key-${++n}`);
    const creation = { resource: 'clients', data: { name: 'Ópticas' } };
    expect(keys.for(creation)).toBe('key-1');
    const edit = keys.for({ resource: 'motives', id: 3, body: { description: 'Otro' } });
    keys.saved(edit);
    expect(keys.for(creation)).toBe('key-1');
    for (let i = 0; i < PENDING_KEYS; i++) keys.for({ other: i });
    expect(keys.for(creation)).not.toBe('key-1');
  });

  it('makes keys the server takes (8 to 100 of A-Z a-z 0-9 _ -), each one new', () => {
    const made = new Set(Array.from({ length: 1000 }, newRequestKey));
    expect(made.size).toBe(1000);
    for (const key of made) expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });
});
