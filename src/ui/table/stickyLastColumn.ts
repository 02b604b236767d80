import type { Theme } from '@mui/material/styles';

/**
 * A table's last column (the row's action: view, certificate) kept in sight at the right edge while a
 * table wider than its frame scrolls (a phone): put on an ancestor of the table.
 */
export const STICKY_LAST_COLUMN = {
  '& thead th:last-of-type, & tbody td:last-of-type:not([colspan])': {
    position: 'sticky',
    right: 0,
    bgcolor: 'background.paper',
    boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
  },
} as const;
