import { Alert, Box, Button, Link, Menu, MenuItem, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { DRAFT_TEXT } from '../../../../domain/auth';
import type { ApproveAnswer, MoveDetail } from '../../../../domain/move-api';
import { REPLY_TEXT } from '../../../../domain/move-replies';
import { type MoveAction, MOVE_TEXT } from '../../../../domain/moves';
import { isPastProject } from '../../../../domain/projects';
import { formatDisplayDate } from '../../../../domain/validation';
import { dropDraft } from '../../../authProvider/drafts';
import { ApproveDialog, Confirm, type DialogKeep, ReasonDialog } from './ActionDialogs';
import { MotivePicker, type useReasonMotive } from './MotivePicker';
import { type KeptDialog, lendStaleText, type ReviewDraft, reviewDraftOf, reviewStart } from './reviewDraft';
import type { Runner } from './useMove';

export type ReviewMode = 'view' | 'review' | 'editApproved' | 'return';

type DialogName = 'approve' | 'reject' | 'disapprove' | 'republish' | 'cancel' | 'reschedule';

/**
 * Whether the page offers the button that opens `panel`: 'Revisar' and 'Devolver' in review (the latter when some
 * question could go back to the Getter), 'Editar Move Aprobada'. A panel kept when the session ended opens again
 * only while it is (panelDraft.ts).
 */
export function panelOffered(panel: Exclude<ReviewMode, 'view'>, move: MoveDetail, allowed: readonly MoveAction[], returnable: boolean): boolean {
  if (panel === 'editApproved') return allowed.includes('editApproved');
  return move.statusId === 'EN_REVISION' && allowed.includes('review') && (panel === 'review' || returnable);
}

/**
 * The actions the move's status offers (spec 2 §4): in review 'Revisar', 'Aprobar', 'Rechazar',
 * 'Devolver'; approved 'Editar Move Aprobada', 'Desaprobar Move'; rejected or disapproved 'Republicar
 * la move' (once); and cancel or reschedule while the Getter has it.
 */
export function ReviewActions({
  move,
  allowed,
  mode,
  setMode,
  runner,
  approveProblems,
  answersReady,
  returnable,
  originalVideo,
  onWriting,
}: {
  move: MoveDetail;
  allowed: MoveAction[];
  mode: ReviewMode;
  setMode: (mode: ReviewMode) => void;
  runner: Runner;
  /** Lines of 'Existe información por completar': approving waits for them to be answered ('Revisar'). */
  approveProblems: string[];
  /**
   * The answers are on screen: until then 'Aprobar' cannot know what is unanswered (it offered the video
   * dialog of a move with nothing answered), and 'Revisar', 'Devolver' or an edit would start on nothing.
   */
  answersReady: boolean;
  /** Some question could go back to the Getter (the questionnaire has one its app shows): else no 'Devolver'. */
  returnable: boolean;
  originalVideo?: string;
  /** Whether a dialog is open (its text being written): the page holds the move meanwhile. */
  onWriting?: (writing: boolean) => void;
}) {
  // A reason or video link kept when the session ended with its dialog open (reviewDraft.ts), taken once
  // (`reviewStart`: its dialog open again, a word that it is already stored, or the text not applied).
  const { pathname, search } = useLocation();
  const [start] = useState(() => reviewStart(reviewDraftOf(pathname + search, move.id), move, allowed));
  const [restored, setRestored] = useState(start.restored);
  // `overtaken`: written in a dialog the move's change closed (not while the session was closed).
  const [stale, setStale] = useState<(ReviewDraft & { overtaken?: boolean }) | null>(start.stale);
  const [appliedNotice, setAppliedNotice] = useState(start.applied);
  useEffect(() => {
    if (start.restored || start.applied || start.stale) dropDraft(pathname + search);
  }, [start, pathname, search]);
  // Shown, not applied: kept again if the session ends meanwhile (until it is dismissed).
  useEffect(() => (stale ? lendStaleText(pathname + search, move.id, stale) : undefined), [stale, pathname, search, move.id]);
  const [dialog, setDialog] = useState<DialogName | null>(restored?.dialog ?? null);
  const [more, setMore] = useState<HTMLElement | null>(null);
  const close = () => {
    setDialog(null);
    setRestored(null);
  };
  // An open dialog holds the move as it is (no reload on the tab's return): what is being written is not
  // taken away by someone else's change until it is sent, and told.
  useEffect(() => {
    onWriting?.(dialog !== null);
    return () => onWriting?.(false);
  }, [dialog, onWriting]);
  // What the open dialog holds of the reviewer's (ActionDialogs' `live`).
  const written = useRef<ReviewDraft | null>(null);
  // A reloaded move (someone else acted: a 409 reloads it) closes the action that was being prepared.
  const shownVersion = useRef(move.version);
  useEffect(() => {
    if (move.version === shownVersion.current) return;
    shownVersion.current = move.version;
    setDialog(null);
    // What was written is not lost with its dialog: it shows, not applied.
    if (written.current) setStale({ ...written.current, overtaken: true });
    else if (restored) setStale(restored);
    setRestored(null);
  }, [move.version, restored]);
  /** What a dialog keeps if the session ends while it is open, and the text it takes back. */
  const keep = (name: KeptDialog): DialogKeep => ({ dialog: name, move, restored: restored?.dialog === name ? restored : undefined, live: written });
  const can = (a: MoveAction) => allowed.includes(a);
  const status = move.statusId;
  const endDate = move.projectLocation.projects.endDate;
  // Rejected or disapproved, and reviewed by an agent: the link shows (enabled only once).
  const republishable = ['RECHAZADA', 'DESAPROBADA'].includes(status) && Boolean(move.assignedAgentId);
  if (mode !== 'view') return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      {appliedNotice && (
        <Alert severity="info" onClose={() => setAppliedNotice(false)} sx={{ width: '100%' }}>
          {DRAFT_TEXT.alreadyStored}
        </Alert>
      )}
      {stale && (
        <Alert severity="warning" onClose={() => setStale(null)} sx={{ width: '100%', whiteSpace: 'pre-wrap' }}>
          {stale.overtaken ? DRAFT_TEXT.reviewOvertaken : DRAFT_TEXT.reviewChanged} «{stale.value}»
        </Alert>
      )}
      {panelOffered('review', move, allowed, returnable) && (
        <>
          <Button variant="outlined" disabled={!answersReady} onClick={() => setMode('review')} data-review-start="review">
            Revisar
          </Button>
          <Button variant="contained" color="success" disabled={!answersReady} onClick={() => (approveProblems.length ? runner.fail(approveProblems, REPLY_TEXT.incomplete) : setDialog('approve'))}>
            Aprobar
          </Button>
          <Button variant="contained" color="error" onClick={() => setDialog('reject')}>
            Rechazar
          </Button>
          {panelOffered('return', move, allowed, returnable) && (
            <Button variant="contained" color="warning" disabled={!answersReady} onClick={() => setMode('return')} data-review-start="return">
              Devolver
            </Button>
          )}
        </>
      )}
      {status === 'EN_REVISION' && !move.assignedAgentId && allowed.includes('assignAgent') && <Typography color="text.secondary">Asigne un agente de calidad para revisar la move.</Typography>}
      {panelOffered('editApproved', move, allowed, returnable) && (
        <Button variant="outlined" disabled={!answersReady} onClick={() => setMode('editApproved')} data-review-start="editApproved">
          Editar Move Aprobada
        </Button>
      )}
      {can('disapprove') && (
        <Button variant="contained" color="error" onClick={() => setDialog('disapprove')}>
          Desaprobar Move
        </Button>
      )}
      {republishable && (
        <Link
          component="button"
          variant="body1"
          disabled={!can('republish') || runner.busy}
          onClick={() => setDialog('republish')}
          sx={!can('republish') ? { color: 'text.disabled', cursor: 'default', textDecoration: 'none' } : undefined}
        >
          Republicar la move
        </Link>
      )}
      {/* Said on screen, not only as a title: a disabled link shows no title on hover. */}
      {republishable && move.republished && (
        <Typography variant="body2" color="text.secondary">
          {MOVE_TEXT.alreadyRepublished}
          {move.republishedCopyCode && (
            <>
              {' '}
              <RouterLink to={`/user-moves/view/${move.republishedCopyCode}`}>Ver la move {move.republishedCopyCode}</RouterLink>
            </>
          )}
        </Typography>
      )}
      {republishable && !move.republished && endDate && isPastProject(endDate) && (
        <Typography variant="body2" color="text.secondary">
          {MOVE_TEXT.projectEndedRepublish}
        </Typography>
      )}
      {republishable && !move.republished && move.user?.active === false && (
        <Typography variant="body2" color="text.secondary">
          {MOVE_TEXT.republishGetterGone}
        </Typography>
      )}
      {(can('cancel') || can('reschedule')) && (
        <>
          <Button onClick={(e) => setMore(e.currentTarget)}>Más acciones</Button>
          <Menu anchorEl={more} open={Boolean(more)} onClose={() => setMore(null)}>
            {can('cancel') && <MenuItem onClick={() => (setMore(null), setDialog('cancel'))}>Cancelar move</MenuItem>}
            {can('reschedule') && (
              <MenuItem disabled={!endDate} onClick={() => (setMore(null), setDialog('reschedule'))}>
                Reprogramar al fin del proyecto
              </MenuItem>
            )}
          </Menu>
        </>
      )}
      {dialog === 'approve' && (
        <ApproveDialog
          initial={move.userMoveVideoLink ?? originalVideo ?? ''}
          keep={keep('approve')}
          busy={runner.busy}
          onClose={close}
          onSubmit={(url) =>
            runner.run('approve', { id: move.id, userMoveVideoLink: url }, {
              title: 'Move Aprobada con éxito',
              // A copy of a visit the Getter was already paid for owes nothing new: the reviewer is told.
              message: (answer) => {
                const paid = (answer as ApproveAnswer).paidBefore;
                return paid ? MOVE_TEXT.paidBefore(paid) : undefined;
              },
            })
          }
        />
      )}
      {dialog === 'reject' && (
        <ReasonDialog
          keep={keep('reject')}
          title="Rechazar move"
          confirm="La move será rechazada y se notificará al auditor."
          withMotive
          busy={runner.busy}
          onClose={close}
          onSubmit={(reason, motiveId) => runner.run('reject', { id: move.id, projectLocationId: move.projectLocation.id, reason, motiveId }, { title: 'Move rechazada' })}
        />
      )}
      {dialog === 'disapprove' && (
        <ReasonDialog
          keep={keep('disapprove')}
          title="Desaprobar move"
          confirm={move.paid ? 'La move aprobada pasará a Desaprobada. Ya fue pagada al Getter: el pago registrado se mantiene.' : 'La move aprobada pasará a Desaprobada y su pago pendiente al Getter, si lo tiene, se anulará.'}
          withMotive
          busy={runner.busy}
          onClose={close}
          onSubmit={(reason, motiveId) => runner.run('disapprove', { id: move.id, projectLocationId: move.projectLocation.id, reason, motiveId }, { title: 'Move Desaprobada' })}
        />
      )}
      {dialog === 'cancel' && (
        <ReasonDialog
          keep={keep('cancel')}
          title="Cancelar move"
          confirm="La move será cancelada y su visita volverá a publicarse."
          // 'Cancelar' beside 'Aceptar' read as the cancellation itself.
          closeLabel="Volver"
          busy={runner.busy}
          onClose={close}
          onSubmit={(reason) => runner.run('cancel', { id: move.id, projectLocationID: move.projectLocation.id, reason }, { title: 'Move cancelada' })}
        />
      )}
      {dialog === 'republish' && (
        <Confirm
          // A visit its Getter was already paid for: the copy's approval will owe nothing, said before the Getter is sent again.
          text={`La move quedará disponible nuevamente para el auditor.${move.paidVisit ? ` ${MOVE_TEXT.republishPaid(move.paidVisit)}` : ''}`}
          busy={runner.busy}
          onClose={close}
          onConfirm={() => runner.run('republish', { id: move.id, projectEndDate: endDate ?? undefined, projectLocationId: move.projectLocation.id }, { title: 'Move Republicada' })}
        />
      )}
      {dialog === 'reschedule' && (
        <Confirm
          text={`La fecha límite de la move pasará al fin del proyecto (${formatDisplayDate(endDate)}).`}
          busy={runner.busy}
          onClose={close}
          onConfirm={() => runner.run('reschedule', { userMoveId: move.id, projectEndDate: endDate ?? undefined, projectLocationID: move.projectLocation.id })}
        />
      )}
    </Box>
  );
}

/**
 * The bar while editing answers ('Guardar Cambios', with the reason an approved move needs) or returning
 * ('Enviar devolución', whose reason may start from a motive of the bank).
 */
export function EditBar({
  mode,
  reason,
  setReason,
  motive,
  reasonError,
  flagError,
  busy,
  onSave,
  onCancel,
}: {
  mode: Exclude<ReviewMode, 'view'>;
  reason: string;
  setReason: (text: string) => void;
  /** The return's motive (see useReasonMotive). */
  motive: ReturnType<typeof useReasonMotive>;
  reasonError?: string;
  flagError?: string;
  busy: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  const needsReason = mode === 'editApproved' || mode === 'return';
  const title = mode === 'return' ? 'Marque las preguntas a devolver y escriba el motivo.' : mode === 'editApproved' ? 'Editando una move aprobada' : 'Revisando las respuestas';
  // The button that opened it ('Revisar', 'Devolver', 'Editar Move Aprobada') goes away with it: the
  // keyboard and a screen reader land here, on what to do now, instead of on the page's body.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <Box
      ref={box}
      role="region"
      aria-label={title}
      tabIndex={-1}
      sx={{ my: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', '&:focus': { outline: 'none' }, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
    >
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {flagError && (
        <Typography color="error" role="alert" sx={{ mb: 1 }}>
          {flagError}
        </Typography>
      )}
      {mode === 'return' && <MotivePicker value={motive.motive} onChange={motive.choose} disabled={busy} />}
      {needsReason && (
        <TextField
          inputRef={mode === 'return' ? motive.fieldRef : undefined}
          label={mode === 'return' ? 'Motivo de la devolución' : 'Motivo de la edición'}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          rows={7}
          fullWidth
          error={Boolean(reasonError)}
          helperText={reasonError ?? (mode === 'return' ? motive.pending : undefined) ?? ' '}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" onClick={onSave} disabled={busy}>
          {mode === 'return' ? 'Enviar devolución' : 'Guardar Cambios'}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
      </Box>
    </Box>
  );
}
