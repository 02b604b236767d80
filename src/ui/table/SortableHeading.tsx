import { Box, type SxProps, TableCell, TableSortLabel, type Theme } from '@mui/material';
import { VISUALLY_HIDDEN } from '../visuallyHidden';

/** A table's order: the field it sorts by and which way. */
export interface TableSort<F extends string = string> {
  field: F;
  order: 'ASC' | 'DESC';
}

/** The order a heading's click asks for: its field ascending, or descending when the table already sorts by it ascending. */
export const nextSort = <F extends string>(sort: TableSort<F> | undefined, field: F): TableSort<F> => ({ field, order: sort?.field === field && sort.order === 'ASC' ? 'DESC' : 'ASC' });

/**
 * A long heading wraps on two lines at most ('Código de Locación del Cliente' stood on five, one word a
 * line, beside a column of short codes, while the table had width to spare).
 */
export const headingMinWidth = (label: string) => (label.length > 14 && label.includes(' ') ? `${Math.ceil(label.length / 2) + 1}ch` : undefined);

/**
 * A column heading that sorts its table by `field` (the lists' way: a click sorts, a second reverses); without a
 * field, a heading that does not sort. Every table of the console draws its headings with it. `hidden`: a
 * heading read, not seen (a column of row buttons: 'Acciones'; an empty heading named nothing).
 */
export function SortableHeading<F extends string>({
  label,
  field,
  sort,
  onSort,
  sx,
  hidden = false,
}: {
  label: string;
  field: F | undefined;
  sort: TableSort<F> | undefined;
  onSort: (next: TableSort<F>) => void;
  sx?: SxProps<Theme>;
  hidden?: boolean;
}) {
  const active = field !== undefined && sort?.field === field;
  const sortable = field !== undefined && !hidden;
  return (
    // A hidden heading's cell holds its text (absolute, clipped): outside it, the text scrolled the table's frame.
    // The whole cell sorts, not only its words and arrow: a click beside a short heading ('Id', 'Zona'),
    // within the column's width, did nothing. (A click on the label is the label's: counted once.)
    <TableCell
      sx={[{ fontWeight: 600, minWidth: hidden ? undefined : headingMinWidth(label), position: hidden ? 'relative' : undefined, cursor: sortable ? 'pointer' : undefined }, ...(Array.isArray(sx) ? sx : [sx])]}
      sortDirection={active ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}
      onClick={sortable ? (e) => e.target === e.currentTarget && onSort(nextSort(sort, field)) : undefined}
    >
      {hidden ? (
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {label}
        </Box>
      ) : field === undefined ? (
        label
      ) : (
        <TableSortLabel active={active} direction={active && sort.order === 'DESC' ? 'desc' : 'asc'} onClick={() => onSort(nextSort(sort, field))}>
          {label}
        </TableSortLabel>
      )}
    </TableCell>
  );
}
