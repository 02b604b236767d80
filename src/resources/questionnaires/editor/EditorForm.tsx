import AddIcon from '@mui/icons-material/Add';
import GavelIcon from '@mui/icons-material/Gavel';
import SendIcon from '@mui/icons-material/Send';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Button, Card, CardContent, Fab } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { DRAFT_TEXT } from '../../../../domain/auth';
import { DIALOG, dialogParts } from '../../../../domain/dialogs';
import { lockedNodeIds } from '../../../../domain/questionnaire-locks';
import { QUESTIONNAIRE_TEXT, wrongCloseQuestions } from '../../../../domain/questionnaire-weights';
import {
  contentOf,
  finalizeQuestionnaire,
  type Dimension,
  newDimension,
  newPenaltyDimension,
  type Question,
  type QuestionnaireContent,
  type QuestionnaireVersion,
  restoreCloseAnswers,
} from '../../../../domain/questionnaires';
import { dropDraft, lendDraft } from '../../../authProvider/drafts';
import { getSession } from '../../../authProvider/session';
import { ConfirmDialog } from '../../../ui/dialogs';
import { useConfirmLeave } from '../../../ui/form/useConfirmLeave';
import { EditorContext, type EditorServices, ProblemsContext, problemNodes, type QuestionTarget, weightingSignal } from './context';
import { DimensionCard } from './DimensionCard';
import { EditorHeader } from './EditorHeader';
import { focusAfterRemoval } from './focus';
import { SumHint } from './inputs';
import { PreviewDialog } from './Preview';
import { QuestionDialog } from './QuestionDialog';
import { sameQuestionnaire } from '../../../../domain/questionnaire-body';
import { SaveDialogs, useSaveFlow } from './save';
import { RebasedDialog } from './conflict';
import type { QuestionnaireDraft } from './draft';

interface Props {
  mode: 'ADD' | 'EDIT';
  /** What the form starts with: a version as stored, a copy, or work re-applied on a version (`rebased`). */
  initial: QuestionnaireContent;
  /** The version the form builds on (EDIT): what a change is measured against, and what a save replaces. */
  loaded?: QuestionnaireVersion;
  duplicateOf?: string;
  onVersionChange?: (version: number) => void;
  /** The form holds typed work re-applied on `loaded` after a refused save: what to check. */
  rebased?: { notes: string[] };
  onRebase?: (theirs: QuestionnaireVersion, content: QuestionnaireContent, notes: string[]) => void;
  onDiscard?: () => void;
  /** The form holds work kept when the session ended under it (drafts.ts): said, and can be turned down. */
  restoredDraft?: { onDiscard: () => void };
  /** A new questionnaire's or a copy's starting point when `initial` is recovered work: what a change is measured against. */
  startedFrom?: QuestionnaireContent;
}


/**
 * The questionnaire editor. One react-hook-form form holds the whole tree; every dimension,
 * sub-dimension and question row subscribes only to its own fields, so a keystroke re-renders
 * one input (and the sum under its group), never the tree. Questions are edited in a dialog.
 */
export function EditorForm({ mode, initial, loaded, duplicateOf, onVersionChange, rebased, onRebase, onDiscard, restoredDraft, startedFrom }: Props) {
  const navigate = useNavigate();
  const form = useForm<QuestionnaireContent>({ defaultValues: initial, mode: 'onTouched' });
  const { fields, append, insert, remove } = useFieldArray({ control: form.control, name: 'dimensions' });
  const [question, setQuestion] = useState<QuestionTarget | null>(null);
  const [confirming, setConfirming] = useState<{ content: string; onConfirm: () => void } | null>(null);
  const [preview, setPreview] = useState<QuestionnaireContent | null>(null);
  const dimensionsBox = useRef<HTMLDivElement>(null);
  const addDimensionButton = useRef<HTMLButtonElement>(null);
  // The stored version the form builds on (after a rebase the form starts elsewhere: that is unsaved work).
  const baseline = useMemo(() => (loaded ? contentOf(loaded) : (startedFrom ?? initial)), [loaded, initial, startedFrom]);
  // Compared only when leaving (the back arrow, the side menu) or saving, not on each keystroke; both
  // sides finalized, so a question accepted unchanged (its keys in another order) is no change.
  const changed = () => !sameQuestionnaire(finalizeQuestionnaire(form.getValues()), finalizeQuestionnaire(baseline));
  const save = useSaveFlow(
    form,
    loaded
      ? {
          id: loaded.id,
          lastVersion: loaded.lastVersion,
          unchanged: () => loaded.version === loaded.lastVersion && !changed(),
          opened: { version: loaded.version, content: baseline },
          onRebase: (theirs, content, notes) => onRebase?.(theirs, content, notes),
          onDiscard: () => onDiscard?.(),
        }
      : null,
  );
  const [rebasedNotes, setRebasedNotes] = useState(rebased ?? null);
  const unsaved = () => save.saved === null && changed();
  const leaveGuard = useConfirmLeave(unsaved, { anyNavigation: true });
  // While open with unsaved work, the editor lends it to be kept if the session ends (drafts.ts): its
  // content, and the version it builds on, so that a save after logging in again still meets a version
  // saved meanwhile by someone else as a conflict to merge (conflict.tsx), not as something to overwrite.
  const latestUnsaved = useRef(unsaved);
  latestUnsaved.current = unsaved;
  const { pathname, search } = useLocation();
  useEffect(() => {
    // Recovered work on screen: it is no longer kept in the tab (it is lent again while unsaved).
    if (restoredDraft) dropDraft(pathname + search);
    // Once, on opening.
  }, []);
  useEffect(() => {
    const session = getSession();
    if (!session) return;
    const userId = session.profile.id;
    return lendDraft(() => {
      if (!latestUnsaved.current()) return null;
      const values: QuestionnaireDraft = { content: form.getValues(), ...(loaded ? { version: loaded.version, lastVersion: loaded.lastVersion } : {}) };
      return { path: pathname + search, userId, values };
    });
  }, [form, loaded, pathname, search]);
  // Another version replaces the form's content: with unsaved changes, the same question as leaving.
  const [askedVersion, setAskedVersion] = useState<number | null>(null);
  const changeVersion = (version: number) => {
    if (version === loaded?.version) return;
    if (unsaved()) setAskedVersion(version);
    else onVersionChange?.(version);
  };

  const lockedIds = useMemo(() => (mode === 'EDIT' ? lockedNodeIds(baseline) : new Set<string>()), [mode, baseline]);
  const services = useMemo<EditorServices>(
    () => ({
      mode,
      isLocked: (id) => lockedIds.has(id),
      openQuestion: setQuestion,
      confirm: (content, onConfirm) => setConfirming({ content, onConfirm }),
      weightings: weightingSignal(),
    }),
    [mode, lockedIds],
  );

  // 'Opciones SI, NO, N/A' questions stored without their three answers (docs/decisions.md): said on
  // opening, their rows marked, and put right in one click; looked at again when the question dialog closes.
  const [wrongClose, setWrongClose] = useState(() => wrongCloseQuestions(initial));
  const [restored, setRestored] = useState(0);
  const restoreClose = () => {
    for (const { path } of wrongClose) {
      const answers = form.getValues(`${path}.answers` as never) as unknown as Question['answers'];
      form.setValue(`${path}.answers` as never, restoreCloseAnswers(answers) as never, { shouldDirty: true });
    }
    setRestored(wrongClose.length);
    setWrongClose([]);
  };
  const closeQuestion = () => {
    setQuestion(null);
    if (wrongClose.length) setWrongClose(wrongCloseQuestions(form.getValues()));
  };
  const marked = useMemo(
    () => (wrongClose.length ? new Set([...save.problemNodes, ...problemNodes(wrongClose.map((w) => w.path))]) : save.problemNodes),
    [wrongClose, save.problemNodes],
  );

  const dimensions = fields as unknown as (Dimension & { id: string })[];
  const penaltyIndex = dimensions.findIndex((d) => d.type === 'PENALTY');
  const normalNames = dimensions.flatMap((d, i) => (d.type === 'PENALTY' ? [] : [`dimensions.${i}.weighting`]));
  /** New dimensions go before 'Penalizaciones', which stays last. */
  const addDimension = () => (penaltyIndex >= 0 ? insert(penaltyIndex, newDimension(), { shouldFocus: false }) : append(newDimension(), { shouldFocus: false }));
  const removeDimension = useCallback(
    (i: number) => {
      const name = (form.getValues(`dimensions.${i}.name`) as string) || 'sin nombre';
      setConfirming({
        content: `Se eliminará la dimensión ${name} con sus subdimensiones y preguntas.`,
        onConfirm: () => {
          remove(i);
          focusAfterRemoval(dimensionsBox.current, 'dimension', i, addDimensionButton.current);
        },
      });
    },
    [form, remove],
  );

  return (
    <EditorContext.Provider value={services}>
      <ProblemsContext.Provider value={marked}>
        <FormProvider {...form}>
          <Card sx={{ mt: 2, mb: 10 }}>
            <CardContent ref={dimensionsBox}>
              <EditorHeader mode={mode} loaded={loaded} duplicateOf={duplicateOf} onBack={() => navigate('/questionnaires')} onVersionChange={changeVersion} rebased={rebased !== undefined} />
              {restoredDraft && (
                <Alert
                  severity="info"
                  sx={{ mb: 2 }}
                  action={
                    <Button color="inherit" size="small" onClick={restoredDraft.onDiscard}>
                      {DRAFT_TEXT.discard}
                    </Button>
                  }
                >
                  {DRAFT_TEXT.restoredQuestionnaire}
                </Alert>
              )}
              {wrongClose.length > 0 && (
                <Alert
                  severity="error"
                  sx={{ mb: 2 }}
                  data-wrong-close
                  action={
                    <Button color="inherit" size="small" onClick={restoreClose}>
                      {QUESTIONNAIRE_TEXT.restoreClose}
                    </Button>
                  }
                >
                  <div>{QUESTIONNAIRE_TEXT.wrongCloseOpened(wrongClose.length)}</div>
                  <ul style={{ margin: '4px 0', paddingLeft: 20 }}>
                    {wrongClose.map((w) => (
                      <li key={w.path}>{w.where}</li>
                    ))}
                  </ul>
                  <div>{QUESTIONNAIRE_TEXT.wrongCloseHow}</div>
                </Alert>
              )}
              {restored > 0 && wrongClose.length === 0 && (
                <Alert severity="success" sx={{ mb: 2 }} onClose={() => setRestored(0)}>
                  {QUESTIONNAIRE_TEXT.closeRestored(restored)}
                </Alert>
              )}
              {dimensions.map((d, i) => (
                <DimensionCard key={d.id} index={i} nodeId={d._id} type={d.type} onRemove={removeDimension} />
              ))}
              {normalNames.length > 0 && <SumHint key={normalNames.join()} names={normalNames} />}
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 3 }}>
                <Button ref={addDimensionButton} variant="outlined" startIcon={<AddIcon />} onClick={addDimension}>
                  Agregar dimension
                </Button>
                <Button variant="outlined" startIcon={<GavelIcon />} disabled={penaltyIndex >= 0} onClick={() => append(newPenaltyDimension(), { shouldFocus: false })}>
                  Agregar penalizaciones
                </Button>
                <Box sx={{ flex: 1 }} />
                {fields.length > 0 && (
                  <Button variant="contained" startIcon={<SendIcon />} onClick={save.submit} disabled={save.busy}>
                    Enviar cuestionario
                  </Button>
                )}
              </Box>
            </CardContent>
          </Card>
          <QuestionDialog target={question} onClose={closeQuestion} />
        </FormProvider>
      </ProblemsContext.Provider>
      <Fab
        variant="extended"
        color="secondary"
        onClick={() => setPreview(finalizeQuestionnaire(form.getValues()))}
        sx={{ position: 'fixed', right: 96, bottom: 24, zIndex: 1200 }}
      >
        <VisibilityIcon sx={{ mr: 1 }} />
        Visualizar Cuestionario
      </Fab>
      <PreviewDialog content={preview} onClose={() => setPreview(null)} />
      <ConfirmDialog
        open={confirming !== null}
        confirmLabel="Eliminar"
        content={confirming ? `${confirming.content} Esta acción no se podrá deshacer.` : undefined}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          confirming?.onConfirm();
          setConfirming(null);
        }}
      />
      <SaveDialogs flow={save} />
      <RebasedDialog rebased={rebasedNotes && loaded ? { version: loaded.version, notes: rebasedNotes.notes } : null} onClose={() => setRebasedNotes(null)} />
      {leaveGuard.dialog}
      <ConfirmDialog
        open={askedVersion !== null}
        title={dialogParts(DIALOG.leave).title}
        content={dialogParts(DIALOG.leave).question}
        onClose={() => setAskedVersion(null)}
        onConfirm={() => {
          setAskedVersion(null);
          if (askedVersion !== null) onVersionChange?.(askedVersion);
        }}
      />
    </EditorContext.Provider>
  );
}
