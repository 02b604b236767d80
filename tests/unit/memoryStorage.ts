import { afterEach, beforeEach, vi } from 'vitest';

/** A browser Storage (a tab's sessionStorage or localStorage) in memory, for a unit test to stub in. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/**
 * A drafts test's tab, for each test: its sessionStorage in memory and, `loggedIn`, its localStorage holding
 * user 1's session. The drafts handed to `lent` are taken back after the test.
 */
export function draftsTab({ loggedIn = false } = {}): { lent: (takeBack: () => void) => void } {
  let given: (() => void)[] = [];
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    if (!loggedIn) return;
    vi.stubGlobal('localStorage', memoryStorage());
    localStorage.setItem('campo.session', JSON.stringify({ token: 't', refreshToken: 'r', expiresAt: Date.now() + 60_000, profile: { id: 1 } }));
  });
  afterEach(() => {
    for (const takeBack of given) takeBack();
    given = [];
    vi.unstubAllGlobals();
  });
  return { lent: (takeBack) => void given.push(takeBack) };
}
