/**
 * A session refused under several calls at once (a save and the record's reading), then react-admin's own
 * logout after the 401: the tab goes to the login once. A second trip, started while the first loads, cut it
 * short (net::ERR_ABORTED, a login page half loaded) and asked for the page twice.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { draftsTab } from './memoryStorage';
import { AUTH_TEXT } from '../../domain/auth';
import { leaveFor, leaveForLogin } from '../../src/authProvider/session';
import { request } from '../../src/dataProvider/http';

let assign: ReturnType<typeof vi.fn>;
let replace: ReturnType<typeof vi.fn>;

// The tab's storages in memory, with user 1's session (unstubbed after each test).
draftsTab({ loggedIn: true });
beforeEach(() => {
  assign = vi.fn();
  replace = vi.fn();
  vi.stubGlobal('window', { location: { pathname: '/clients/edit/8', search: '', assign, replace } });
  vi.stubGlobal('navigator', {});
  // Every call refused, the refresh too: the session is over.
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'No autorizado' }), { status: 401, headers: { 'content-type': 'application/json' } }));
});

describe('a session that ends under several calls', () => {
  it('goes to the login once, whatever the number of calls refused, each told why', async () => {
    const answers = await Promise.allSettled([request('/clients', { method: 'PUT', body: { id: 8 } }), request('/clients/8'), request('/clients/8')]);
    for (const answer of answers) expect(answer).toMatchObject({ status: 'rejected', reason: { status: 401, message: AUTH_TEXT.sessionExpired } });
    // A call that comes after, the session already cleared, goes nowhere new either; nor does react-admin,
    // which logs out after the 401 and routes to its /login (App.tsx's ToLogin).
    await expect(request('/clients/8')).rejects.toMatchObject({ status: 401 });
    leaveForLogin({ replace: true });
    expect(replace).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem('campo.session')).toBeNull();
    // Logging in again returns to the page the user was on.
    expect(sessionStorage.getItem('campo.next')).toBe('/clients/edit/8');
  });

  it('goes again from a page that opened afterwards (another document)', async () => {
    await expect(request('/clients/8')).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it("react-admin's route to the login, on its own (a logout), goes once too", () => {
    leaveForLogin({ replace: true });
    leaveForLogin({ replace: true });
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledWith('/login');
    expect(assign).not.toHaveBeenCalled();
  });

  it("starts the console over once (a new role seen by the renewal and by the profile's read), and the login still goes after", () => {
    leaveFor('/');
    leaveFor('/');
    expect(assign.mock.calls).toEqual([['/']]);
    leaveForLogin();
    leaveForLogin({ replace: true });
    expect(assign.mock.calls).toEqual([['/'], ['/login']]);
    expect(replace).not.toHaveBeenCalled();
  });
});
