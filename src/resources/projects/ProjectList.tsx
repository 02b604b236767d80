import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import EditLocationAltIcon from '@mui/icons-material/EditLocationAlt';
import VisibilityIcon from '@mui/icons-material/Visibility';
import WorkIcon from '@mui/icons-material/Work';
import { Chip, IconButton, Tooltip } from '@mui/material';
import type { RaRecord } from 'ra-core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatCount } from '../../../domain/numbers';
import { PROJECT_STATE_LABEL, type ProjectState } from '../../../domain/projects';
import { canUse } from '../../../domain/roles';
import { currentRole } from '../../authProvider';
import { type Column, CampoList } from '../../ui/table/CampoList';
import { dateColumn } from '../../ui/table/columns';
import { ROOT } from './values';

function Action({ title, path, icon }: { title: string; path: string; icon: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Tooltip title={title.split(' ')[0]}>
      <IconButton size="small" aria-label={title} onClick={() => navigate(path)}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

const STATE_COLOR: Record<ProjectState, 'default' | 'success' | 'info'> = { FINALIZADO: 'default', EN_CURSO: 'success', PROXIMO: 'info' };

export const stateColumn: Column = {
  source: 'status',
  label: 'Estado',
  sortable: false,
  render: (p) => <Chip size="small" label={PROJECT_STATE_LABEL[p.status as ProjectState]} color={STATE_COLOR[p.status as ProjectState]} />,
  exportValue: (p) => PROJECT_STATE_LABEL[p.status as ProjectState],
};

export const projectColumns: Column[] = [
  { source: 'name', label: 'Nombre' },
  { source: 'client', label: 'Cliente', render: (p) => p.client?.name ?? '-', truncate: true },
  { source: 'campaign', label: 'Campaña', render: (p) => p.campaign?.name ?? '-', truncate: true },
  dateColumn('startDate', 'Fecha de inicio'),
  dateColumn('endDate', 'Fecha de finalización'),
  stateColumn,
  { source: 'locationsCount', label: 'Locaciones', sortable: false, render: (p) => formatCount(p.locationsCount), exportValue: (p) => p.locationsCount },
  { source: 'availableVisits', label: 'Visitas publicadas', sortable: false, render: (p) => formatCount(p.availableVisits), exportValue: (p) => p.availableVisits },
];

/** View for everyone who reads projects; edit, duplicate and locations for those who write them. */
const actionsColumn = (canWrite: boolean): Column => ({
  source: 'actions',
  label: 'Acciones',
  sortable: false,
  noSelect: true,
  render: (p: RaRecord) => (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Action title={`Ver ${p.name}`} path={`${ROOT}/view/${p.id}`} icon={<VisibilityIcon fontSize="small" />} />
      {canWrite && (
        <>
          <Action title={`Editar ${p.name}`} path={`${ROOT}/edit/${p.id}`} icon={<EditIcon fontSize="small" />} />
          <Action title={`Duplicar ${p.name}`} path={`${ROOT}/add?action=duplicate&id=${p.id}`} icon={<ContentCopyIcon fontSize="small" />} />
          {p.status !== 'FINALIZADO' && <Action title={`Locaciones de ${p.name}`} path={`${ROOT}/edit/${p.id}/locations`} icon={<EditLocationAltIcon fontSize="small" />} />}
        </>
      )}
    </span>
  ),
});

/** 'Proyectos' (spec 3 §2): filtered by name after 600 ms, 20 to 200 rows per page, newest start first. */
export function ProjectList() {
  const canWrite = canUse(currentRole(), 'projects', 'write');
  return (
    <CampoList
      title="Proyectos"
      icon={<WorkIcon color="primary" />}
      addLabel={canWrite ? 'Nuevo proyecto' : undefined}
      addPath={`${ROOT}/add`}
      search={{ label: 'Nombre del proyecto', field: 'name', placeholder: 'Filtrar por nombre' }}
      debounce={600}
      perPageOptions={[20, 50, 100, 150, 200]}
      sort={{ field: 'startDate', order: 'DESC' }}
      rowClick="view"
      viewPath={(p) => `${ROOT}/view/${p.id}`}
      emptyText="No hay resultados para la búsqueda"
      storeKey="projects-campo.list"
      columns={[actionsColumn(canWrite), ...projectColumns]}
    />
  );
}
