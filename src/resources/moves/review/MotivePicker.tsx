/**
 * The bank's motives in the review's reject, disapprove and return: an optional picker of the active
 * ones, searched on the server as the user types (`GET /motives?isActive=true&q=`, a page at a time),
 * whose choice writes the motive's text into the reason.
 */
import { Box } from '@mui/material';
import { useRef, useState } from 'react';
import { MOTIVE_TEXT, motiveReasonProblem, type ReviewMotive, reasonWithMotive } from '../../../../domain/motives';
import { SearchAutocomplete, type SearchSource } from '../../../ui/searchPicker/SearchPicker';

const ACTIVE_MOTIVES: SearchSource<ReviewMotive> = {
  queryKey: ['motives', 'review-choices'],
  path: '/motives',
  fixed: { isActive: true, sort: 'motive', order: 'ASC' },
  rowsOf: (answer) => (answer as { rows: ReviewMotive[] }).rows,
  nameOf: (m) => m.motive,
  searchedText: (m) => `${m.motive} ${m.description ?? ''}`,
  // The bank may grow long, a search narrows it.
  page: 20,
  typeToSearch: MOTIVE_TEXT.more,
  more: MOTIVE_TEXT.more,
  none: MOTIVE_TEXT.noneFound,
};

const detailOf = (m: ReviewMotive) => [m.description, m.requiresUserComment ? 'Requiere comentario.' : null].filter(Boolean).join(' ') || null;

export function MotivePicker({ value, onChange, disabled, autoFocus }: { value: ReviewMotive | null; onChange: (motive: ReviewMotive | null) => void; disabled?: boolean; autoFocus?: boolean }) {
  const helperText = value ? value.description || ' ' : MOTIVE_TEXT.pickerHelp;
  return (
    <Box sx={{ mt: 1, mb: 1 }}>
      <SearchAutocomplete source={ACTIVE_MOTIVES} chosen={value} onChange={onChange} disabled={disabled} label={MOTIVE_TEXT.pickerLabel} helperText={helperText} detailOf={detailOf} size="medium" autoFocus={autoFocus} />
    </Box>
  );
}

/**
 * A reason written from a motive: choosing one rewrites the reason (the motive's text, then what the
 * reviewer wrote of their own), and one that requires a comment takes the cursor to where it goes.
 * `pending` is what the motive still asks of the reason (shown before it is an error). `initial`: the motive
 * a recovered reason was written from.
 */
export function useReasonMotive(reason: string, setReason: (reason: string) => void, initial: ReviewMotive | null = null) {
  const [motive, setMotive] = useState<ReviewMotive | null>(initial);
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
  // `restore`: the motive a kept reason was written from, or none (a panel that starts anew).
  return { motive, choose, fieldRef, pending: problem?.message, reset: () => setMotive(null), restore: setMotive };
}
