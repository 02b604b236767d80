import { Typography } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTouchTip } from './TouchTip';
import { useScreenTitle } from './documentTitle';

/**
 * A screen's title (its one h1): on one line, cut with '…' when it does not fit, the whole of it on hover,
 * on a tap (a phone has no hover) and to a screen reader, which reads the text. On a phone a long title
 * ('Editar proyecto: Relevamiento de locales - ciclo anterior') took five lines beside the back arrow and
 * pushed the form below the fold; there it is also a size smaller. `minWidth: 0` lets it shrink in the
 * flex rows of the screens' headers.
 */
export function ScreenTitle({ children, sx }: { children: string; sx?: SxProps<Theme> }) {
  const { onPointerUp, tip } = useTouchTip(children);
  useScreenTitle(children);
  return (
    <>
      <Typography
        variant="h5"
        component="h1"
        noWrap
        title={children}
        onPointerUp={onPointerUp}
        sx={[{ flexGrow: 1, minWidth: 0, fontSize: { xs: '1.25rem', sm: '1.5rem' } }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        {children}
      </Typography>
      {tip}
    </>
  );
}

/**
 * A line beside a screen's title that says what the screen is about when the title does not (the client
 * of 'Lista de locaciones' under /clients/{id}/…): after the title, which then takes no more than its
 * text, it takes the row's free width and is cut with '…' as the title is.
 */
export function ScreenSubtitle({ children }: { children: string }) {
  const { onPointerUp, tip } = useTouchTip(children);
  return (
    <>
      <Typography color="text.secondary" noWrap title={children} onPointerUp={onPointerUp} sx={{ flexGrow: 1, minWidth: 0 }}>
        {children}
      </Typography>
      {tip}
    </>
  );
}

/** The title's `sx` when a subtitle follows it: only as wide as its text, the subtitle takes the rest. */
export const TITLE_BEFORE_SUBTITLE = { flexGrow: 0 } as const;
