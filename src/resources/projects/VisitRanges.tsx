import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { checkRangeDraft, MONTH_NAMES, RANGE_TEXT, sortRanges, type VisitRange, visitCalendar } from '../../../domain/projectVisits';
import { PROJECT_TEXT } from '../../../domain/projects';
import { formatCount } from '../../../domain/numbers';
import { formatDisplayDate } from '../../../domain/validation';
import { useField } from '../../ui/form/inputs';
import { VISUALLY_HIDDEN } from '../../ui/visuallyHidden';

const EMPTY = { from: '', to: '', visits: '' };

/**
 * The visit ranges (from, to, visits per location): three inputs and 'Añadir rango', checked
 * before they join the list; a range leaves with its delete button. Locked or in VIEW, only the list.
 */
export function VisitRanges({ readOnly, locationsCount }: { readOnly: boolean; locationsCount: number }) {
  const { field, shownError } = useField('rangeDate');
  // `taken`: the stored range has a visit a move holds (the server refuses to remove it).
  const ranges = (field.value ?? []) as (VisitRange & { taken?: boolean })[];
  const [startDate, endDate] = useWatch({ name: ['startDate', 'endDate'] }) as [string, string];
  const [draft, setDraft] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  // When the last range was added: a double click's second press found the fields just emptied and said
  // 'Rellene todos los campos…' under the range it had added.
  const addedAt = useRef(0);

  const add = () => {
    if (draft === EMPTY && Date.now() - addedAt.current < 800) return;
    const result = checkRangeDraft(draft, { startDate, endDate }, ranges);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    field.onChange(sortRanges([...ranges, result.range]));
    field.onBlur();
    setDraft(EMPTY);
    setError(null);
    addedAt.current = Date.now();
  };
  // The keyboard's place after a removal: the next range's 'Quitar' (or the one before), else 'Añadir rango'.
  // It went with the removed row to the page's start.
  const section = useRef<HTMLElement>(null);
  const removedAt = useRef<number | null>(null);
  const remove = (index: number) => {
    removedAt.current = index;
    field.onChange(ranges.filter((_, i) => i !== index));
    field.onBlur();
  };
  useEffect(() => {
    const index = removedAt.current;
    if (index === null || !section.current) return;
    removedAt.current = null;
    const buttons = [...section.current.querySelectorAll<HTMLButtonElement>('tbody button:not([disabled])')];
    const next = buttons[Math.min(index, buttons.length - 1)] ?? [...section.current.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Añadir rango');
    next?.focus();
  }, [ranges]);
  const draftInput = (key: keyof typeof EMPTY, label: string, placeholder?: string) => (
    <TextField
      size="small"
      label={label}
      placeholder={placeholder}
      value={draft[key]}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          add();
        }
      }}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: key === 'visits' ? 4 : 10 } }}
      sx={{ width: 180 }}
    />
  );

  return (
    // `minWidth: 0` and the tables in their own scrolling frames: on a phone the tables widened the form's
    // column past its card, which cut off every field's right edge and the 'Visitas totales' column.
    <Box ref={section} component="section" aria-labelledby="ranges-title" sx={{ mt: 2, minWidth: 0 }}>
      <Typography id="ranges-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Rangos de visitas
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Cada rango indica cuántas visitas se harán a cada locación entre sus fechas.
      </Typography>
      {!readOnly && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
          {draftInput('from', 'Desde', 'DD/MM/AAAA')}
          {draftInput('to', 'Hasta', 'DD/MM/AAAA')}
          {draftInput('visits', 'Visitas por locación')}
          <Button variant="outlined" onClick={add}>
            Añadir rango
          </Button>
        </Box>
      )}
      {error && (
        <Alert severity="warning" sx={{ mb: 1 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {ranges.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label="Rangos de visitas">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Desde</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>Hasta</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>Visitas por locación</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>Visitas totales</TableCell>
                {!readOnly && (
                  <TableCell sx={{ position: 'relative' }}>
                    <Box component="span" sx={VISUALLY_HIDDEN}>
                      Acciones
                    </Box>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {ranges.map((r, i) => (
                <TableRow key={`${r.from}-${r.to}-${r.visits}`}>
                  <TableCell>{formatDisplayDate(r.from)}</TableCell>
                  <TableCell>{formatDisplayDate(r.to)}</TableCell>
                  <TableCell>{formatCount(r.visits)}</TableCell>
                  <TableCell>{formatCount(r.visits * locationsCount)}</TableCell>
                  {!readOnly && (
                    <TableCell>
                      {/* One with a visit a move holds stays: it was removed here and refused only on saving. */}
                      <Tooltip title={r.taken ? RANGE_TEXT.taken : ''}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Quitar el rango del ${formatDisplayDate(r.from)} al ${formatDisplayDate(r.to)}`}
                            aria-description={r.taken ? RANGE_TEXT.taken : undefined}
                            disabled={r.taken === true}
                            onClick={() => remove(i)}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {shownError && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {shownError}
        </Typography>
      )}
      <VisitCalendar ranges={ranges} locationsCount={locationsCount} />
    </Box>
  );
}

/** The calendar of visits per month and year (spec 3 §2): per location and over all the locations. */
export function VisitCalendar({ ranges, locationsCount }: { ranges: readonly VisitRange[]; locationsCount: number }) {
  const entries = visitCalendar(ranges, 1);
  if (!entries.length) return null;
  const total = entries.reduce((sum, e) => sum + e.numberOfVisits, 0);
  return (
    <Box component="section" aria-labelledby="calendar-title" sx={{ mt: 2, minWidth: 0 }}>
      <Typography id="calendar-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Calendario de visitas
      </Typography>
      <TableContainer sx={{ maxWidth: 640 }}>
        <Table size="small" aria-label="Calendario de visitas">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Año</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Mes</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Visitas por locación</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{PROJECT_TEXT.calendarTotal(locationsCount)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((e) => (
              <TableRow key={`${e.year}-${e.month}`}>
                <TableCell>{e.year}</TableCell>
                <TableCell>{MONTH_NAMES[e.month - 1]}</TableCell>
                <TableCell>{formatCount(e.numberOfVisits)}</TableCell>
                <TableCell>{formatCount(e.numberOfVisits * locationsCount)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={2} sx={{ fontWeight: 600 }}>
                Total
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{formatCount(total)}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{formatCount(total * locationsCount)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
