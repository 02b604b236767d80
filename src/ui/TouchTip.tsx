import { Paper, Popper } from '@mui/material';
import { type PointerEvent, type ReactNode, useEffect, useState } from 'react';

/**
 * The whole of a text cut with '…', shown by a tap: a phone has no hover, so the `title` that shows it on a
 * computer never opens there. A tap on the cut element opens it under the element (a tap on one that shows
 * all its text does nothing); the next touch anywhere else, another tap on it, or Escape closes it. Used by
 * the screen titles (cut by the browser) and the tables' cells (cut before, `CutText`).
 */
export function useTouchTip(text: string, { cut = false }: { /** The text was cut before it was shown (a table's cell): open without measuring. */ cut?: boolean } = {}): {
  onPointerUp: (e: PointerEvent<HTMLElement>) => void;
  tip: ReactNode;
} {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!anchor) return;
    const away = (e: globalThis.PointerEvent) => !anchor.contains(e.target as Node) && setAnchor(null);
    const escape = (e: KeyboardEvent) => e.key === 'Escape' && setAnchor(null);
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [anchor]);
  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType !== 'touch') return;
    const element = e.currentTarget;
    setAnchor((open) => (open || (!cut && element.scrollWidth <= element.clientWidth) ? null : element));
  };
  // The Popper is the tooltip (it carries the role).
  const tip = (
    <Popper open={anchor !== null} anchorEl={anchor} placement="bottom-start" sx={{ zIndex: (theme) => theme.zIndex.tooltip }}>
      <Paper elevation={4} sx={{ px: 1.5, py: 1, maxWidth: 'calc(100vw - 16px)', bgcolor: 'grey.800', color: 'common.white', fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
        {text}
      </Paper>
    </Popper>
  );
  return { onPointerUp, tip };
}
