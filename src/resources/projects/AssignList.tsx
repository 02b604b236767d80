import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Button } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { canUse } from '../../../domain/roles';
import { currentRole } from '../../authProvider';
import { type Column, CampoList } from '../../ui/table/CampoList';
import { projectColumns } from './ProjectList';
import { ROOT } from './values';

const assignPath = (id: unknown) => `${ROOT}/assign/edit?projectId=${id}`;

/** 'Asignar' for who assigns moves; who only reads sees the assignment ('Ver'). */
function AssignButton({ id, name }: { id: unknown; name: string }) {
  const navigate = useNavigate();
  const open = () => navigate(assignPath(id));
  return canUse(currentRole(), 'user-moves', 'write') ? (
    <Button size="small" startIcon={<AssignmentIndIcon />} aria-label={`Asignar Getters a ${name}`} onClick={open}>
      Asignar
    </Button>
  ) : (
    <Button size="small" startIcon={<VisibilityIcon />} aria-label={`Ver asignación de ${name}`} onClick={open}>
      Ver
    </Button>
  );
}

const assign: Column = { source: 'assign', label: 'Asignar', sortable: false, noSelect: true, render: (p) => <AssignButton id={p.id} name={String(p.name)} /> };

/** /projects-campo/assign: the projects not ended yet (5 to 100 per page, 10 first), to give their visits to Getters. */
export function AssignList() {
  return (
    <CampoList
      title="Asignación de proyectos"
      icon={<AssignmentIndIcon color="primary" />}
      filter={{ future: true }}
      storeKey="projects-campo.assign"
      search={{ label: 'Nombre del proyecto', field: 'name', placeholder: 'Filtrar por nombre' }}
      debounce={600}
      perPageOptions={[5, 10, 25, 50, 100]}
      perPage={10}
      sort={{ field: 'startDate', order: 'ASC' }}
      rowClick="view"
      viewPath={(p) => assignPath(p.id)}
      emptyText="No hay proyectos por asignar"
      searchEmptyText="No hay resultados para la búsqueda"
      columns={[assign, ...projectColumns]}
    />
  );
}
