import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * Keeps a payments list within the window. The shell grows to its content's width (react-admin's
 * layout is `min-width: fit-content`), so a table wider than the window widened the whole page and
 * hid its last columns behind a page-wide scroll. `contain: inline-size` leaves the table out of
 * that measure: the list takes the width the window leaves, the table scrolls inside its own
 * container, and the last column (the row's action) stays in sight at its right edge.
 */
export function WithinScreen({ children, stickyLastColumn = false }: { children: ReactNode; stickyLastColumn?: boolean }) {
  return (
    <Box
      sx={{
        contain: 'inline-size',
        ...(stickyLastColumn && {
          '& thead th:last-of-type, & tbody td:last-of-type:not([colspan])': {
            position: 'sticky',
            right: 0,
            bgcolor: 'background.paper',
            boxShadow: (theme) => `inset 1px 0 0 ${theme.palette.divider}`,
          },
        }),
      }}
    >
      {children}
    </Box>
  );
}
