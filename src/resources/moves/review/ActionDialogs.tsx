import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import type { z } from 'zod';
import { DIALOG, dialogParts } from '../../../../domain/dialogs';
import { approveVideoUrl, reason as reasonRule } from '../../../../domain/move-forms';
import { closeUnlessBackdrop, ConfirmDialog } from '../../../ui/dialogs';
import { MotivePicker, useReasonMotive } from './MotivePicker';

const leave = dialogParts(DIALOG.leave);

/**
 * One field, its rule, then a confirmation: the approval's video URL, and the reasons of reject,
 * disapprove and cancel (7 rows). `withMotive`: a motive of the bank may start the reason (reject,
 * disapprove), and one that requires a comment is not sent without it.
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
  busy: boolean;
  /** The value, and the bank's motive it was written from (if any). */
  onSubmit: (value: string, motiveId?: number) => Promise<boolean>;
  onClose: () => void;
}) {
  const [value, setValue] = useState(initial);
  const motive = useReasonMotive(value, setValue);
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Escape with something written asks first, as the question dialog does.
  const [leaving, setLeaving] = useState(false);
  const check = rule.safeParse(value);
  const problem = check.success ? motive.pending : check.error.issues[0].message;
  const error = touched ? problem : undefined;
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
          {withMotive && <MotivePicker value={motive.motive} onChange={motive.choose} />}
          <TextField
            inputRef={motive.fieldRef}
            label={label}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            error={Boolean(error)}
            // What the motive still asks shows before it is an error.
            helperText={error ?? motive.pending ?? ' '}
            fullWidth
            autoFocus
            multiline={multiline}
            rows={multiline ? 7 : undefined}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{closeLabel}</Button>
          <Button
            variant="contained"
            onClick={() => {
              setTouched(true);
              if (!problem) setConfirming(true);
            }}
          >
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

export function ApproveDialog(props: { initial?: string; busy: boolean; onSubmit: (url: string) => Promise<boolean>; onClose: () => void }) {
  return <FieldThenConfirm title="Aprobar move" label="URL del video" rule={approveVideoUrl} confirm="La move será aprobada." {...props} />;
}

export function ReasonDialog(props: {
  title: string;
  label?: string;
  confirm: string;
  closeLabel?: string;
  withMotive?: boolean;
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
