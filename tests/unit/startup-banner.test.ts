import { describe, expect, it } from 'vitest';
import { startupBanner } from '../../server/banner';
import { DEMO_PASSWORD } from '../../server/db/seed';

const base = { port: 8080, dataDir: '/srv/campo', databaseUrl: '', seedDemo: true };

describe('what the server prints when it starts', () => {
  it('lists the demo logins, with their password, when it seeds the demo', () => {
    const text = startupBanner(base).join('\n');
    expect(text).toContain('http://localhost:8080');
    expect(text).toContain('PGlite (/srv/campo/db)');
    expect(text).toContain(`Usuarios de demostración (contraseña ${DEMO_PASSWORD})`);
    expect(text).toContain('admin@campo.test');
    expect(text).toContain('operaciones2@campo.test');
  });

  it('names no demo login on a database it does not seed (README: "una base vacía, sin usuarios de demostración")', () => {
    const text = startupBanner({ ...base, databaseUrl: 'postgres://postgres@127.0.0.1:5432/campo', seedDemo: false }).join('\n');
    expect(text).toContain('base: PostgreSQL');
    expect(text).not.toContain('Usuarios de demostración');
    expect(text).not.toContain(DEMO_PASSWORD);
    expect(text).not.toContain('@campo.test');
  });
});
