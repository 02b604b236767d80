import { Box } from '@mui/material';
import { useTouchTip } from '../TouchTip';
import { VISUALLY_HIDDEN } from '../visuallyHidden';

/**
 * A cell's text cut to fit ('Café del P…'). The whole is in its title, read on hover; a phone has no hover,
 * so a tap shows it (`useTouchTip`, as a cut screen title). Screen readers read a hidden copy of the whole
 * instead of the cut text.
 */
export function CutText({ text, whole }: { text: string; whole: string }) {
  // Cut here, not by the browser: the element shows all of `text`, so the tip opens without measuring.
  const { onPointerUp, tip } = useTouchTip(whole, { cut: true });
  return (
    <span onPointerUp={onPointerUp}>
      {/* Relative: the hidden copy is placed inside the cell, not against the page (whose width it grew). */}
      <span title={whole} style={{ position: 'relative', whiteSpace: 'nowrap' }}>
        <span aria-hidden="true">{text}</span>
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {whole}
        </Box>
      </span>
      {tip}
    </span>
  );
}
