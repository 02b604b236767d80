import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { mergeQuestionnaire, QUESTIONNAIRE_MERGE_TEXT as TEXT } from '../../../../domain/questionnaire-merge';
import { contentOf, type QuestionnaireContent, type QuestionnaireVersion } from '../../../../domain/questionnaires';
import { formatDisplayDate } from '../../../../domain/validation';
import { getSession } from '../../../authProvider/session';
import { closeUnlessBackdrop } from '../../../ui/dialogs';
import { PreviewDialog } from './Preview';

/** A save refused because another version landed (or the last one was removed) since the editor opened. */
export interface SaveConflict {
  /** The last version when the editor opened. */
  expected: number;
  /** What both started from, what the form holds, and the version saved meanwhile (all finalized). */
  base: QuestionnaireContent;
  mine: QuestionnaireContent;
  theirs: QuestionnaireVersion;
  onRebase: (theirs: QuestionnaireVersion, content: QuestionnaireContent, notes: string[]) => void;
  onDiscard: () => void;
}


/**
 * Says what happened and offers the ways on: re-apply the typed work on the other version (shown in the
 * form, sent only when the person sends it), drop it and open that version, look at that version, or
 * keep editing. Nothing typed is lost unless the person chooses to drop it.
 */
export function ConflictDialog({ conflict, onClose }: { conflict: SaveConflict | null; onClose: () => void }) {
  const [viewing, setViewing] = useState<QuestionnaireContent | null>(null);
  if (!conflict) return null;
  const { theirs, expected } = conflict;
  const latest = theirs.lastVersion;
  const saved = theirs.versions.find((v) => v.version === latest);
  const when = saved ? formatDisplayDate(saved.createdAt, true) : '';
  // Saved by this same user (another tab or window): said so, not blamed on "another person".
  const own = latest > expected && saved?.createdBy != null && saved.createdBy.id === getSession()?.profile.id;
  const what = latest <= expected ? TEXT.removed(expected, latest) : own ? TEXT.addedOwn(latest, when) : TEXT.added(saved?.createdBy?.name || 'otra persona', latest, when);
  const apply = () => {
    const { content, notes } = mergeQuestionnaire(conflict.base, conflict.mine, contentOf(theirs));
    onClose();
    conflict.onRebase(theirs, content, notes);
  };
  return (
    <>
      <Dialog open onClose={closeUnlessBackdrop(onClose)} aria-labelledby="questionnaire-conflict-title" maxWidth="sm" fullWidth>
        <DialogTitle id="questionnaire-conflict-title">{latest <= expected ? TEXT.titleRemoved : own ? TEXT.titleOwn : TEXT.title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{what}</DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>{TEXT.kept}</DialogContentText>
          <Box component="ul" sx={{ pl: 2.5, mb: 0 }}>
            <li>
              <DialogContentText component="span">
                <strong>{TEXT.apply(latest)}</strong>: {TEXT.applyHelp}
              </DialogContentText>
            </li>
            <li>
              <DialogContentText component="span">
                <strong>{TEXT.discard(latest)}</strong>: {TEXT.discardHelp}
              </DialogContentText>
            </li>
          </Box>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setViewing(contentOf(theirs))}>{TEXT.view(latest)}</Button>
          <Button onClick={onClose}>{TEXT.keepEditing}</Button>
          <Button
            color="error"
            onClick={() => {
              onClose();
              conflict.onDiscard();
            }}
          >
            {TEXT.discard(latest)}
          </Button>
          <Button variant="contained" onClick={apply}>
            {TEXT.apply(latest)}
          </Button>
        </DialogActions>
      </Dialog>
      <PreviewDialog content={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

/** After re-applying: which version the form now builds on, and what both had changed, to check. */
export function RebasedDialog({ rebased, onClose }: { rebased: { version: number; notes: string[] } | null; onClose: () => void }) {
  if (!rebased) return null;
  const shown = rebased.notes.slice(0, 8);
  return (
    <Dialog open onClose={onClose} aria-labelledby="questionnaire-rebased-title">
      <DialogTitle id="questionnaire-rebased-title">{TEXT.applied(rebased.version)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{rebased.notes.length ? TEXT.appliedNotes : TEXT.appliedClean}</DialogContentText>
        {shown.length > 0 && (
          <Box component="ul" sx={{ pl: 2.5, mb: 0 }}>
            {shown.map((note, i) => (
              // By position: two questions of the same name give the same note.
              <li key={i}>
                <DialogContentText component="span">{note}</DialogContentText>
              </li>
            ))}
            {rebased.notes.length > shown.length && (
              <li>
                <DialogContentText component="span">{TEXT.more(rebased.notes.length - shown.length)}</DialogContentText>
              </li>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
