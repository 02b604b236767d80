import FolderZipIcon from '@mui/icons-material/FolderZip';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { DRAFT_TEXT } from '../../../../domain/auth';
import type { MoveDetail } from '../../../../domain/move-api';
import { isStoredFileLink, MOVE_FORM_TEXT, photoRemovalNeedsReason, readable, reasonProblem } from '../../../../domain/move-forms';
import { hasReturnableQuestion, type MoveReplies, onlyPhotosMissing, problemLines, REPLY_TEXT, type ReplyProblem, replyProblems } from '../../../../domain/move-replies';
import { AGENT_LOCKED, allowedActions, type MoveStatus, refusal, rescuedReview } from '../../../../domain/moves';
import { isPastProject } from '../../../../domain/projects';
import { currentRole } from '../../../authProvider';
import { dropDraft } from '../../../authProvider/drafts';
import { ConfirmDialog, ErrorDialog, errorMessages } from '../../../ui/dialogs';
import { useFocusBack } from '../../../ui/focusBack';
import { useConfirmLeave } from '../../../ui/form/useConfirmLeave';
import { MOVES_HOME, PageTitle } from '../shared';
import { ReasonDialog } from './ActionDialogs';
import { AgentSelector } from './AgentSelector';
import { Answers } from './Answers';
import { downloadAssets, downloadPdf, downloadPhoto } from './downloads';
import { InfoCard } from './InfoCard';
import { useReasonMotive } from './MotivePicker';
import { EditBar, panelOffered, ReviewActions, type ReviewMode } from './ReviewActions';
import { lendPanelDraft, type PanelDraft, type PanelMode, panelDraftOf, panelStart, type PanelWork } from './panelDraft';
import { SideMenu } from './SideMenu';
import { useAnswers, useMoveByCode, useRunner } from './useMove';

/** What the move's status lets this user do. */
function reviewState(m: MoveDetail) {
  const role = currentRole();
  const endDate = m.projectLocation.projects.endDate;
  const state = { status: m.statusId, assignedAgentId: m.assignedAgentId, republished: m.republished, projectEnded: Boolean(endDate && isPastProject(endDate)), hasGetter: m.userId !== null, getterActive: m.user?.active };
  return { role, state, allowed: allowedActions(state, role) };
}

type Ask = { kind: 'photos'; lines: string[] } | { kind: 'reviewed'; continueWithoutPhotos: boolean } | { kind: 'return' } | { kind: 'deletePhoto'; questionId: string; index: number; url: string };

/** 'Move cod. {code}' (spec 2 §2, §4): the move, its answers and every review action. */
export function MoveReviewPage() {
  const { code = '' } = useParams();
  const { pathname, search } = useLocation();
  const path = pathname + search;
  const [mode, setMode] = useState<ReviewMode>('view');
  // A review's dialog open (a reason, the video link) holds the move as the edit panels do.
  const [writing, setWriting] = useState(false);
  const move = useMoveByCode(code, mode !== 'view' || writing);
  const answers = useAnswers(move.data, mode !== 'view');
  const runner = useRunner(move.data);
  const [draft, setDraft] = useState<MoveReplies>({});
  const [flags, setFlags] = useState<Set<string>>(new Set());
  const [reason, setReason] = useState('');
  const motive = useReasonMotive(reason, setReason);
  const [problems, setProblems] = useState<ReplyProblem[]>([]);
  const [errors, setErrors] = useState<{ reason?: string; flags?: string }>({});
  const [ask, setAsk] = useState<Ask | null>(null);
  const [downloadErrors, setDownloadErrors] = useState<string[]>([]);
  const [busyDownload, setBusyDownload] = useState(false);
  // The download button used gets the focus back when its work ends (disabled meanwhile, it lost it).
  const usedDownload = useRef<HTMLButtonElement | null>(null);
  useFocusBack(busyDownload, () => usedDownload.current);
  const version = move.data?.version;
  // A reloaded move (after an action or a conflict) shows as it is now. What the open panel held is not lost
  // with it when someone else changed the move: it shows, not applied, as a dialog's text does. Whether the
  // change was someone else's is known when the panel's own send ends (`sendPanel`): refused, it was.
  const shownVersion = useRef(version);
  const overtaken = useRef<PanelDraft | null>(null);
  useEffect(() => {
    const before = shownVersion.current;
    shownVersion.current = version;
    if (before !== undefined && version !== before && work.current) {
      const lost = { ...work.current, version: before };
      if (sending.current) overtaken.current = lost;
      else setStalePanel({ ...lost, overtaken: true });
    }
    setMode('view');
  }, [version]);
  // A panel kept when the session ended (panelDraft.ts), read once the move and its answers are here: opened
  // again with its work (applied by the effect below, as the panel opens), or said not applied.
  const started = useRef(false);
  const pending = useRef<PanelDraft | null>(null);
  const [restoredPanel, setRestoredPanel] = useState<PanelMode | null>(null);
  // `overtaken`: the panel someone else's change closed (not one kept while the session was closed).
  const [stalePanel, setStalePanel] = useState<(PanelDraft & { overtaken?: boolean }) | null>(null);
  useEffect(() => {
    const m = move.data;
    if (started.current || !m || !answers.isSuccess) return;
    started.current = true;
    const { allowed } = reviewState(m);
    const returnable = hasReturnableQuestion(answers.data.questionnaire.dimensions);
    const start = panelStart(panelDraftOf(path, m.id), m.version, (panel) => panelOffered(panel, m, allowed, returnable));
    if (!start.restored && !start.stale) return;
    dropDraft(path);
    if (start.stale) setStalePanel(start.stale);
    if (start.restored) {
      pending.current = start.restored;
      setMode(start.restored.panel);
      setRestoredPanel(start.restored.panel);
    }
  }, [move.data, answers.isSuccess, answers.data, path]);
  const shownMode = useRef<ReviewMode>('view');
  useEffect(() => {
    // The kept panel, once closed (sent or cancelled), is done with: the next one starts from the move.
    if (mode === 'view' && shownMode.current !== 'view') {
      pending.current = null;
      setRestoredPanel(null);
    }
    shownMode.current = mode;
    // The panel that opens takes back its kept work, if it is the one kept; any other starts from the move.
    const kept = pending.current?.panel === mode ? pending.current : null;
    setDraft(kept?.replies ?? answers.data?.replies ?? {});
    setFlags(new Set(kept?.flags ?? []));
    setReason(kept?.reason ?? '');
    motive.restore(kept?.motive ?? null);
    setProblems([]);
    setErrors({});
  }, [answers.data, mode]);
  const repliesChanged = JSON.stringify(draft) !== JSON.stringify(answers.data?.replies ?? {});
  const unsent = mode !== 'view' && (reason.trim() !== '' || flags.size > 0 || repliesChanged);
  // Answers, flags or a reason typed and not sent: leaving (back arrow, side menu) asks first.
  const leaveGuard = useConfirmLeave(() => unsent, { anyNavigation: true });
  // The same unsent work is kept if the session ends while the panel is open.
  const work = useRef<PanelWork | null>(null);
  // A panel's own send is running: a new version meanwhile may be its own success.
  const sending = useRef(false);
  useEffect(() => {
    work.current = unsent ? { panel: mode, replies: repliesChanged ? draft : null, flags: [...flags], reason, motive: motive.motive } : null;
  });
  const moveId = move.data?.id;
  useEffect(() => (mode !== 'view' && moveId !== undefined && version !== undefined ? lendPanelDraft(path, { id: moveId, version }, () => work.current) : undefined), [mode, moveId, version, path]);
  // Shown, not applied: kept again if the session ends meanwhile (until it is dismissed).
  useEffect(() => (stalePanel && moveId !== undefined ? lendPanelDraft(path, { id: moveId, version: stalePanel.version }, () => stalePanel) : undefined), [stalePanel, moveId, path]);

  if (move.isPending) return <CircularProgress sx={{ m: 4 }} aria-label="Cargando" />;
  if (move.error || !move.data) {
    return (
      <Box sx={{ mt: 2 }}>
        <PageTitle title={`Move cod. ${code}`} back={MOVES_HOME} />
        <Typography>{errorMessages(move.error)[0]}</Typography>
      </Box>
    );
  }
  const m = move.data;
  const { role, state, allowed } = reviewState(m);
  const dimensions = answers.data?.questionnaire.dimensions ?? [];
  const editing = mode === 'review' || mode === 'editApproved';
  // 'Devolver' is hidden when there is nothing the Getter could correct (no questionnaire, or only agents' questions).
  const hasReturnable = hasReturnableQuestion(dimensions);
  // What approving would leave unanswered (the server refuses it too); missing photos do not stop it.
  const approveProblems = problemLines(replyProblems(dimensions, answers.data?.replies ?? {}, { rescued: rescuedReview(m) }).filter((p) => !p.photo));

  /** A panel's send: refused after the move changed (a 409 reloads it), what the panel held shows, not applied. */
  const sendPanel: typeof runner.run = async (...args) => {
    sending.current = true;
    try {
      const sent = await runner.run(...args);
      if (!sent && overtaken.current) setStalePanel({ ...overtaken.current, overtaken: true });
      return sent;
    } finally {
      sending.current = false;
      overtaken.current = null;
    }
  };
  const send = (continueWithoutPhotos: boolean) =>
    sendPanel(m.editedByAgent ? 'updateReplies' : 'saveReplies', { userMoveId: m.id, replies: draft, reason: mode === 'editApproved' ? reason : null, continueWithoutPhotos });
  const askReviewed = (continueWithoutPhotos: boolean) => {
    if (m.editedByAgent || m.statusId !== 'EN_REVISION') setAsk({ kind: 'reviewed', continueWithoutPhotos });
    else void send(continueWithoutPhotos);
  };
  const save = () => {
    if (mode === 'return') {
      // Told under the field before the confirmation, as the reject and disapprove dialogs do (a reason past
      // 2000 characters came back from the server after it, in a dialog naming no field).
      const next = { flags: flags.size ? undefined : MOVE_FORM_TEXT.flagOne, reason: reasonProblem(reason) ?? motive.pending };
      setErrors(next);
      if (!next.flags && !next.reason) setAsk({ kind: 'return' });
      return;
    }
    const found = replyProblems(dimensions, draft, { rescued: rescuedReview(m) });
    setProblems(found);
    const reasonWrong = mode === 'editApproved' ? reasonProblem(reason) : undefined;
    setErrors({ reason: reasonWrong });
    if (found.length && !onlyPhotosMissing(found)) return runner.fail(problemLines(found), REPLY_TEXT.incomplete);
    if (reasonWrong) return;
    if (found.length) setAsk({ kind: 'photos', lines: problemLines(found) });
    else askReviewed(false);
  };
  const download = async (work: () => Promise<unknown>, message: string) => {
    setBusyDownload(true);
    try {
      await work();
    } catch (error) {
      console.error(message, error);
      setDownloadErrors([message, ...errorMessages(error).filter((e) => !/^\d+$/.test(e))]);
    } finally {
      setBusyDownload(false);
    }
  };

  return (
    <Box sx={{ mt: 2, pr: { md: 23 } }}>
      <PageTitle title={`Move cod. ${m.code}`} back={MOVES_HOME}>
        <Button startIcon={<FolderZipIcon />} disabled={busyDownload} onClick={(e) => ((usedDownload.current = e.currentTarget), download(() => downloadAssets(m.id), MOVE_FORM_TEXT.imageDownload))}>
          Descargar imágenes
        </Button>
        <Button startIcon={<PictureAsPdfIcon />} disabled={busyDownload} onClick={(e) => ((usedDownload.current = e.currentTarget), download(() => downloadPdf(m, answers.data), MOVE_FORM_TEXT.exportFailed))}>
          Descargar PDF
        </Button>
      </PageTitle>
      {/* While answers, flags or a reason are being edited, the changes that reload the move (agent, edited
          video) wait: they would drop that unsent work. */}
      <SideMenu move={m} allowed={mode === 'view' ? allowed : allowed.filter((a) => a !== 'replaceVideo')} rescueRefused={refusal('rescue', state, role)} runner={runner} />
      <InfoCard move={m} />
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <AgentSelector
            move={m}
            enabled={mode === 'view' && allowed.includes('assignAgent') && !AGENT_LOCKED.includes(m.statusId as MoveStatus)}
            hint={mode !== 'view' && allowed.includes('assignAgent') ? MOVE_FORM_TEXT.agentWhileEditing : undefined}
            runner={runner}
          />
          <ReviewActions key={m.id} move={m} allowed={allowed} mode={mode} setMode={setMode} runner={runner} approveProblems={approveProblems} answersReady={answers.isSuccess} returnable={!answers.isSuccess || hasReturnable} originalVideo={m.attachments.find((a) => a.type === 'video' && !isStoredFileLink(a.download_link))?.download_link} onWriting={setWriting} />
        </CardContent>
      </Card>
      {stalePanel && mode === 'view' && (
        <Alert severity="warning" onClose={() => setStalePanel(null)} sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>
          {stalePanel.overtaken ? DRAFT_TEXT.panelOvertaken : DRAFT_TEXT.panelChanged}
          {readable(stalePanel.reason) ? ` ${DRAFT_TEXT.panelReason} «${stalePanel.reason}»` : ''}
        </Alert>
      )}
      {restoredPanel !== null && restoredPanel === mode && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {mode === 'return' ? DRAFT_TEXT.restoredReturn : DRAFT_TEXT.restoredEdit}
        </Alert>
      )}
      {mode !== 'view' && (
        <EditBar mode={mode} reason={reason} setReason={setReason} motive={motive} reasonError={errors.reason} flagError={errors.flags} busy={runner.busy} onSave={save} onCancel={() => {
            // Back on the button that opened the edit, once the actions are on screen again.
            const opened = mode;
            setMode('view');
            setTimeout(() => document.querySelector<HTMLElement>(`[data-review-start="${opened}"]`)?.focus());
          }}
        />
      )}
      {answers.isPending ? (
        <CircularProgress aria-label="Cargando respuestas" />
      ) : answers.isError ? (
        <Alert severity="error">{errorMessages(answers.error)[0]}</Alert>
      ) : (
        <Answers
          dimensions={dimensions}
          replies={editing ? draft : (answers.data?.replies ?? {})}
          mode={editing ? 'edit' : mode === 'return' ? 'return' : 'view'}
          problems={problems}
          onChange={(id, reply) => {
            setDraft((d) => ({ ...d, [id]: reply }));
            // What the last save found wrong with this question goes once it is changed (an amount says its own at once).
            setProblems((found) => (found.some((p) => p.questionId === id) ? found.filter((p) => p.questionId !== id) : found));
          }}
          flags={flags}
          onFlag={(id) =>
            setFlags((f) => {
              const next = new Set(f);
              if (next.has(id)) next.delete(id);
              else next.add(id);
              return next;
            })
          }
          onDownloadPhoto={(numbers, q, i, url) => download(() => downloadPhoto(m.code, numbers, q.name, i, url), MOVE_FORM_TEXT.imageDownload)}
          onDeletePhoto={allowed.includes('deletePhoto') && mode === 'view' ? (q, index, url) => setAsk({ kind: 'deletePhoto', questionId: q._id, index, url }) : undefined}
        />
      )}
      <ConfirmDialog
        open={ask?.kind === 'photos'}
        title={REPLY_TEXT.incomplete}
        content={
          <>
            <ul style={{ marginTop: 0 }}>{ask?.kind === 'photos' && ask.lines.map((l) => <li key={l}>{l}</li>)}</ul>
            {REPLY_TEXT.continueAnyway}
          </>
        }
        confirmLabel="Aceptar"
        onClose={() => setAsk(null)}
        onConfirm={() => {
          setAsk(null);
          askReviewed(true);
        }}
      />
      <ConfirmDialog
        open={ask?.kind === 'reviewed'}
        content={MOVE_FORM_TEXT.reviewedBefore}
        busy={runner.busy}
        onClose={() => setAsk(null)}
        onConfirm={async () => {
          await send(ask?.kind === 'reviewed' && ask.continueWithoutPhotos);
          setAsk(null);
        }}
      />
      <ConfirmDialog
        open={ask?.kind === 'return'}
        content="La move será devuelta al auditor para que corrija las preguntas marcadas."
        busy={runner.busy}
        onClose={() => setAsk(null)}
        onConfirm={async () => {
          // Sent: the success dialog's return to the list does not ask about unsaved changes.
          if (await sendPanel('return', { id: m.id, reason, motiveId: motive.motive?.id, questions: [...flags] }, { title: 'Move devuelta' })) setMode('view');
          setAsk(null);
        }}
      />
      {/* From an approved move the photo goes as an edit of it does: with a reason, kept as its edit reason. */}
      {ask?.kind === 'deletePhoto' && photoRemovalNeedsReason(m.statusId) ? (
        <ReasonDialog
          title="Eliminar foto de una move aprobada"
          confirm={`La foto se quitará de la respuesta. ${MOVE_FORM_TEXT.reviewedBefore}`}
          busy={runner.busy}
          onClose={() => setAsk(null)}
          onSubmit={(reason) => runner.run('deletePhoto', { userMoveId: m.id, questionId: ask.questionId, index: ask.index, imageUrl: ask.url, reason })}
        />
      ) : (
        <ConfirmDialog
          open={ask?.kind === 'deletePhoto'}
          content="La foto se quitará de la respuesta."
          busy={runner.busy}
          onClose={() => setAsk(null)}
          onConfirm={async () => {
            if (ask?.kind === 'deletePhoto') await runner.run('deletePhoto', { userMoveId: m.id, questionId: ask.questionId, index: ask.index, imageUrl: ask.url });
            setAsk(null);
          }}
        />
      )}
      {runner.dialogs}
      <ErrorDialog messages={downloadErrors} onClose={() => setDownloadErrors([])} />
      {leaveGuard.dialog}
    </Box>
  );
}
