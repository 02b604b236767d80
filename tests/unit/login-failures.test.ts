import { describe, expect, it } from 'vitest';
import { LoginFailures, MAX_FAILURES, WINDOW_MS } from '../../server/services/loginFailures';
import { MAX_RESTORE_REQUESTS, RESTORE_WINDOW_MS, RestoreRequests } from '../../server/services/restoreRequests';

describe('failed logins per account', () => {
  it('refuses an e-mail after ten wrong passwords within 15 minutes, whatever its case, until they age out', () => {
    const f = new LoginFailures();
    const t0 = 1_000_000;
    for (let i = 0; i < MAX_FAILURES - 1; i++) f.failed('Ana@Campo.test', t0 + i);
    expect(f.blocked('ana@campo.test', t0 + 100)).toBe(false);
    f.failed(' ana@campo.test ', t0 + 200);
    expect(f.blocked('ANA@campo.test', t0 + 300)).toBe(true);
    expect(f.blocked('otra@campo.test', t0 + 300)).toBe(false);
    expect(f.blocked('ana@campo.test', t0 + WINDOW_MS + 250)).toBe(false);
  });

  it('forgets an e-mail once it logs in', () => {
    const f = new LoginFailures(3, WINDOW_MS);
    for (let i = 0; i < 3; i++) f.failed('ana@campo.test', 10 + i);
    expect(f.blocked('ana@campo.test', 20)).toBe(true);
    f.succeeded('ANA@campo.test');
    expect(f.blocked('ana@campo.test', 21)).toBe(false);
  });
});

describe('restore mails asked for per e-mail', () => {
  it('allows five an hour for one e-mail, whatever its case, and another once the first ages out', () => {
    const r = new RestoreRequests();
    const t0 = 5_000_000;
    for (let i = 0; i < MAX_RESTORE_REQUESTS; i++) {
      expect(r.full(' Ana@Campo.test', t0 + i)).toBe(false);
      r.record(i % 2 ? 'ANA@campo.test ' : 'ana@campo.test', t0 + i);
    }
    expect(r.full('ana@campo.test', t0 + 100)).toBe(true);
    expect(r.full('otra@campo.test', t0 + 100)).toBe(false);
    expect(r.full('ana@campo.test', t0 + RESTORE_WINDOW_MS - 1)).toBe(true);
    expect(r.full('ana@campo.test', t0 + RESTORE_WINDOW_MS)).toBe(false);
  });
});
