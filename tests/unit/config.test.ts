import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const base = { JWT_SECRET: 'x'.repeat(40) };

describe('seeding the demo', () => {
  it('happens by default only on the embedded database: on a PostgreSQL of its own, its published password would open an administrator', () => {
    expect(loadConfig({ ...base }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@db:5432/campo' }).seedDemo).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@db:5432/campo', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});
