import { Box, TableCell, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * Put on a table's frame (its TableContainer): the frame is the measure `FrameMessageRow` takes its
 * width from (a container query), and the box of whatever is positioned inside it, which its scrolling
 * then clips (a hidden text of a cell out of sight, placed against the page, slid a 360 px phone's page
 * sideways to 624 px).
 */
export const MESSAGE_FRAME = { containerType: 'inline-size', position: 'relative' } as const;

/**
 * A table's one row that speaks instead of rows ('No hay datos para mostrar.', a spinner, an error),
 * centred in what the frame shows. Centred in its cell, it sat in the middle of a table wider than a
 * phone (the moves list, 1,050 px): 'Busca Moves pa…' at 360 px, the spinner out of sight. It keeps to
 * the frame's width and to its left edge as the table scrolls sideways.
 */
export function FrameMessageRow({ colSpan, color, children }: { colSpan: number; color?: string; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ p: 0, color }}>
        <Box sx={{ position: 'sticky', left: 0, width: '100cqi', boxSizing: 'border-box', px: 2, py: 4, textAlign: 'center' }}>{children}</Box>
      </TableCell>
    </TableRow>
  );
}
