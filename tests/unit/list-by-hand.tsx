/**
 * What the unit tests that render a list by React's own scheduler (no testing-library `act`) share: its records
 * and data provider, typing as a user types, the rows on screen, and a clean window after each test.
 */
import type { DataProvider } from 'ra-core';
import type { Root } from 'react-dom/client';
import { afterEach } from 'vitest';

export const RECORDS = [
  { id: 1, name: 'Uno' },
  { id: 2, name: 'Dos' },
];

/** A list of RECORDS searched by `q`, as the server searches a name. */
export const dataProvider = {
  getList: async (_: string, params: { filter: { q?: string } }) => {
    const q = params.filter.q?.toLowerCase();
    const data = q ? RECORDS.filter((r) => r.name.toLowerCase().includes(q)) : RECORDS;
    return { data, total: data.length };
  },
} as unknown as DataProvider;

/** Types `text` as a user would: the input's value, then its input event (React's onChange). */
export function type(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export const rows = () => [...document.querySelectorAll('tbody tr')].map((row) => row.textContent);

// jsdom has no media queries: a touch screen's (the box is not focused on its own).
window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;

/**
 * The root the test renders into, unmounted after each test of the file that calls `cleanAfterEach()` (a call
 * per file: the unit tests share modules between files, so an `afterEach` here would be the first file's only).
 * They share one window per worker too: the address and the store a list wrote (a search of 'dos') would be
 * the next list's (local-list.test.tsx then showed no rows).
 */
export const rendered: { root: Root | undefined } = { root: undefined };
export function cleanAfterEach(): void {
  afterEach(() => {
    rendered.root?.unmount();
    rendered.root = undefined;
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
    localStorage.clear();
  });
}
