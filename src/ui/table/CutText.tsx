import { Box, Tooltip } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { VISUALLY_HIDDEN } from '../visuallyHidden';

/**
 * A cell's text cut to fit ('Café del P…'). The whole is in its title, read on hover; a phone has no hover,
 * so a tap shows it in a tooltip until the next touch anywhere else (or Escape). Screen readers read a
 * hidden copy of the whole instead of the cut text.
 */
export function CutText({ text, whole }: { text: string; whole: string }) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent) => {
      if (!anchor.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);
  return (
    // Only touch opens it: with a mouse the title already shows the whole, and a tooltip over it would be the same text twice.
    <Tooltip title={whole} open={open} onClose={() => setOpen(false)} describeChild disableHoverListener disableFocusListener disableTouchListener>
      <span ref={anchor} onPointerUp={(e) => e.pointerType === 'touch' && setOpen((shown) => !shown)}>
        {/* Relative: the hidden copy is placed inside the cell, not against the page (whose width it grew). */}
        <span title={whole} style={{ position: 'relative', whiteSpace: 'nowrap' }}>
          <span aria-hidden="true">{text}</span>
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {whole}
          </Box>
        </span>
      </span>
    </Tooltip>
  );
}
