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
import { CoreAdminContext, ResourceContextProvider } from 'ra-core';
import { Suspense, use } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CampoList } from '../../src/ui/table/CampoList';
import { cleanAfterEach, dataProvider, rendered, rows, type } from './list-by-hand';

cleanAfterEach();

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
    rendered.root = createRoot(container);
    rendered.root.render(<RouterProvider router={router} />);
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
