import EditIcon from '@mui/icons-material/Edit';
import StoreIcon from '@mui/icons-material/Store';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Button } from '@mui/material';
import { ResourceContextProvider } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import { DIALOG, dialogParts } from '../../../domain/dialogs';
import { LOCATION_TEXT } from '../../../domain/locations';
import { canUse } from '../../../domain/roles';
import { currentRole } from '../../authProvider';
import { type Column, CampoList } from '../../ui/table/CampoList';
import { stateColumn, switchColumn } from '../../ui/table/columns';
import { LinkButton, ViewButton } from '../../ui/table/RowButtons';
import type { LocationPaths } from './paths';

const stateDialog = dialogParts(DIALOG.locationState);

/**
 * 'Lista de locaciones' (spec 1 §2.5): one client's points of sale, or every client's with a client
 * filter. The search is a case-insensitive regular expression on the client's location code. Staff
 * who only read locations see each one's state instead of its switch, and neither 'Nueva locacion'
 * nor 'CARGA MASIVA'. An inactive client's list offers neither either (the server refuses both), and
 * says why.
 */
export function LocationList({
  clientId,
  paths,
  clientInactive = false,
  subtitle,
}: {
  clientId?: number;
  paths: LocationPaths;
  clientInactive?: boolean | null;
  /** Under a client, which one (the list has no 'Cliente' column then). */
  subtitle?: string;
}) {
  const navigate = useNavigate();
  const canWrite = canUse(currentRole(), 'locations', 'write');
  // Null: the client is still being read; the buttons wait for it rather than show and vanish.
  const canAdd = canWrite && clientInactive === false;
  const columns: Column[] = [
    {
      source: 'view',
      label: 'Ver',
      sortable: false,
      noSelect: true,
      width: 56,
      render: (r) => <ViewButton path={paths.view(r.id)} label={`Ver ${r.fullName}`} />,
      // The code is its own column in the file.
      noExport: true,
    },
    { source: 'fullName', label: 'Nombre' },
    ...(clientId === undefined ? [{ source: 'clientName', label: 'Cliente' }] : []),
    { source: 'code', label: 'Código' },
    { source: 'clientLocationId', label: 'Código de Locación del Cliente' },
    { source: 'street', label: 'Dirección', truncate: true },
    { source: 'telephone', label: 'Teléfono', noSelect: true },
    { source: 'executive', label: 'Ejecutivo' },
    canWrite
      ? switchColumn({
          source: 'status',
          label: 'Activar/Desactivar',
          active: (r) => Boolean(r.status),
          name: (r) => String(r.fullName),
          title: stateDialog.title,
          question: () => stateDialog.question,
          change: (activate, r) => ({ action: 'setStatus', body: { id: r.id, status: activate } }),
        })
      : stateColumn('status', 'Estado', { active: (r) => Boolean(r.status), yes: 'Activo', no: 'Inactivo' }),
  ];
  return (
    <ResourceContextProvider value="branch-offices">
      {canWrite && clientInactive && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {LOCATION_TEXT.inactiveClient}
        </Alert>
      )}
      <CampoList
        title="Lista de locaciones"
        subtitle={subtitle}
        icon={<StoreIcon color="primary" />}
        addLabel={canAdd ? 'Nueva locacion' : undefined}
        addPath={paths.add}
        actions={
          canAdd && (
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => navigate(paths.massive)}>
              CARGA MASIVA
            </Button>
          )
        }
        search={{ label: 'Buscar Código de Locación del Cliente', field: 'q', placeholder: 'Expresión regular, p. ej. ^CAF-0' }}
        clientFilter={clientId === undefined ? { field: 'clientId' } : undefined}
        stateFilter={{ kind: 'both', field: 'status' }}
        filter={clientId === undefined ? undefined : { clientId }}
        storeKey={clientId === undefined ? 'branch-offices.all' : `branch-offices.client.${clientId}`}
        sort={{ field: 'fullName', order: 'ASC' }}
        viewPath={(r) => paths.view(r.id)}
        // Ten columns are wider than the frame at 1024 px with the menu open: the selected row's 'Editar'
        // stays in sight at the right edge while the rest scrolls under it.
        stickyLastColumn={canWrite}
        // A selected row offers its edit form (spec 1 §2.2) to those who may edit it.
        rowActions={
          canWrite
            ? (r) => (
                <LinkButton path={paths.edit(r.id)} icon={<EditIcon />}>
                  Editar
                </LinkButton>
              )
            : undefined
        }
        exportFile="locaciones"
        columns={columns}
      />
    </ResourceContextProvider>
  );
}
