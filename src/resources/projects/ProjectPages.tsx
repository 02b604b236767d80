import { Card, CardContent, CircularProgress } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useNotify, useUpdate } from 'ra-core';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { canUse } from '../../../domain/roles';
import { PROJECT_DIALOG_FIELDS, PROJECT_TEXT, projectAddFormSchema, projectEditFormSchema, type ProjectRecord } from '../../../domain/projects';
import { currentRole } from '../../authProvider';
import { CampoForm, type FormMode } from '../../ui/form/CampoForm';
import { useProject } from './choices';
import { ProjectFields } from './ProjectFields';
import { ProjectLocationsList } from './ProjectLocations';
import { ReasonDialog } from './ReasonDialog';
import { copyName, emptyProject, isPast, projectIdOf, type ProjectValues, RESOURCE, ROOT, snapshotOf, toBody, toDuplicate, toValues } from './values';
import { Missing } from '../../ui/Missing';

const loading = <CircularProgress sx={{ m: 4 }} aria-label="Cargando" />;
const missing = (error: unknown) => <Missing error={error} />;
/** An address whose id no project can have ('abc'): what the server says of an unknown number. */
const notFound = <Missing text={PROJECT_TEXT.notFound} />;

/** 'Nuevo proyecto', or the copy of another with `?action=duplicate&id=`. */
export function ProjectCreatePage() {
  const [params] = useSearchParams();
  const duplicate = params.get('action') === 'duplicate';
  const sourceId = duplicate ? projectIdOf(params.get('id')) : null;
  const source = useProject(sourceId);
  if (!duplicate) return <CreateForm />;
  if (sourceId === null) return notFound;
  if (source.isPending) return loading;
  if (source.error || !source.data) return missing(source.error);
  return <CreateForm source={source.data} />;
}

function CreateForm({ source }: { source?: ProjectRecord }) {
  const [create] = useCreate();
  const navigate = useNavigate();
  const notify = useNotify();
  return (
    <>
      <CampoForm<ProjectValues>
        mode="ADD"
        title={source ? `Duplicar proyecto: ${source.name}` : 'Nuevo proyecto'}
        schema={projectAddFormSchema}
        defaultValues={source ? toDuplicate(source) : emptyProject()}
        backPath={ROOT}
        confirmLeave
        dialogFields={PROJECT_DIALOG_FIELDS}
        onSubmit={async (values) => {
          // Refused, the form says it: a field the server names under that field, the rest in its dialog.
          await create(RESOURCE, { data: toBody(values) }, { returnPromise: true });
          notify(PROJECT_TEXT.created, { type: 'success' });
          navigate(ROOT);
        }}
      >
        {source && <CopyName name={source.name} />}
        <ProjectFields record={source} duplicate={Boolean(source)} />
      </CampoForm>
    </>
  );
}

/** Renames the copy once: a change, so that the copy can be saved as it comes. */
function CopyName({ name }: { name: string }) {
  const { getValues, setValue } = useFormContext<ProjectValues>();
  useEffect(() => {
    if (getValues('name') === name) setValue('name', copyName(name), { shouldDirty: true });
  }, [name, getValues, setValue]);
  return null;
}

/** A project in EDIT or VIEW. A past one opens in EDIT with only its end date free; for who only reads projects, EDIT is VIEW. */
export function ProjectRecordPage({ mode }: { mode: Exclude<FormMode, 'ADD'> }) {
  const { id } = useParams();
  const projectId = projectIdOf(id);
  const { data, isPending, error } = useProject(projectId);
  if (projectId === null) return notFound;
  if (isPending) return loading;
  if (error || !data) return missing(error);
  const shown = canUse(currentRole(), 'projects', 'write') ? mode : 'VIEW';
  // The form opens once, with the copy read on opening (useProject waits for it). A later read (a window
  // focus) that brings someone else's change does not open it again over what the user typed: the save
  // sends the version the form loaded, and the server answers that it was modified meanwhile (409).
  return <RecordForm key={`${shown}-${data.id}`} current={data} mode={shown} />;
}

function RecordForm({ current, mode }: { current: ProjectRecord; mode: Exclude<FormMode, 'ADD'> }) {
  // What the form edits is the project as it was when the form opened; the locations below it are live.
  const [record] = useState(current);
  const [update] = useUpdate();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<((reason: string | null) => void) | null>(null);
  const past = isPast(record);
  const values = toValues(record);

  /** Extending a past project asks why; null when the user cancels. */
  const askReason = () => new Promise<string | null>((resolve) => setAsking(() => resolve));

  return (
    <>
      <CampoForm<ProjectValues>
        mode={mode}
        title={mode === 'EDIT' ? `Editar proyecto: ${record.name}` : record.name}
        schema={projectEditFormSchema(snapshotOf(record), record.locationsCount, record.withMoves)}
        defaultValues={values}
        record={record}
        backPath={ROOT}
        editPath={canUse(currentRole(), 'projects', 'write') ? `${ROOT}/edit/${record.id}` : undefined}
        viewPath={`${ROOT}/view/${record.id}`}
        confirmLeave
        dialogFields={PROJECT_DIALOG_FIELDS}
        onSubmit={async (next, loaded) => {
          let updateReason: string | null = null;
          if (past && next.endDate !== record.endDate) {
            updateReason = await askReason();
            if (updateReason === null) return false;
          }
          // Refused, the form says it: a field the server names (a campaign disabled meanwhile) under that
          // field, the rest in its dialog.
          const saved = await update(RESOURCE, { id: record.id, data: { ...toBody(next), updateReason }, previousData: loaded }, { returnPromise: true, mutationMode: 'pessimistic' });
          await queryClient.invalidateQueries({ queryKey: ['project-update-reason', record.id] });
          notify(PROJECT_TEXT.updated, { type: 'success' });
          navigate(ROOT);
          return saved;
        }}
      >
        <ProjectFields record={record} locked={mode === 'EDIT' && past} />
      </CampoForm>
      <Card sx={{ mt: 2, maxWidth: 1100 }}>
        <CardContent>
          <ProjectLocationsList record={current} canChange={mode === 'EDIT' && !past} />
        </CardContent>
      </Card>
      <ReasonDialog
        open={asking !== null}
        onCancel={() => {
          asking?.(null);
          setAsking(null);
        }}
        onConfirm={(reason) => {
          asking?.(reason);
          setAsking(null);
        }}
      />
    </>
  );
}
