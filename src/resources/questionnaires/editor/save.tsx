import { useDataProvider } from 'ra-core';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { QUESTIONNAIRE_CONFLICT, questionnaireUnchanged } from '../../../../domain/questionnaire-body';
import { QUESTIONNAIRE_MERGE_TEXT as MERGE_TEXT } from '../../../../domain/questionnaire-merge';
import { lockedNodeIds } from '../../../../domain/questionnaire-locks';
import { problemDialogLines, problemLine, QUESTIONNAIRE_TEXT, questionnaireProblems, repeatedNames } from '../../../../domain/questionnaire-weights';
import { contentOf, finalizeQuestionnaire, type QuestionnaireContent, type QuestionnaireVersion } from '../../../../domain/questionnaires';
import { questionnaires as endpoints } from '../../../dataProvider/endpoints/questionnaires';
import { request } from '../../../dataProvider/http';
import { ConfirmDialog, ErrorDialog, errorMessages, SuccessDialog } from '../../../ui/dialogs';
import { ConflictDialog, type SaveConflict } from './conflict';
import { problemNodes } from './context';

export interface SaveFlow {
  submit: () => Promise<void>;
  busy: boolean;
  problemNodes: ReadonlySet<string>;
  errors: string[];
  closeErrors: () => void;
  /** Nothing to register (no failure): said under its own title. */
  unchanged: string | null;
  closeUnchanged: () => void;
  asking: QuestionnaireContent | null;
  cancel: () => void;
  confirm: () => Promise<void>;
  saved: QuestionnaireVersion | null;
  /** A version saved (or removed) by someone else since the editor opened: the typed work, and the way on. */
  conflict: SaveConflict | null;
  closeConflict: () => void;
  /** The questionnaire was removed (its only version) while the editor had it open: the work can be registered as a new one. */
  gone: QuestionnaireContent | null;
  closeGone: () => void;
  saveAsNew: () => Promise<void>;
}

/** The questionnaire a new version is added to, and its last version when the editor opened it. */
export interface SaveBase {
  id: number;
  lastVersion: number;
  /** Whether the form still holds the last version as it opened: saving it would add no version. */
  unchanged: () => boolean;
  /** The version the form started from (`version`), as stored. */
  opened: { version: number; content: QuestionnaireContent };
  /** Goes on from the version saved meanwhile with `content` (the typed work re-applied on it) in the form. */
  onRebase: (theirs: QuestionnaireVersion, content: QuestionnaireContent, notes: string[]) => void;
  /** Opens the questionnaire's last version, leaving the typed work. */
  onDiscard: () => void;
}

/**
 * 'Enviar cuestionario' (spec 2 §4): check every rule, ask 'Desea registrar el cuestionario en la
 * base de datos?', save (a new questionnaire, or a new version of `base`), tell, go to '/'. A version
 * saved by someone else since the editor opened is answered 409 and nothing is saved: the editor reads
 * that version and asks how to go on (conflict.tsx), the typed work still in the form.
 */
export function useSaveFlow(form: UseFormReturn<QuestionnaireContent>, base: SaveBase | null): SaveFlow {
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const [nodes, setNodes] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<string[]>([]);
  const [unchanged, setUnchanged] = useState<string | null>(null);
  const [asking, setAsking] = useState<QuestionnaireContent | null>(null);
  const [saved, setSaved] = useState<QuestionnaireVersion | null>(null);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const [gone, setGone] = useState<QuestionnaireContent | null>(null);

  const submit = async () => {
    await form.trigger();
    const content = finalizeQuestionnaire(form.getValues());
    // A name repeated: unless both were in the version the form started from, whose names it may not change.
    const problems = [...questionnaireProblems(content), ...repeatedNames(content, base ? lockedNodeIds(base.opened.content) : undefined)];
    setNodes(problemNodes(problems.map((p) => p.path)));
    if (problems.length) {
      setErrors(problemDialogLines(problems.map(problemLine)));
      return;
    }
    // Said before the confirmation (the server refuses it too): there is nothing to register.
    if (base?.unchanged()) {
      setUnchanged(questionnaireUnchanged(base.lastVersion));
      return;
    }
    setAsking(content);
  };

  const register = async (content: QuestionnaireContent, as: SaveBase | null) => {
    setBusy(true);
    try {
      const { data } =
        as === null
          ? await dataProvider.create('questionnaires', { data: content })
          : await dataProvider.update('questionnaires', { id: as.id, data: { ...content, expectedLastVersion: as.lastVersion }, previousData: { id: as.id } });
      setSaved(data as unknown as QuestionnaireVersion);
    } catch (error) {
      const status = (error as { status?: number }).status;
      const stale = as !== null && status === 409 && errorMessages(error)[0] === QUESTIONNAIRE_CONFLICT;
      const found = stale ? await readConflict(as, content).catch(() => null) : null;
      if (found) setConflict(found);
      else if (as !== null && status === 404) setGone(content);
      else setErrors(status === 400 ? problemDialogLines(errorMessages(error).slice(0, 1)) : errorMessages(error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    const content = asking;
    if (!content) return;
    setAsking(null);
    await register(content, base);
  };

  const saveAsNew = async () => {
    const content = gone;
    if (!content) return;
    setGone(null);
    await register(content, null);
  };

  return {
    submit,
    busy,
    problemNodes: nodes,
    errors,
    closeErrors: () => setErrors([]),
    unchanged,
    closeUnchanged: () => setUnchanged(null),
    asking,
    cancel: () => setAsking(null),
    confirm,
    saved,
    conflict,
    closeConflict: () => setConflict(null),
    gone,
    closeGone: () => setGone(null),
    saveAsNew,
  };
}

const readVersion = (id: number, version?: number) => request<QuestionnaireVersion>(endpoints.one!.get.replace(':id', String(id)), { query: { version } });

/**
 * What a refused save needs to go on: the version saved meanwhile, and the one both started from —
 * the last version when the editor opened (an older version reopened is compared with it, so that
 * bringing it back is part of the typed work), or, if that one was removed since, the version the
 * form started from.
 */
async function readConflict(base: SaveBase, mine: QuestionnaireContent): Promise<SaveConflict> {
  const theirs = await readVersion(base.id);
  const common =
    base.opened.version === base.lastVersion
      ? base.opened.content
      : await readVersion(base.id, base.lastVersion).then(contentOf, () => base.opened.content);
  return { expected: base.lastVersion, base: common, mine, theirs, onRebase: base.onRebase, onDiscard: base.onDiscard };
}

export function SaveDialogs({ flow }: { flow: SaveFlow }) {
  const navigate = useNavigate();
  return (
    <>
      <ErrorDialog messages={flow.errors} onClose={flow.closeErrors} />
      <ErrorDialog title="Sin cambios" messages={flow.unchanged ? [flow.unchanged] : []} onClose={flow.closeUnchanged} />
      <ConflictDialog conflict={flow.conflict} onClose={flow.closeConflict} />
      <ConfirmDialog
        open={flow.gone !== null}
        title={MERGE_TEXT.goneTitle}
        content={MERGE_TEXT.gone}
        cancelLabel={MERGE_TEXT.keepEditing}
        confirmLabel={MERGE_TEXT.saveAsNew}
        busy={flow.busy}
        onClose={flow.closeGone}
        onConfirm={flow.saveAsNew}
      />
      <ConfirmDialog open={flow.asking !== null} title="Confirmación" content={QUESTIONNAIRE_TEXT.confirm} confirmLabel="Registrar" busy={flow.busy} onClose={flow.cancel} onConfirm={flow.confirm} />
      <SuccessDialog
        open={flow.saved !== null}
        title="Cuestionario registrado"
        message={flow.saved ? `Se registró la versión ${flow.saved.version} de «${flow.saved.name}».` : undefined}
        onClose={() => navigate('/')}
      />
    </>
  );
}
