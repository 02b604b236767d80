import AddIcon from '@mui/icons-material/AddCircleOutline';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import QuizIcon from '@mui/icons-material/Quiz';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Button } from '@mui/material';
import { type RaRecord, useDataProvider, useNotify, useRefresh } from 'ra-core';
import { useState } from 'react';
import { type QuestionnaireContent, type QuestionnaireRow, type QuestionnaireVersion, REMOVE_VERSION_TEXT, type VersionUsage } from '../../../domain/questionnaires';
import { QUESTIONNAIRE_REMOVE_CONFLICT } from '../../../domain/questionnaire-body';
import { canUse } from '../../../domain/roles';
import { formatDisplayDate } from '../../../domain/validation';
import { currentRole } from '../../authProvider';
import { questionnaires as endpoints } from '../../dataProvider/endpoints/questionnaires';
import { request } from '../../dataProvider/http';
import { ConfirmDialog, ErrorDialog, errorMessages } from '../../ui/dialogs';
import { CampoList } from '../../ui/table/CampoList';
import { LinkButton } from '../../ui/table/RowButtons';
import { PreviewDialog } from './editor/Preview';

/**
 * 'Lista de cuestionarios' (spec 2 §2): paged on the server, 5 rows by default. Staff who only read
 * questionnaires see the list without the actions that write, and each one's latest version in the
 * preview ('Ver cuestionario'): the editor is for those who write.
 */
export function QuestionnaireList() {
  const canWrite = canUse(currentRole(), 'questionnaires', 'write');
  return (
    <CampoList
      title="Lista de cuestionarios"
      icon={<QuizIcon color="primary" />}
      addLabel={canWrite ? 'Agregar cuestionario' : undefined}
      addPath="/questionnaires/add"
      search={{ label: 'Buscar', field: 'q', placeholder: 'Nombre del cuestionario' }}
      perPageOptions={[5, 10, 25, 50, 100]}
      perPage={5}
      sort={{ field: 'createdAt', order: 'DESC' }}
      actionsSwitch={canWrite ? 'Mostrar acciones' : undefined}
      columns={[
        { source: 'name', label: 'Nombre', truncate: false },
        { source: 'createdAt', label: 'Fecha de creación', render: (r) => formatDisplayDate(r.createdAt as string) },
        { source: 'updatedBy', label: 'Actualizado por', render: (r) => (r as QuestionnaireRow).updatedBy?.name || '-' },
        { source: 'lastVersion', label: 'Última versión activa' },
      ]}
      rowActions={(r) => (canWrite ? <RowActions record={r} /> : <ViewQuestionnaire record={r as unknown as QuestionnaireRow & RaRecord} />)}
    />
  );
}

/**
 * Three actions with long names: side by side they stood past the frame at 1024 px with the sidebar open
 * ('Quitar última versión' behind a sideways scroll). They wrap within the cell, each whole.
 */
function RowActions({ record }: { record: RaRecord }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, alignItems: 'center', minWidth: '11rem' }}>
      <LinkButton path={`/questionnaires/edit?id=${record.id}`} icon={<AddIcon />} label={`Crear nueva version de ${record.name}`}>
        Crear nueva version
      </LinkButton>
      <LinkButton path={`/questionnaires/add?action=duplicate&id=${record.id}`} icon={<ContentCopyIcon />} label={`Duplicar cuestionario ${record.name}`}>
        Duplicar cuestionario
      </LinkButton>
      <RemoveLastVersion record={record as unknown as QuestionnaireRow & RaRecord} />
    </Box>
  );
}

/** The latest version in the read-only preview (Getter's and client's views). */
function ViewQuestionnaire({ record }: { record: QuestionnaireRow & RaRecord }) {
  const [content, setContent] = useState<QuestionnaireContent | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const open = async () => {
    setBusy(true);
    try {
      setContent(await request<QuestionnaireVersion>(endpoints.one!.get.replace(':id', String(record.id))));
    } catch (error) {
      setErrors(errorMessages(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<VisibilityIcon />} disabled={busy} onClick={open} aria-label={`Ver cuestionario ${record.name}`}>
        Ver cuestionario
      </Button>
      <PreviewDialog content={content} onClose={() => setContent(null)} />
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
    </>
  );
}

/**
 * 'Quitar última versión' behind the delete confirmation; the server keeps a version a project needs. The
 * confirmation says, as the server counts it when it opens, which version new moves will use and how many
 * moves already hold the one removed (they keep it).
 */
function RemoveLastVersion({ record }: { record: QuestionnaireRow & RaRecord }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [usage, setUsage] = useState<VersionUsage | 'counting' | 'uncounted'>('counting');
  const only = record.lastVersion === 1;
  const ask = async () => {
    setUsage('counting');
    setOpen(true);
    try {
      const counted = await request<VersionUsage>(`/questionnariesV2/usage/${record.id}`);
      if (counted.lastVersion !== record.lastVersion) {
        // Another version added or removed since the list showed this one: said now, as the server would say it, with the list brought up to date.
        setOpen(false);
        setErrors([QUESTIONNAIRE_REMOVE_CONFLICT]);
        refresh();
        return;
      }
      setUsage(counted);
    } catch {
      setUsage('uncounted');
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      // The version this row shows: removed since, or another added, the server refuses (409) instead of removing another one.
      await dataProvider.delete('questionnaires', { id: record.id, previousData: record, meta: { query: { expectedLastVersion: String(record.lastVersion) } } });
      notify(only ? 'Cuestionario eliminado' : `Se quitó la versión ${record.lastVersion}`, { type: 'success' });
      refresh();
    } catch (error) {
      setErrors(errorMessages(error));
      refresh();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  const T = REMOVE_VERSION_TEXT;
  const counted = typeof usage === 'object' ? usage : null;
  const what = only || counted?.previousVersion === null ? T.only(record.name) : T.last(record.name, record.lastVersion, counted?.previousVersion ?? null);
  const held = counted ? T.moves(counted.moves) : usage === 'counting' ? T.counting : T.uncounted;
  return (
    <>
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={ask} aria-label={`Quitar última versión de ${record.name}`}>
        Quitar última versión
      </Button>
      <ConfirmDialog
        open={open}
        busy={busy}
        ready={usage !== 'counting'}
        confirmLabel="Quitar"
        content={`${what} ${held} ${T.final}`}
        onClose={() => setOpen(false)}
        onConfirm={remove}
      />
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
    </>
  );
}
