import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, CircularProgress, IconButton, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { PROJECT_TEXT, type ProjectRecord } from '../../../domain/projects';
import { canUse } from '../../../domain/roles';
import { currentRole } from '../../authProvider';
import { useCampoDataProvider } from '../../dataProvider/useCampoDataProvider';
import { ConfirmDialog, ErrorDialog, SuccessDialog } from '../../ui/dialogs';
import { useProject } from './choices';
import { ClientLocationsTable } from './ClientLocationsTable';
import { PROJECT_LOCATION_PAGE_SIZES } from './ProjectLocations';
import { isPast, projectIdOf, RESOURCE, ROOT, saveErrors } from './values';
import { CHAT_GUTTER } from '../../ui/chatGutter';
import { useConfirmLeave } from '../../ui/form/useConfirmLeave';
import { ScreenTitle } from '../../ui/ScreenTitle';
import { Missing } from '../../ui/Missing';

/**
 * 'Agregar/Quitar locaciones' (/projects-campo/edit/:id/locations): the client's locations, 20 per page.
 * Who only reads projects is sent to the project's view, which lists its locations.
 */
export function ProjectLocationsPage() {
  const { id } = useParams();
  const canWrite = canUse(currentRole(), 'projects', 'write');
  const projectId = projectIdOf(id);
  const { data, isPending, error } = useProject(canWrite ? projectId : null);
  if (!canWrite) return <Navigate to={`${ROOT}/view/${id}`} replace />;
  if (projectId === null) return <Missing text={PROJECT_TEXT.notFound} />;
  if (isPending) return <CircularProgress sx={{ m: 4 }} aria-label="Cargando" />;
  if (error || !data) return <Missing error={error} />;
  // Opened once with the copy read on opening: a later read (a window focus) does not undo the ticks.
  return <LocationsEditor key={data.id} project={data} />;
}

function LocationsEditor({ project }: { project: ProjectRecord }) {
  const navigate = useNavigate();
  const dataProvider = useCampoDataProvider();
  const queryClient = useQueryClient();
  // What is added and removed is counted from the locations as loaded, and the save sends that version
  // (`updatedAt`): over someone else's change meanwhile it is refused, not undone without a word.
  const [loaded] = useState(project);
  const [initial] = useState(() => new Set(loaded.locations.map((l) => l.locationId)));
  // Those with moves stay (the server refuses to take them out): their boxes cannot be unticked.
  const [fixed] = useState<ReadonlySet<number>>(() => new Set(loaded.locations.filter((l) => l.taken).map((l) => l.locationId)));
  const [selected, setSelected] = useState<Set<number>>(initial);
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const added = [...selected].filter((l) => !initial.has(l)).length;
  const removed = [...initial].filter((l) => !selected.has(l)).length;
  const locked = isPast(project);
  // Ticks not saved: the back arrow, 'Cancelar', the side menu or the browser's Back ask first.
  const leaveGuard = useConfirmLeave(() => !done && !saving && (added > 0 || removed > 0), { anyNavigation: true });

  // The question stays open, busy, until the server answers: a second 'Confirmar' (a double click, or
  // one during the dialog's fade) would send the same change again.
  const confirm = async () => {
    if (saving) return;
    setSaving(true);
    try {
      await dataProvider.action(RESOURCE, 'locations', { id: project.id, locations: [...selected], updatedAt: loaded.updatedAt });
      await queryClient.invalidateQueries({ queryKey: [RESOURCE] });
      setDone(true);
    } catch (error) {
      setErrors(saveErrors(error));
    } finally {
      setAsking(false);
      setSaving(false);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 1100 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <IconButton aria-label="Volver" onClick={() => navigate(ROOT)}>
            <ArrowBackIcon />
          </IconButton>
          <ScreenTitle>{PROJECT_TEXT.locationsTitle}</ScreenTitle>
        </Box>
        <Typography variant="subtitle1" sx={{ mb: 2 }}>{`${project.name} · ${project.client?.name ?? ''}`}</Typography>
        {locked ? (
          <Alert severity="warning">{PROJECT_TEXT.pastLocked}</Alert>
        ) : (
          <>
            <ClientLocationsTable
              clientId={project.clientId}
              selected={selected}
              onChange={setSelected}
              filterField="q"
              filterLabel="Filtrar resultados"
              filterHint="Nombre, código o calle"
              perPageOptions={PROJECT_LOCATION_PAGE_SIZES}
              perPage={20}
              projectId={project.id}
              dates={{ from: project.startDate, to: project.endDate }}
              disabled={saving}
              fixed={fixed}
            />
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 2, mt: 2, pr: CHAT_GUTTER }}>
              <Typography variant="body2" color="text.secondary">{PROJECT_TEXT.locationsChange(added, removed)}</Typography>
              <Button onClick={() => navigate(ROOT)}>Cancelar</Button>
              <Button variant="contained" disabled={selected.size === 0 || (added === 0 && removed === 0) || saving} onClick={() => setAsking(true)} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
                {PROJECT_TEXT.locationsConfirm}
              </Button>
            </Box>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={asking}
        content={PROJECT_TEXT.locationsChangeConfirm(added, removed)}
        busy={saving}
        onClose={() => setAsking(false)}
        onConfirm={confirm}
      />
      <SuccessDialog open={done} title={PROJECT_TEXT.locationsDoneTitle} message={PROJECT_TEXT.locationsDone} onClose={() => navigate(ROOT)} />
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
      {leaveGuard.dialog}
    </Card>
  );
}
