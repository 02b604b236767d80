/**
 * The bank's motives in the review's reject, disapprove and return: an optional picker of the active
 * ones, searched on the server as the user types (`GET /motives?isActive=true&q=`, a page at a time),
 * whose choice writes the motive's text into the reason.
 */
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useGetList } from 'ra-core';
import { useRef, useState } from 'react';
import { MOTIVE_TEXT, motiveReasonProblem, type ReviewMotive, reasonWithMotive } from '../../../../domain/motives';
import { useDebounced } from '../../../ui/useDebounced';

/** Matches shown at a time: the bank may grow long, a search narrows it. */
const MOTIVES_PAGE = 20;
const TYPING_DELAY = 300;

type Option = { kind: 'motive'; motive: ReviewMotive } | { kind: 'more' };

const keyOf = (o: Option) => (o.kind === 'motive' ? String(o.motive.id) : 'more');

export function MotivePicker({ value, onChange, disabled }: { value: ReviewMotive | null; onChange: (motive: ReviewMotive | null) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  // Opening the picker on a chosen motive lists the first ones again, not only that one.
  const typed = value && input === value.motive ? '' : input.trim();
  const term = useDebounced(typed, TYPING_DELAY);
  const { data, total, isFetching } = useGetList<ReviewMotive>(
    'motives',
    { filter: { isActive: true, ...(term ? { q: term } : {}) }, pagination: { page: 1, perPage: MOTIVES_PAGE }, sort: { field: 'motive', order: 'ASC' } },
    { enabled: open, placeholderData: keepPreviousData },
  );
  const found = data ?? [];
  const shown: Option[] = found.map((motive) => ({ kind: 'motive', motive }));
  if (total !== undefined && total > found.length) shown.push({ kind: 'more' });
  const selected: Option | null = value ? { kind: 'motive', motive: value } : null;
  // The chosen option is always among the options (the Autocomplete warns otherwise), shown or not.
  const options = selected && !found.some((m) => m.id === value!.id) ? [...shown, selected] : shown;
  return (
    <Autocomplete<Option, false, false>
      autoHighlight
      options={options}
      filterOptions={() => shown}
      value={selected}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      loading={isFetching || typed !== term}
      loadingText={MOTIVE_TEXT.searching}
      noOptionsText={MOTIVE_TEXT.noneFound}
      disabled={disabled}
      getOptionLabel={(o) => (o.kind === 'motive' ? o.motive.motive : '')}
      getOptionDisabled={(o) => o.kind === 'more'}
      isOptionEqualToValue={(a, b) => keyOf(a) === keyOf(b)}
      onChange={(_, option) => onChange(option?.kind === 'motive' ? option.motive : null)}
      renderOption={({ key: _key, ...props }, option) => (
        <li key={keyOf(option)} {...props}>
          {option.kind === 'more' ? (
            <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
              {MOTIVE_TEXT.more}
            </Typography>
          ) : (
            <Box>
              <Typography>{option.motive.motive}</Typography>
              {(option.motive.description || option.motive.requiresUserComment) && (
                <Typography variant="body2" color="text.secondary">
                  {[option.motive.description, option.motive.requiresUserComment ? 'Requiere comentario.' : null].filter(Boolean).join(' ')}
                </Typography>
              )}
            </Box>
          )}
        </li>
      )}
      slotProps={{ listbox: { style: { maxHeight: 300 } } }}
      renderInput={(params) => (
        <TextField {...params} label={MOTIVE_TEXT.pickerLabel} placeholder="Filtrar resultados" helperText={value ? value.description || ' ' : MOTIVE_TEXT.pickerHelp} sx={{ mt: 1, mb: 1 }} />
      )}
    />
  );
}

/**
 * A reason written from a motive: choosing one rewrites the reason (the motive's text, then what the
 * reviewer wrote of their own), and one that requires a comment takes the cursor to where it goes.
 * `pending` is what the motive still asks of the reason (shown before it is an error).
 */
export function useReasonMotive(reason: string, setReason: (reason: string) => void) {
  const [motive, setMotive] = useState<ReviewMotive | null>(null);
  const fieldRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const choose = (next: ReviewMotive | null) => {
    const written = reasonWithMotive(reason, motive, next);
    setReason(written);
    setMotive(next);
    if (next?.requiresUserComment) {
      // Once the new text is in the field: the cursor after it, on the comment's line.
      setTimeout(() => {
        const field = fieldRef.current;
        field?.focus();
        field?.setSelectionRange(written.length, written.length);
      });
    }
  };
  const problem = motive && reason.trim() ? motiveReasonProblem(reason, motive) : null;
  return { motive, choose, fieldRef, pending: problem?.message, reset: () => setMotive(null) };
}
