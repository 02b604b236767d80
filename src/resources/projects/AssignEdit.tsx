import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, CircularProgress, IconButton, List, ListItem, Typography } from '@mui/material';
import { useNotify } from 'ra-core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ASSIGN_TEXT } from '../../../domain/assignment';
import { PROJECT_TEXT, type ProjectLocationRow, type ProjectRecord } from '../../../domain/projects';
import { canUse } from '../../../domain/roles';
import { formatDisplayDate } from '../../../domain/validation';
import { currentRole } from '../../authProvider';
import { useCampoDataProvider } from '../../dataProvider/useCampoDataProvider';
import { ErrorDialog } from '../../ui/dialogs';
import { GetterPicker } from '../../ui/getterPicker/GetterPicker';
import { Pagination } from '../../ui/table/Pagination';
import { useProject } from './choices';
import { isPast, projectIdOf, RESOURCE, ROOT, saveErrors } from './values';
import { CHAT_GUTTER } from '../../ui/chatGutter';
import { useConfirmLeave } from '../../ui/form/useConfirmLeave';
import { ScreenTitle } from '../../ui/ScreenTitle';
import { Missing } from '../../ui/Missing';

/** Rows per page, as the shared table offers them (spec 1 §9: default 20, or 35 or 50). */
const ASSIGN_PAGE_SIZES = [20, 35, 50] as const;

/**
 * /projects-campo/assign/edit?projectId=: each location of the project, numbered, with a 'Getter'
 * select; 'Guardar' turns a published visit of each location with a Getter into an ASIGNADA move.
 * A finished project (the server refuses it too) and who may not assign moves get the list to read.
 */
export function AssignEdit() {
  const [params] = useSearchParams();
  const projectId = projectIdOf(params.get('projectId'));
  const { data, isPending, error, refetch } = useProject(projectId);
  if (!params.get('projectId')) return <Missing text="Elija un proyecto desde la asignación de proyectos." />;
  if (projectId === null) return <Missing text={PROJECT_TEXT.notFound} />;
  if (isPending) return <CircularProgress sx={{ m: 4 }} aria-label="Cargando" />;
  if (error || !data) return <Missing error={error} />;
  return <AssignItems project={data} reload={() => void refetch()} />;
}

function AssignItems({ project, reload }: { project: ProjectRecord; reload: () => void }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const dataProvider = useCampoDataProvider();
  const ended = isPast(project);
  const canAssign = canUse(currentRole(), 'user-moves', 'write') && !ended;
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(ASSIGN_PAGE_SIZES[0]);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  // A Getter stays chosen only where there is still something to give: the project read again may say
  // a location has no published visit left, is inactive or left the project.
  const assignable = new Set(project.locations.filter((l) => l.active && l.availableVisits > 0).map((l) => l.id));
  const [prunedFor, setPrunedFor] = useState(project.locations);
  if (prunedFor !== project.locations) {
    setPrunedFor(project.locations);
    if (Object.keys(chosen).some((id) => !assignable.has(Number(id)))) setChosen((current) => Object.fromEntries(Object.entries(current).filter(([id]) => assignable.has(Number(id)))));
  }
  const items = Object.entries(chosen).map(([projectLocationId, userId]) => ({ projectLocationId: Number(projectLocationId), userId }));
  const shown = project.locations.slice((page - 1) * perPage, page * perPage);
  // Getters chosen and not saved: leaving by the back arrow, the side menu or the browser's Back asks first.
  const leaveGuard = useConfirmLeave(() => !saving && items.length > 0, { anyNavigation: true });

  const save = async () => {
    setSaving(true);
    try {
      // Pressed again after an answer that never came, the same data creates no second move (its request key).
      await dataProvider.action(RESOURCE, 'assign', items);
      notify(ASSIGN_TEXT.created(items.length), { type: 'success' });
      setChosen({});
      reload();
    } catch (error) {
      setErrors(saveErrors(error));
      // Refused for what the screen showed (a location's visits taken or removed meanwhile, the project
      // ended): read again, so each location says what it has left; a Getter chosen for one with nothing
      // left goes (below), and 'Guardar' saves the others.
      const status = (error as { status?: number }).status;
      if (status === 404 || status === 409) reload();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 1100 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <IconButton aria-label="Volver" onClick={() => navigate(`${ROOT}/assign`)}>
            <ArrowBackIcon />
          </IconButton>
          <ScreenTitle>{`Asignar Getters: ${project.name}`}</ScreenTitle>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {`${project.client?.name ?? ''} · del ${formatDisplayDate(project.startDate)} al ${formatDisplayDate(project.endDate)} · ${ASSIGN_TEXT.publishedVisits(project.visits.available)}`}
        </Typography>
        {ended && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {ASSIGN_TEXT.projectEndedScreen}
          </Alert>
        )}
        <List aria-label="Locaciones del proyecto">
          {shown.map((item, i) => (
            <AssignItem
              key={item.id}
              number={(page - 1) * perPage + i + 1}
              item={item}
              readOnly={!canAssign}
              value={chosen[item.id] ?? null}
              onChange={(userId) =>
                setChosen((current) => {
                  const next = { ...current };
                  if (userId === null) delete next[item.id];
                  else next[item.id] = userId;
                  return next;
                })
              }
            />
          ))}
        </List>
        <Pagination
          page={page}
          perPage={perPage}
          total={project.locations.length}
          options={ASSIGN_PAGE_SIZES}
          setPage={setPage}
          setPerPage={(n) => {
            setPerPage(n);
            setPage(1);
          }}
        />
        {canAssign ? (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 2, mt: 2, pr: CHAT_GUTTER }}>
            <Typography variant="body2" color="text.secondary">
              {ASSIGN_TEXT.withGetter(items.length)}
            </Typography>
            <Button variant="contained" onClick={save} disabled={items.length === 0 || saving} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
              Guardar
            </Button>
          </Box>
        ) : (
          !ended && (
            <Typography variant="body2" sx={{ mt: 2, textAlign: 'right' }}>
              {ASSIGN_TEXT.readOnly}
            </Typography>
          )
        )}
      </CardContent>
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
      {leaveGuard.dialog}
    </Card>
  );
}

function AssignItem({
  number,
  item,
  readOnly,
  value,
  onChange,
}: {
  number: number;
  item: ProjectLocationRow;
  readOnly: boolean;
  value: number | null;
  onChange: (userId: number | null) => void;
}) {
  const name = `${number}. ${item.fullName}${item.clientLocationId ? ` (${item.clientLocationId})` : ''}${item.active ? '' : ' (inactiva)'}`;
  const none = item.availableVisits === 0;
  // Deactivated after it joined the project: listed with it, no Getter is sent there (the server refuses it too).
  const closed = !item.active;
  return (
    <ListItem divider sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 320px' }, gap: 2, alignItems: 'start' }} aria-label={name}>
      <Box>
        <Typography>{name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {closed ? ASSIGN_TEXT.locationInactiveRow : none ? 'Sin visitas publicadas para asignar' : ASSIGN_TEXT.publishedOf(item.availableVisits, item.visits)}
        </Typography>
        {/* Who already holds its visits (after 'Guardar' too: the pickers empty, the assignment shows here). */}
        {item.getters.length > 0 && <Typography variant="body2">{ASSIGN_TEXT.inCourse(item.getters)}</Typography>}
      </Box>
      <GetterPicker
        value={value}
        onChange={(getter) => onChange(getter?.id ?? null)}
        disabled={none || closed || readOnly}
        label="Getter"
        helperText="Seleccione el Getter que corresponda a esta locación"
        ariaLabel={`Getter de ${name}`}
      />
    </ListItem>
  );
}
