import TuneIcon from '@mui/icons-material/Tune';
import { type RaRecord, ResourceContextProvider } from 'ra-core';
import { canUse } from '../../../domain/roles';
import { currentRole } from '../../authProvider';
import { type Column, CampoList } from '../../ui/table/CampoList';
import { linkColumn } from '../../ui/table/columns';

type Value = { value: string; isDefault: boolean };

/**
 * 'Lista de atributos' (spec 1 §2.6): one client's attributes at {base} = /clients/{id}/features, the
 * client named by `subtitle`, or every client's at /features with a client filter and a 'Cliente' column.
 * 'Nuevo atributo' only for those who write attributes.
 */
export function FeatureList({ clientId, base, title = 'Lista de atributos', subtitle }: { clientId?: number; base: string; title?: string; subtitle?: string }) {
  const canWrite = canUse(currentRole(), 'features', 'write');
  const values = (r: RaRecord) => ((r.values ?? []) as Value[]).map((v) => v.value).join(', ');
  const columns: Column[] = [
    linkColumn('view', 'Ver', { root: base, name: (r) => String(r.name) }),
    { source: 'name', label: 'Nombre' },
    ...(clientId === undefined ? [{ source: 'clientName', label: 'Cliente' }] : []),
    { source: 'isRequired', label: 'Requerido', render: (r) => (r.isRequired ? 'Sí' : 'No'), exportValue: (r) => (r.isRequired ? 'Sí' : 'No') },
    { source: 'values', label: 'Valores', sortable: false, render: values, exportValue: values },
    {
      source: 'default',
      label: 'Valor por defecto',
      sortable: false,
      render: (r) => (r.values as Value[]).find((v) => v.isDefault)?.value ?? '-',
      exportValue: (r) => (r.values as Value[]).find((v) => v.isDefault)?.value ?? '',
    },
  ];
  return (
    <ResourceContextProvider value="features">
      <CampoList
        title={title}
        subtitle={subtitle}
        icon={<TuneIcon color="primary" />}
        addLabel={canWrite ? 'Nuevo atributo' : undefined}
        addPath={`${base}/add`}
        search={{ label: 'Filtrar por nombre', field: 'q' }}
        clientFilter={clientId === undefined ? { field: 'clientId' } : undefined}
        filter={clientId === undefined ? undefined : { clientId }}
        storeKey={clientId === undefined ? 'features.all' : `features.client.${clientId}`}
        sort={{ field: 'name', order: 'ASC' }}
        rowClick="view"
        viewPath={(r) => `${base}/view/${r.id}`}
        emptyText="Aún no tienes atributos creados."
        searchEmptyText="No hay resultados para la búsqueda"
        columns={columns}
      />
    </ResourceContextProvider>
  );
}
