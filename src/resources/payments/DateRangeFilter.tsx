import { Box, Button, TextField } from '@mui/material';
import { useListContext } from 'ra-core';
import { useState } from 'react';
import { dateRangeProblems } from '../../../domain/move-forms';
import { PAYMENT_TEXT as T } from '../../../domain/payments';
import { formatDisplayDate, parseDisplayDate } from '../../../domain/validation';

const iso = (text: string) => {
  const parsed = parseDisplayDate(text);
  return 'date' in parsed ? parsed.date : '';
};

/**
 * The lists' date filter: 'Desde' and 'Hasta' typed DD/MM/YYYY, both required and the end not
 * before the start; FILTRAR applies them as whole days (`from`, `to`), LIMPIAR removes them.
 */
export function DateRangeFilter() {
  const list = useListContext();
  const shown = (field: 'from' | 'to') => (list.filterValues[field] ? formatDisplayDate(String(list.filterValues[field])) : '');
  const [from, setFrom] = useState(shown('from'));
  const [to, setTo] = useState(shown('to'));
  const [problems, setProblems] = useState<{ from?: string; to?: string }>({});
  // The list's filter can change without FILTRAR (the browser's back and forward buttons, which the list
  // follows; another filter, the Getter's, chosen): the fields then say the range the list applies, not
  // one typed before and never applied, which the rows on screen do not follow.
  const applied = JSON.stringify(list.filterValues);
  const [shownFilter, setShownFilter] = useState(applied);
  if (shownFilter !== applied) {
    setShownFilter(applied);
    setFrom(shown('from'));
    setTo(shown('to'));
    setProblems({});
  }

  const apply = () => {
    const found = !from.trim() && !to.trim() ? { from: T.bothDates, to: T.bothDates } : dateRangeProblems(from, to);
    setProblems(found);
    if (found.from || found.to) return;
    list.setFilters({ ...list.filterValues, from: iso(from), to: iso(to) }, undefined, false);
  };
  const clear = () => {
    setFrom('');
    setTo('');
    setProblems({});
    const { from: _from, to: _to, ...rest } = list.filterValues;
    list.setFilters(rest, undefined, false);
  };

  const input = (label: string, value: string, set: (v: string) => void, error?: string) => (
    <TextField
      size="small"
      label={label}
      placeholder="DD/MM/AAAA"
      value={value}
      onChange={(e) => set(e.target.value)}
      onKeyDown={(e) => e.key === 'Enter' && apply()}
      error={Boolean(error)}
      helperText={error}
      sx={{ width: 150 }}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
    />
  );

  return (
    <Box role="group" aria-label="Filtro por fechas" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      {input(T.from, from, setFrom, problems.from)}
      {input(T.to, to, setTo, problems.to)}
      <Button variant="outlined" onClick={apply}>
        {T.filter}
      </Button>
      <Button onClick={clear} disabled={!from && !to && !list.filterValues.from}>
        {T.clear}
      </Button>
    </Box>
  );
}
