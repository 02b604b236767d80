import BusinessIcon from '@mui/icons-material/Business';
import EditIcon from '@mui/icons-material/Edit';
import StoreIcon from '@mui/icons-material/Store';
import TuneIcon from '@mui/icons-material/Tune';
import type { Identifier, RaRecord } from 'ra-core';
import { CLIENT_STATE_QUESTION } from '../../../domain/clients';
import { canUse } from '../../../domain/roles';
import { currentRole } from '../../authProvider';
import { StateToggle } from '../../ui/StateToggle';
import { type Column, CampoList } from '../../ui/table/CampoList';
import { linkColumn, stateColumn } from '../../ui/table/columns';
import { LinkButton } from '../../ui/table/RowButtons';

const [confirmTitle, ...question] = CLIENT_STATE_QUESTION.split('. ');

const columns: Column[] = [
  linkColumn('view', 'Ver', { root: '/clients', name: (r) => String(r.name) }),
  { source: 'name', label: 'Nombre' },
  { source: 'address', label: 'Dirección', truncate: true },
  { source: 'telephone', label: 'Teléfono', noSelect: true },
  { source: 'email', label: 'Email', noSelect: true },
  stateColumn('state', 'Estado', { active: (r) => Boolean(r.state), yes: 'Activo', no: 'Inactivo' }),
];

const stateSwitch: Column = {
  source: 'actions',
  label: 'Activar/Desactivar',
  sortable: false,
  noSelect: true,
  render: (r) => <StateToggle record={r} field="state" title={confirmTitle} question={question.join('. ')} action="setState" name={String(r.name)} />,
};

/** A client's points of sale and attributes: the buttons of its row in the list, and of its view and edit. */
export function ClientLinks({ clientId }: { clientId: Identifier }) {
  return (
    <>
      <LinkButton path={`/clients/${clientId}/branch-offices`} icon={<StoreIcon />}>
        Locaciones
      </LinkButton>
      <LinkButton path={`/clients/${clientId}/features`} icon={<TuneIcon />}>
        Atributos
      </LinkButton>
    </>
  );
}

/**
 * 'Lista de Clientes' (spec 1 §2.4). Staff who only read clients see the list, the clients' locations
 * and attributes, without 'Nuevo Cliente', the activation switch or 'Editar'.
 */
export function ClientList() {
  const canWrite = canUse(currentRole(), 'clients', 'write');
  return (
    <CampoList
      title="Lista de Clientes"
      icon={<BusinessIcon color="primary" />}
      addLabel={canWrite ? 'Nuevo Cliente' : undefined}
      addPath="/clients/add"
      search={{ label: 'Buscar', field: 'q', placeholder: 'Nombre, email o dirección' }}
      stateFilter={{ kind: 'showInactive', field: 'state', label: 'Activo/Inactivo' }}
      perPageOptions={[20, 50, 100, 150, 200]}
      perPage={100}
      sort={{ field: 'name', order: 'ASC' }}
      viewPath={(r) => `/clients/view/${r.id}`}
      exportFile="clientes"
      columns={canWrite ? [...columns, stateSwitch] : columns}
      rowActions={(r: RaRecord) => (
        <>
          {canWrite && (
            <LinkButton path={`/clients/edit/${r.id}`} icon={<EditIcon />}>
              Editar
            </LinkButton>
          )}
          <ClientLinks clientId={r.id} />
        </>
      )}
    />
  );
}
