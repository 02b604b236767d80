import FirstPageIcon from '@mui/icons-material/FirstPage';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import LastPageIcon from '@mui/icons-material/LastPage';
import { Box, IconButton, MenuItem, Select, TextField, Typography } from '@mui/material';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { type PagerView, pagerState, pagesText, sameView, shownText } from './pagerText';
import { CHAT_GUTTER } from '../chatGutter';

interface Props {
  page: number;
  perPage: number;
  total: number;
  /** The total is the server's estimate (a list of more than 1,000 rows): said so, and no jump to the last page. */
  estimated?: boolean;
  /**
   * The rows the page holds, when known. With an estimated total the page's own rows decide: a full page
   * may have more after it, whatever the estimate says (an estimate of 1.001 hid 2.000 rows of a client
   * loaded in bulk), and the rows shown are counted, not assumed.
   */
  rows?: number;
  /** The first page is on its way: no count yet ('Mostrando 0-0 de 0 registros' flashed before the rows came). */
  loading?: boolean;
  /**
   * The rows on screen are the last page's, kept while the page asked for is on its way (react-query's
   * placeholder): the words keep describing them ('Mostrando 51-100' was read over rows 1-50).
   */
  kept?: boolean;
  options: readonly number[];
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
}

/** 'Mostrando x-y de z registros', 'Filas por página', first/prev/next/last, page input, 'Págs. Totales'. */
export function Pagination({ page, perPage, total, estimated = false, rows, loading = false, kept = false, options, setPage, setPerPage }: Props) {
  const asked = { page, perPage, total, estimated, rows };
  // The buttons follow the page asked for (a second 'Página siguiente' goes on from it); the words, the rows shown.
  const { more, reachable } = pagerState(asked);
  const described = useShownView(asked, kept);
  const { from, to, shownTotal, pages } = pagerState(described);
  const [typed, setTyped] = useState(String(page));
  const labelId = useId();
  useEffect(() => setTyped(String(page)), [page]);

  const go = (target: number) => setPage(Math.min(reachable, Math.max(1, target)));
  const backward = useRef<HTMLButtonElement>(null);
  const forward = useRef<HTMLButtonElement>(null);
  const press = useKeptFocus(page, !kept && !loading);
  // A number past the last page goes to the last page (999 of 17 was ignored, the box back to the page it was on).
  const commit = () => {
    const n = Number(typed);
    if (typed !== '' && Number.isInteger(n) && n >= 1) {
      const target = Math.min(reachable, n);
      go(target);
      setTyped(String(target));
    } else setTyped(String(page));
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 2, pl: 2, pr: CHAT_GUTTER, py: 1 }}>
      {/* Said when it changes: a search typed, a filter ticked or a page turned is heard as the count it left
          (a screen reader heard nothing of 'Mostrando 0-0 de 0 registros' after a search). */}
      <Typography variant="body2" aria-busy={kept || loading} aria-live="polite">
        {loading ? 'Cargando registros…' : shownText(from, to, shownTotal, described.estimated)}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" id={labelId}>
          Filas por página
        </Typography>
        {/* `labelId` names the visible combobox ('Filas por página 10'); on the hidden input it named nothing a reader reaches. */}
        <Select size="small" variant="standard" value={perPage} onChange={(e) => setPerPage(Number(e.target.value))} labelId={labelId}>
          {options.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </Select>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <IconButton aria-label="Primera página" onClick={(e) => press(e.currentTarget, forward, () => go(1))} disabled={page <= 1}>
          <FirstPageIcon />
        </IconButton>
        <IconButton ref={backward} aria-label="Página anterior" onClick={(e) => press(e.currentTarget, forward, () => go(page - 1))} disabled={page <= 1}>
          <KeyboardArrowLeft />
        </IconButton>
        <TextField
          size="small"
          variant="standard"
          value={typed}
          onChange={(e) => setTyped(e.target.value.replace(/\D/g, ''))}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
          slotProps={{ htmlInput: { 'aria-label': 'Número de página', style: { width: 36, textAlign: 'center' } } }}
        />
        <IconButton ref={forward} aria-label="Página siguiente" onClick={(e) => press(e.currentTarget, backward, () => go(page + 1))} disabled={!more}>
          <KeyboardArrowRight />
        </IconButton>
        <IconButton aria-label="Última página" onClick={(e) => press(e.currentTarget, backward, () => go(pages))} disabled={estimated || page >= pages}>
          <LastPageIcon />
        </IconButton>
      </Box>
      <Typography variant="body2">{pagesText(pages, described.estimated)}</Typography>
    </Box>
  );
}

/**
 * A page button pressed that the page it leads to disables ('Última página' on the last page, 'Página
 * anterior' on the first): the keyboard goes to the nearest button the other way, where it fell to the
 * page's body and a screen reader said nothing. Only from the body: focus the user put elsewhere stays.
 * Read after every render until the page asked for is on screen (`settled`): with an estimated total,
 * 'Página siguiente' turns off only when the last page's rows arrive.
 */
function useKeptFocus(page: number, settled: boolean) {
  const pressed = useRef<{ from: HTMLButtonElement; to: RefObject<HTMLButtonElement | null>; page: number } | null>(null);
  useEffect(() => {
    const last = pressed.current;
    if (!last) return;
    if (last.from.disabled) {
      pressed.current = null;
      const to = last.to.current;
      // The disabled button may still hold the focus until the browser's next rendering drops it.
      const lost = document.activeElement === null || document.activeElement === document.body || document.activeElement === last.from;
      if (to && !to.disabled && lost) to.focus();
    } else if (page !== last.page && settled) {
      // The page it led to is on screen and left the button usable: nothing to keep.
      pressed.current = null;
    }
  });
  return (from: HTMLButtonElement, to: RefObject<HTMLButtonElement | null>, go: () => void) => {
    pressed.current = { from, to, page };
    go();
  };
}

/**
 * What the rows on screen are: the view asked for once it has arrived, else the last one that had. Kept
 * the way React keeps what an earlier render saw (state set while rendering), so no render shows the new
 * range over the old rows.
 */
function useShownView(asked: PagerView, kept: boolean): PagerView {
  const [shown, setShown] = useState(asked);
  if (!kept && !sameView(shown, asked)) setShown(asked);
  return kept ? shown : asked;
}
