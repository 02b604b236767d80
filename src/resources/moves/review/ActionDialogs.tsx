import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { z } from 'zod';
import { DRAFT_TEXT } from '../../../../domain/auth';
import { DIALOG, dialogParts } from '../../../../domain/dialogs';
import { approveVideoUrl, reason as reasonRule } from '../../../../domain/move-forms';
import { closeUnlessBackdrop, ConfirmDialog } from '../../../ui/dialogs';
import { MotivePicker, useReasonMotive } from './MotivePicker';
import { type KeptDialog, lendReviewDraft, type ReviewDraft, type ReviewText } from './reviewDraft';

const leave = dialogParts(DIALOG.leave);

/**
 * One field, its rule, then a confirmation: the approval's video URL, and the reasons of reject,
 * disapprove and cancel (7 rows). `withMotive`: a motive of the bank may start the reason (reject,
 * disapprove), and one that requires a comment is not sent without it.
 *
 * `keep`: while open, what the reviewer wrote is lent to be kept if the session ends (reviewDraft.ts), and
 * `keep.restored` is such a text taken back, shown with a word of where it comes from.
 */
function FieldThenConfirm({
  title,
  label,
  rule,
  multiline,
  initial = '',
  confirm,
  closeLabel = 'Cancelar',
  withMotive = false,
  keep,
  busy,
  onSubmit,
  onClose,
}: {
  title: string;
  label: string;
  rule: z.ZodType<string>;
  multiline?: boolean;
  initial?: string;
  confirm: string;
  /** The button that leaves without acting ('Volver' where the action itself is a cancellation). */
  closeLabel?: string;
  withMotive?: boolean;
  keep?: DialogKeep;
  busy: boolean;
  /** The value, and the bank's motive it was written from (if any). */
  onSubmit: (value: string, motiveId?: number) => Promise<boolean>;
  onClose: () => void;
}) {
  const restored = keep?.restored;
  const [value, setValue] = useState(restored?.value ?? initial);
  const motive = useReasonMotive(value, setValue, restored?.motive ?? null);
  // Lent while open: the text as it is when the session ends, unless it is still what the dialog opened with.
  const now = useRef<ReviewText>({ value, motive: motive.motive });
  now.current = { value, motive: motive.motive };
  const { pathname, search } = useLocation();
  // What the dialog opened with (the approval's link may be read again while it is open): not the reviewer's.
  const [openedWith] = useState(initial);
  // The keyboard starts where the eye does: on 'Motivo predefinido' when there is one and nothing is written
  // yet; on the text when it opens with one (restored, or a link read again).
  const [motiveFirst] = useState(() => withMotive && !(restored?.value ?? initial).trim());
  const [keptAs, moveId, moveVersion] = [keep?.dialog, keep?.move.id, keep?.move.version];
  useEffect(() => {
    if (!keptAs || moveId === undefined || moveVersion === undefined) return undefined;
    return lendReviewDraft(pathname + search, { id: moveId, version: moveVersion }, keptAs, () => (now.current.value === openedWith && !now.current.motive ? null : now.current));
  }, [keptAs, moveId, moveVersion, pathname, search, openedWith]);
  const live = keep?.live;
  useEffect(() => {
    if (!live || !keptAs || moveVersion === undefined) return;
    const mine = value !== openedWith || motive.motive !== null;
    live.current = mine ? { dialog: keptAs, version: moveVersion, value, motive: motive.motive } : null;
  });
  useEffect(
    () => () => {
      if (live) live.current = null;
    },
    [live],
  );
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Escape with something written asks first, as the question dialog does.
  const [leaving, setLeaving] = useState(false);
  const check = rule.safeParse(value);
  const problem = check.success ? motive.pending : check.error.issues[0].message;
  const error = touched ? problem : undefined;
  const accept = () => {
    setTouched(true);
    if (!problem) setConfirming(true);
    // The field with its message (read with it) gets the keyboard: it stayed on 'Aceptar', unheard.
    else motive.fieldRef.current?.focus();
  };
  return (
    <>
      {/* A click beside it does not close it: a reason being written would be lost to a stray click. */}
      <Dialog
        open={!confirming}
        onClose={closeUnlessBackdrop(() => (value === initial ? onClose() : setLeaving(true)))}
        aria-labelledby="action-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="action-title">{title}</DialogTitle>
        <DialogContent>
          {restored && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {DRAFT_TEXT.restoredReview}
            </Alert>
          )}
          {withMotive && <MotivePicker value={motive.motive} onChange={motive.choose} autoFocus={motiveFirst} />}
          <TextField
            inputRef={motive.fieldRef}
            label={label}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            // A one-line field (the approval's link) is sent with Enter, as 'Aceptar'; a reason's lines take it.
            onKeyDown={(e) => {
              if (multiline || e.key !== 'Enter' || e.nativeEvent.isComposing) return;
              e.preventDefault();
              accept();
            }}
            error={Boolean(error)}
            // What the motive still asks shows before it is an error.
            helperText={error ?? motive.pending ?? ' '}
            fullWidth
            autoFocus={!motiveFirst}
            multiline={multiline}
            rows={multiline ? 7 : undefined}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{closeLabel}</Button>
          <Button variant="contained" onClick={accept}>
            Aceptar
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog open={leaving} title={leave.title} content={leave.question} onClose={() => setLeaving(false)} onConfirm={onClose} />
      <ConfirmDialog
        open={confirming}
        content={confirm}
        cancelLabel={closeLabel}
        busy={busy}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (check.success && !problem && (await onSubmit(check.data, motive.motive?.id))) onClose();
          else setConfirming(false);
        }}
      />
    </>
  );
}

/** Which dialog of which move (its version) a kept text belongs to, and the text taken back, if any. */
export interface DialogKeep {
  dialog: KeptDialog;
  move: { id: number; version: number };
  restored?: ReviewText;
  /**
   * What the reviewer has written so far, while the dialog is open (null when nothing of theirs): the screen
   * shows it, not applied, when the move changes under the dialog and closes it (a 409 reloads it).
   */
  live?: { current: ReviewDraft | null };
}

export function ApproveDialog(props: { initial?: string; keep?: DialogKeep; busy: boolean; onSubmit: (url: string) => Promise<boolean>; onClose: () => void }) {
  return <FieldThenConfirm title="Aprobar move" label="URL del video" rule={approveVideoUrl} confirm="La move será aprobada." {...props} />;
}

export function ReasonDialog(props: {
  title: string;
  label?: string;
  confirm: string;
  closeLabel?: string;
  withMotive?: boolean;
  keep?: DialogKeep;
  busy: boolean;
  onSubmit: (reason: string, motiveId?: number) => Promise<boolean>;
  onClose: () => void;
}) {
  return <FieldThenConfirm label="Motivo" rule={reasonRule} multiline {...props} />;
}

/** A plain confirmation with its own words (republish, reschedule). */
export function Confirm({ text, busy, onConfirm, onClose }: { text: string; busy: boolean; onConfirm: () => Promise<boolean>; onClose: () => void }) {
  return (
    <ConfirmDialog
      open
      content={text}
      busy={busy}
      onClose={onClose}
      onConfirm={async () => {
        await onConfirm();
        onClose();
      }}
    />
  );
}
