// @vitest-environment jsdom
/** A sortable column heading: the whole cell sorts, once per click, and a heading without a field does not. */
import { Table, TableHead, TableRow } from '@mui/material';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SortableHeading, type TableSort } from '../../src/ui/table/SortableHeading';

afterEach(cleanup);

function heading(field: 'zone' | undefined, sort: TableSort<'zone'> | undefined) {
  const onSort = vi.fn();
  render(
    <Table>
      <TableHead>
        <TableRow>
          <SortableHeading label="Zona" field={field} sort={sort} onSort={onSort} />
        </TableRow>
      </TableHead>
    </Table>,
  );
  return onSort;
}

describe('a sortable heading', () => {
  it('sorts from a click beside its words, within the cell, as from its words', () => {
    const onSort = heading('zone', undefined);
    fireEvent.click(screen.getByRole('columnheader', { name: 'Zona' }));
    expect(onSort).toHaveBeenCalledWith({ field: 'zone', order: 'ASC' });
    fireEvent.click(screen.getByRole('button', { name: 'Zona' }));
    expect(onSort).toHaveBeenCalledTimes(2);
  });

  it('reverses the order it holds', () => {
    const onSort = heading('zone', { field: 'zone', order: 'ASC' });
    fireEvent.click(screen.getByRole('columnheader', { name: 'Zona' }));
    expect(onSort).toHaveBeenCalledWith({ field: 'zone', order: 'DESC' });
  });

  it('does nothing without a field', () => {
    const onSort = heading(undefined, undefined);
    fireEvent.click(screen.getByRole('columnheader', { name: 'Zona' }));
    expect(onSort).not.toHaveBeenCalled();
  });
});
