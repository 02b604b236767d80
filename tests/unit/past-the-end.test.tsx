// @vitest-environment jsdom
/** A page of the screens that page their own list (moves, stock) goes back to the new last page once it is past the end. */
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePastTheEnd } from '../../src/ui/table/usePastTheEnd';

const shown = { page: 9, perPage: 10, count: 80, empty: true, settled: true, estimated: false };

describe('usePastTheEnd', () => {
  it('goes to the new last page once the page past the end arrived empty', () => {
    const goTo = vi.fn();
    renderHook(() => usePastTheEnd(shown, goTo));
    expect(goTo).toHaveBeenCalledExactlyOnceWith(8);
  });

  it('goes to the page before when the count still says the page exists (another change came between)', () => {
    const goTo = vi.fn();
    renderHook(() => usePastTheEnd({ ...shown, count: 95 }, goTo));
    expect(goTo).toHaveBeenCalledWith(8);
  });

  it('goes to the first page when nothing is left', () => {
    const goTo = vi.fn();
    renderHook(() => usePastTheEnd({ ...shown, count: 0 }, goTo));
    expect(goTo).toHaveBeenCalledWith(1);
  });

  it('waits for the page asked for: a kept placeholder or a page on its way decides nothing', () => {
    const goTo = vi.fn();
    renderHook(() => usePastTheEnd({ ...shown, settled: false }, goTo));
    expect(goTo).not.toHaveBeenCalled();
  });

  it('stays on a page with rows, and on the first page', () => {
    const goTo = vi.fn();
    renderHook(() => usePastTheEnd({ ...shown, empty: false }, goTo));
    renderHook(() => usePastTheEnd({ ...shown, page: 1, count: 0 }, goTo));
    expect(goTo).not.toHaveBeenCalled();
  });

  it('stays past an estimated count: its last page is a guess, and a page beyond it may have rows', () => {
    const goTo = vi.fn();
    // Beyond the estimate, with rows: the stock screen went back to the estimate's last page.
    renderHook(() => usePastTheEnd({ ...shown, page: 120, count: 1001, empty: false, estimated: true }, goTo));
    renderHook(() => usePastTheEnd({ ...shown, page: 120, count: 1001, estimated: true }, goTo));
    expect(goTo).not.toHaveBeenCalled();
  });

  it('goes once, not again on every render with a new callback', () => {
    const goTo = vi.fn();
    const { rerender } = renderHook(({ cb }) => usePastTheEnd(shown, cb), { initialProps: { cb: (p: number) => goTo(p) } });
    rerender({ cb: (p: number) => goTo(p) });
    expect(goTo).toHaveBeenCalledTimes(1);
  });
});
