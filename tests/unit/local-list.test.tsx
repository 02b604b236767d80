// @vitest-environment jsdom
/** The list that pages in the browser, rendered: its filters apply, and its pages are cut in Spanish order. */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CoreAdminContext, type DataProvider, ResourceContextProvider } from 'ra-core';
import { afterEach, describe, expect, it } from 'vitest';
import { CampoList } from '../../src/ui/table/CampoList';

const RECORDS = [
  { id: 1, name: 'Visita', status: true },
  { id: 2, name: 'Árbol', status: false },
  { id: 3, name: 'auditoría', status: true },
  { id: 4, name: 'Compra', status: true },
  { id: 5, name: 'Ñandú', status: false },
];

const dataProvider = { getList: async () => ({ data: RECORDS, total: RECORDS.length }) } as unknown as DataProvider;

function renderList() {
  return render(
    <CoreAdminContext dataProvider={dataProvider}>
      <ResourceContextProvider value="moves-config">
        <CampoList local title="Configuraciones" columns={[{ source: 'name', label: 'Nombre' }]} stateFilter={{ kind: 'both', field: 'status' }} perPage={2} perPageOptions={[2, 5]} sort={{ field: 'name', order: 'ASC' }} />
      </ResourceContextProvider>
    </CoreAdminContext>,
  );
}

const shownNames = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0].textContent);

afterEach(cleanup);

describe('a list paged in the browser', () => {
  // The first render of the console's table in jsdom takes ~1 s alone, and took over vitest's 5 s on a
  // 2-core machine running another suite at the same time: the time allowed is the machine's, not the list's.
  it('shows the first page in Spanish order, and only the records its filter keeps', { timeout: 30_000 }, async () => {
    renderList();
    await waitFor(() => expect(shownNames()).toEqual(['Árbol', 'auditoría']), { timeout: 10_000 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Inactivos' }));
    await waitFor(() => expect(shownNames()).toEqual(['auditoría', 'Compra']), { timeout: 10_000 });
    expect(screen.getByText(/de 3 registros/)).toBeTruthy();
  });
});
