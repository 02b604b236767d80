// @vitest-environment jsdom
/**
 * The list's search box keeps what is typed while the list's own previous search is still being drawn.
 * A navigation renders in a transition, and React drops a transition's render when it cannot finish it
 * (here: something on the page is still loading; in the browser, typing that interrupts it). The box once
 * took the dropped render's work for done and went back to the search before, under the text typed (CI).
 *
 * Rendered by React's own scheduler, as in the browser, without testing-library's `act`: under it a
 * suspended transition is never tried again.
 */
import { CoreAdminContext, type DataProvider, ResourceContextProvider } from 'ra-core';
import { Suspense, use } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CampoList } from '../../src/ui/table/CampoList';

const RECORDS = [
  { id: 1, name: 'Uno' },
  { id: 2, name: 'Dos' },
];

const dataProvider = {
  getList: async (_: string, params: { filter: { q?: string } }) => {
    const q = params.filter.q?.toLowerCase();
    const data = q ? RECORDS.filter((r) => r.name.toLowerCase().includes(q)) : RECORDS;
    return { data, total: data.length };
  },
} as unknown as DataProvider;

/** Holds the page's render under an address that searches `word` until `release` is called. */
function loadingOn(word: string) {
  let release = () => {};
  const loading = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  function Loading() {
    const { search } = useLocation();
    if (decodeURIComponent(search).includes(`"q":"${word}"`)) {
      held = true;
      use(loading);
    }
    return null;
  }
  return { Loading, release: () => release(), held: () => held };
}

/** Types `text` as a user would: the input's value, then its input event (React's onChange). */
function type(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const rows = () => [...document.querySelectorAll('tbody tr')].map((row) => row.textContent);

// jsdom has no media queries: a touch screen's (the box is not focused on its own).
window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;

let root: Root | undefined;
// The unit tests share one window per worker: the address and the store this list wrote (a search of 'dos')
// would be the next list's (local-list.test.tsx then showed no rows).
afterEach(() => {
  root?.unmount();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

describe("a list's search box", () => {
  it('keeps the text typed while the search before is still being drawn', { timeout: 30_000 }, async () => {
    const { Loading, release, held } = loadingOn('uno');
    const container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    root.render(
      <CoreAdminContext dataProvider={dataProvider}>
        <ResourceContextProvider value="motives">
          <Suspense fallback={null}>
            <CampoList title="Motivos" columns={[{ source: 'name', label: 'Nombre' }]} search={{ label: 'Buscar', field: 'q' }} debounce={50} />
            <Loading />
          </Suspense>
        </ResourceContextProvider>
      </CoreAdminContext>,
    );
    const wait = { timeout: 10_000, interval: 10 };
    await vi.waitFor(() => expect(rows()).toEqual(['Uno', 'Dos']), wait);
    const box = document.querySelector<HTMLInputElement>('input[type="text"]')!;

    type(box, 'uno');
    // The list applied 'uno'; drawing it waits on the page.
    await vi.waitFor(() => expect(held()).toBe(true), wait);
    type(box, 'dos');
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(box.value).toBe('dos');

    // And, once typing stops, the list searches what was typed.
    await vi.waitFor(() => expect(rows()).toEqual(['Dos']), wait);
    expect(box.value).toBe('dos');
    expect(decodeURIComponent(window.location.hash)).toContain('"q":"dos"');
  });
});
