import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import type { z } from 'zod';
import { DIALOG, dialogParts } from '../../../../domain/dialogs';
import { approveVideoUrl, reason as reasonRule } from '../../../../domain/move-forms';
import { closeUnlessBackdrop, ConfirmDialog } from '../../../ui/dialogs';

const leave = dialogParts(DIALOG.leave);

/**
 * One field, its rule, then a confirmation: the approval's video URL, and the reasons of reject,
 * disapprove and cancel (7 rows).
 */
function FieldThenConfirm({
  title,
  label,
  rule,
  multiline,
  initial = '',
  confirm,
  closeLabel = 'Cancelar',
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
  busy: boolean;
  onSubmit: (value: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Escape with something written asks first, as the question dialog does.
  const [leaving, setLeaving] = useState(false);
  const check = rule.safeParse(value);
  const error = touched && !check.success ? check.error.issues[0].message : undefined;
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
          <TextField
            label={label}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            error={Boolean(error)}
            helperText={error ?? ' '}
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
              if (check.success) setConfirming(true);
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
          if (check.success && (await onSubmit(check.data))) onClose();
          else setConfirming(false);
        }}
      />
    </>
  );
}

export function ApproveDialog(props: { initial?: string; busy: boolean; onSubmit: (url: string) => Promise<boolean>; onClose: () => void }) {
  return <FieldThenConfirm title="Aprobar move" label="URL del video" rule={approveVideoUrl} confirm="La move será aprobada." {...props} />;
}

export function ReasonDialog(props: { title: string; label?: string; confirm: string; closeLabel?: string; busy: boolean; onSubmit: (reason: string) => Promise<boolean>; onClose: () => void }) {
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
