import { Box, Button, Card, CardContent, CircularProgress, Dialog, DialogContent, DialogContentText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { AUTH_TEXT } from '../../../../domain/auth';
import { QUESTIONNAIRE_TEXT } from '../../../../domain/questionnaire-weights';
import type { QuestionnaireContent, QuestionnaireVersion } from '../../../../domain/questionnaires';
import { canUse } from '../../../../domain/roles';
import { currentRole } from '../../../authProvider';
import { questionnaires as endpoints } from '../../../dataProvider/endpoints/questionnaires';
import { request } from '../../../dataProvider/http';
import { errorMessages } from '../../../ui/dialogs';
import { questionnaireDraftOf } from './draft';
import { EditorForm } from './EditorForm';
import { ScreenTitle } from '../../../ui/ScreenTitle';

const EMPTY: QuestionnaireContent = { name: '', questionnaire_version_type: 'Básico', dimensions: [] };

/**
 * /questionnaires/add ('NUEVO CUESTIONARIO', or a copy with ?action=duplicate&id=…) and
 * /questionnaires/edit?id=… ('EDITAR CUESTIONARIO': saving adds a version, built from the version
 * chosen in the selector).
 */
export function EditorPage({ mode }: { mode: 'ADD' | 'EDIT' }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || null;
  const duplicate = mode === 'ADD' && params.get('action') === 'duplicate' && id !== null;
  // Work kept when the session ended here (drafts.ts), taken once: an edit opens on the version it was
  // built on, as it was then, and saving it meets what was saved meanwhile as a conflict (conflict.tsx).
  // (The editor drops the draft from the tab once it shows it: a load that fails here loses nothing.)
  const { pathname, search } = useLocation();
  const [draft, setDraft] = useState(() => questionnaireDraftOf(pathname + search));
  const [version, setVersion] = useState<number | undefined>(mode === 'EDIT' ? draft?.version : undefined);
  /** The draft's version could not be read (removed since): the draft goes on the last version instead. */
  const [draftOnLast, setDraftOnLast] = useState(false);
  /** Bumped to read the last version again (after dropping one's work for another person's version). */
  const [reads, setReads] = useState(0);
  /** Typed work re-applied on a version saved meanwhile by someone else (conflict.tsx). */
  const [rebased, setRebased] = useState<{ on: QuestionnaireVersion; content: QuestionnaireContent; notes: string[]; n: number } | null>(null);
  const load = mode === 'EDIT' || duplicate;

  const query = useQuery({
    queryKey: ['questionnaire-version', id, version ?? 'latest', reads],
    queryFn: ({ signal }) => request<QuestionnaireVersion>(endpoints.one!.get.replace(':id', String(id)), { query: { version }, signal }),
    enabled: load && id !== null && canUse(currentRole(), 'questionnaires', 'write'),
    gcTime: 0,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

  const drafted = mode === 'EDIT' && draft !== null && draft.version !== undefined && !draftOnLast && version === draft.version;
  useEffect(() => {
    // The version the draft was built on is gone: the work is opened on the last version, and its send
    // (against the last version of then) meets that as a conflict to merge.
    if (drafted && query.error) {
      setDraftOnLast(true);
      setVersion(undefined);
    }
  }, [drafted, query.error]);
  // The draft's last version of then, over the version read: a version saved since is a conflict, not overwritten.
  const draftBase = useMemo(
    () => (query.data && draft?.lastVersion !== undefined ? { ...query.data, lastVersion: draft.lastVersion } : undefined),
    [query.data, draft],
  );

  if (!canUse(currentRole(), 'questionnaires', 'write')) return <Problem lines={[AUTH_TEXT.forbidden]} onBack={() => navigate('/questionnaires')} />;
  if (load && id === null) return <Problem lines={['Elija un cuestionario de la lista.']} onBack={() => navigate('/questionnaires')} />;
  if (load && query.error && drafted) return <LoadingDialog />;
  if (load && query.error) return <Problem lines={errorMessages(query.error)} onBack={() => navigate('/questionnaires')} />;
  if (load && !query.data) return <LoadingDialog />;

  const loaded = query.data;
  // A new questionnaire or a copy: the recovered work, if any, over what the page starts with; turned
  // down, the form as the page opens without it.
  const startAt = (start: QuestionnaireContent, key: string, duplicateOf?: string) => (
    <EditorForm
      key={draft ? `${key}-draft` : key}
      mode="ADD"
      initial={draft?.content ?? start}
      startedFrom={start}
      duplicateOf={duplicateOf}
      restoredDraft={draft ? { onDiscard: () => setDraft(null) } : undefined}
    />
  );
  if (!loaded) return startAt(EMPTY, 'new');
  const changeVersion = (next: number) => {
    setDraft(null);
    setRebased(null);
    setVersion(next);
  };
  const rebase = (on: QuestionnaireVersion, content: QuestionnaireContent, notes: string[]) => {
    setDraft(null);
    setRebased((before) => ({ on, content, notes, n: (before?.n ?? 0) + 1 }));
  };
  const discard = () => {
    setDraft(null);
    setRebased(null);
    setVersion(undefined);
    setReads((n) => n + 1);
  };
  if (duplicate) {
    const copy = { name: `${loaded.name} (copia)`, questionnaire_version_type: loaded.questionnaire_version_type, dimensions: loaded.dimensions };
    return startAt(copy, `copy-${loaded.id}`, loaded.name);
  }
  // The version the draft was built on, with the questionnaire's last version as it was then: a version
  // saved since is found by the save (409) and merged, never overwritten.
  if (draft && draftBase)
    return (
      <EditorForm
        key={`${loaded.id}-${loaded.version}-draft`}
        mode="EDIT"
        initial={draft.content}
        loaded={draftBase}
        restoredDraft={{ onDiscard: discard }}
        onVersionChange={changeVersion}
        onRebase={rebase}
        onDiscard={discard}
      />
    );
  if (rebased)
    return (
      <EditorForm
        key={`${loaded.id}-rebased-${rebased.n}`}
        mode="EDIT"
        initial={rebased.content}
        loaded={rebased.on}
        rebased={{ notes: rebased.notes }}
        onVersionChange={changeVersion}
        onRebase={rebase}
        onDiscard={discard}
      />
    );
  return (
    <EditorForm
      key={`${loaded.id}-${loaded.version}-${reads}`}
      mode="EDIT"
      initial={{ name: loaded.name, questionnaire_version_type: loaded.questionnaire_version_type, dimensions: loaded.dimensions }}
      loaded={loaded}
      onVersionChange={changeVersion}
      onRebase={rebase}
      onDiscard={discard}
    />
  );
}

/** The blocking dialog shown while a questionnaire loads (spec 2 §2). */
function LoadingDialog() {
  return (
    <Dialog open aria-labelledby="questionnaire-loading" disableEscapeKeyDown>
      <DialogContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={28} />
        <DialogContentText id="questionnaire-loading">{QUESTIONNAIRE_TEXT.loading}</DialogContentText>
      </DialogContent>
    </Dialog>
  );
}

function Problem({ lines, onBack }: { lines: string[]; onBack: () => void }) {
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <ScreenTitle sx={{ mb: 1 }}>Cuestionario</ScreenTitle>
        {lines.map((line) => (
          <Typography key={line} color="error">
            {line}
          </Typography>
        ))}
        <Box sx={{ mt: 2 }}>
          <Button variant="contained" onClick={onBack}>
            Volver a la lista
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
