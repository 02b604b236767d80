// @vitest-environment jsdom
/** The pager over a page still on its way: its words describe the rows on screen, not the page asked for. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination } from '../../src/ui/table/Pagination';

afterEach(cleanup);

const pager = (props: { page: number; perPage?: number; total: number; rows: number; kept?: boolean; estimated?: boolean }) => (
  <Pagination perPage={10} options={[10, 25]} setPage={() => {}} setPerPage={() => {}} {...props} />
);

describe('the pager while the next page is on its way', () => {
  it('keeps describing the rows shown until the new ones arrive', () => {
    const { rerender } = render(pager({ page: 1, total: 54, rows: 10 }));
    expect(screen.getByText('Mostrando 1-10 de 54 registros')).toBeTruthy();
    // 'Página siguiente': the page is 2, its rows are not here yet (the first page's are kept on screen).
    rerender(pager({ page: 2, total: 54, rows: 10, kept: true }));
    expect(screen.getByText('Mostrando 1-10 de 54 registros')).toBeTruthy();
    expect(screen.queryByText(/^Mostrando 11-20/)).toBeNull();
    // The page input already says where it goes.
    expect((screen.getByLabelText('Número de página') as HTMLInputElement).value).toBe('2');
    rerender(pager({ page: 2, total: 54, rows: 10 }));
    expect(screen.getByText('Mostrando 11-20 de 54 registros')).toBeTruthy();
  });

  it('keeps the last page size and total too while a new size is asked for', () => {
    const { rerender } = render(pager({ page: 3, total: 54, rows: 10 }));
    rerender(pager({ page: 1, perPage: 25, total: 54, rows: 10, kept: true }));
    expect(screen.getByText('Mostrando 21-30 de 54 registros')).toBeTruthy();
    expect(screen.getByText('Págs. Totales: 6')).toBeTruthy();
    rerender(pager({ page: 1, perPage: 25, total: 54, rows: 25 }));
    expect(screen.getByText('Mostrando 1-25 de 54 registros')).toBeTruthy();
    expect(screen.getByText('Págs. Totales: 3')).toBeTruthy();
  });
});
