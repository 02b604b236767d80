// @vitest-environment jsdom
/**
 * A list keeps its params in its address, but never writes them over a page the user already went to: a
 * menu entry clicked right after the list opened, before its effects ran, came back to the list's address
 * (a full run of the browser tests saw it stay at /user-moves/assign).
 *
 * Rendered by React's own scheduler (no testing-library `act`, which runs the effects at once): the
 * address changes between the list's first commit and its effects, as the click did.
 */
import { memoryStore } from 'ra-core';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useKeptParams } from '../../src/ui/table/keptParams';

function List() {
  useKeptParams(memoryStore(), 'list.params', { page: 2 }, '?page=2');
  return <p>Lista</p>;
}

function renderAt(path: string): void {
  window.history.replaceState(null, '', path);
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  root.render(
    <BrowserRouter>
      <Routes>
        <Route path="/list" element={<List />} />
        <Route path="*" element={<p>Otra</p>} />
      </Routes>
    </BrowserRouter>,
  );
}

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe("a list's params in its address", () => {
  it('are written there as the list opens', async () => {
    renderAt('/list');
    await vi.waitFor(() => expect(window.location.pathname + window.location.search).toBe('/list?page=2'), { timeout: 5_000, interval: 10 });
  });

  it('are not written over the page the user went to before the list ran its effects', async () => {
    let left = false;
    // Right after the list's first commit (its text in the page), before its effects: the user goes elsewhere.
    const observer = new MutationObserver(() => {
      if (left || !document.body.textContent?.includes('Lista')) return;
      left = true;
      window.history.pushState(null, '', '/elsewhere');
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderAt('/list');
    await vi.waitFor(() => expect(left).toBe(true), { timeout: 5_000, interval: 10 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    observer.disconnect();
    expect(window.location.pathname + window.location.search).toBe('/elsewhere');
  });
});
