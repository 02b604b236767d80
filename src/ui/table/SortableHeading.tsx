import { type SxProps, TableCell, TableSortLabel, type Theme } from '@mui/material';

/** A table's order: the field it sorts by and which way. */
export interface TableSort {
  field: string;
  order: 'ASC' | 'DESC';
}

/** The order a heading's click asks for: its field ascending, or descending when the table already sorts by it ascending. */
export const nextSort = (sort: TableSort | undefined, field: string): TableSort => ({ field, order: sort?.field === field && sort.order === 'ASC' ? 'DESC' : 'ASC' });

/** A column heading that sorts its table by `field` (the lists' way: a click sorts, a second reverses). */
export function SortableHeading({ label, field, sort, onSort, sx }: { label: string; field: string; sort: TableSort | undefined; onSort: (next: TableSort) => void; sx?: SxProps<Theme> }) {
  const active = sort?.field === field;
  return (
    <TableCell sx={[{ fontWeight: 600 }, ...(Array.isArray(sx) ? sx : [sx])]} sortDirection={active ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}>
      <TableSortLabel active={active} direction={active && sort.order === 'DESC' ? 'desc' : 'asc'} onClick={() => onSort(nextSort(sort, field))}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}
