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
import { CoreAdminContext, ResourceContextProvider } from 'ra-core';
import { Suspense, use } from 'react';
import { createRoot } from 'react-dom/client';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CampoList } from '../../src/ui/table/CampoList';
import { cleanAfterEach, dataProvider, rendered, rows, type } from './list-by-hand';

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

cleanAfterEach();

describe("a list's search box", () => {
  it('keeps the text typed while the search before is still being drawn', { timeout: 30_000 }, async () => {
    const { Loading, release, held } = loadingOn('uno');
    const container = document.body.appendChild(document.createElement('div'));
    rendered.root = createRoot(container);
    rendered.root.render(
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
