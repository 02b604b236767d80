// @vitest-environment jsdom
/**
 * A search typed in a list and still waiting out its delay is not applied once the user went elsewhere:
 * a row's 'Editar' clicked within the delay opens a page whose code is still loading, the list stays drawn
 * meanwhile (the navigation is a transition), and the delayed search navigated back to the list (CI,
 * projects.test.ts: the edit page never showed).
 *
 * Rendered by React's own scheduler, as in the browser, without testing-library's `act`: under it a
 * suspended transition is never tried again.
 */
import { CoreAdminContext, type DataProvider, ResourceContextProvider } from 'ra-core';
import { Suspense, use } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, Route, RouterProvider, Routes } from 'react-router-dom';
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

/** Types `text` as a user would: the input's value, then its input event (React's onChange). */
function type(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const rows = () => [...document.querySelectorAll('tbody tr')].map((row) => row.textContent);

// jsdom has no media queries: a touch screen's (the box is not focused on its own).
window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

describe('a search typed in a list', () => {
  it('is not applied once the user went to a page still loading within its delay', { timeout: 30_000 }, async () => {
    // The edit page's code, loading until released.
    let release = () => {};
    const code = new Promise<void>((resolve) => {
      release = resolve;
    });
    let loading = false;
    function EditPage() {
      loading = true;
      use(code);
      return <p>Editar motivo</p>;
    }
    const list = (
      <ResourceContextProvider value="motives">
        <CampoList title="Motivos" columns={[{ source: 'name', label: 'Nombre' }]} search={{ label: 'Buscar', field: 'q' }} debounce={50} />
      </ResourceContextProvider>
    );
    window.history.replaceState(null, '', '/motives');
    const router = createBrowserRouter([
      {
        path: '*',
        element: (
          <CoreAdminContext dataProvider={dataProvider}>
            <Suspense fallback={<p>Cargando</p>}>
              <Routes>
                <Route path="/motives" element={list} />
                <Route path="/motives/:id" element={<EditPage />} />
              </Routes>
            </Suspense>
          </CoreAdminContext>
        ),
      },
    ]);
    const container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    root.render(<RouterProvider router={router} />);
    const wait = { timeout: 10_000, interval: 10 };
    await vi.waitFor(() => expect(rows()).toEqual(['Uno', 'Dos']), wait);
    const box = document.querySelector<HTMLInputElement>('input[type="text"]')!;

    // The user types and, within the delay, opens a row: the list stays drawn while that page loads.
    type(box, 'uno');
    void router.navigate('/motives/1');
    await vi.waitFor(() => expect(loading).toBe(true), wait);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(window.location.pathname).toBe('/motives/1');

    release();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Editar motivo'), wait);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(window.location.pathname).toBe('/motives/1');
  });
});
