import SettingsIcon from '@mui/icons-material/Settings';
import type { RaRecord } from 'ra-core';
import { MOVE_CONFIG_TEXT } from '../../../domain/movesConfig';
import { formatDecimal } from '../../../domain/numbers';
import { canUse } from '../../../domain/roles';
import { currentRole } from '../../authProvider';
import { type Column, CampoList } from '../../ui/table/CampoList';
import { stateColumn } from '../../ui/table/columns';
import { namesOf, useMoveConfigInfo } from './info';

/** Points and minutes may have decimals: written with a comma, as everywhere in the console. */
const decimal = (source: string, label: string): Column => ({ source, label, render: (r) => formatDecimal(Number(r[source])) });

const yesNo = (source: string, label: string): Column => {
  const text = (r: RaRecord) => (r[source] ? 'Sí' : 'No');
  return { source, label, render: text, exportValue: text };
};

/**
 * 'Lista de Configuraciones de Moves' (spec 1 §2.7): every configuration, paged in the browser; a row
 * opens its edit form, or its view for staff who only read configurations (who get no 'Nueva Configuración').
 */
export function MoveConfigList() {
  const info = useMoveConfigInfo();
  const canWrite = canUse(currentRole(), 'moves-config', 'write');
  const columns: Column[] = [
    // Whole: the name is what tells one configuration from another ('Compra con…').
    { source: 'name', label: 'Nombre', truncate: false },
    decimal('points', 'Puntos (Steps)'),
    decimal('minutesDuration', 'Duración (minutos)'),
    yesNo('consumptionPayment', 'Consumo pago'),
    yesNo('needsCheckList', 'Requiere formulario'),
    yesNo('needsAudioRecording', 'Audio'),
    yesNo('needsVideoRecording', 'Video'),
    { source: 'moveTypes', label: 'Tipos de move', sortable: false, render: (r) => namesOf(r.moveTypes, info.data?.moveTypes) || '-' },
    { source: 'category', label: 'Categoría', sortable: false, render: (r) => namesOf(r.category, info.data?.categories) || '-' },
    stateColumn('status', 'Estado', { active: (r) => Boolean(r.status), yes: MOVE_CONFIG_TEXT.enabled, no: MOVE_CONFIG_TEXT.disabled }),
  ];
  return (
    <CampoList
      local
      title="Lista de Configuraciones de Moves"
      icon={<SettingsIcon color="primary" />}
      addLabel={canWrite ? 'Nueva Configuración' : undefined}
      addPath="/moves-config/add"
      perPageOptions={[5, 10, 25, 50, 100]}
      perPage={10}
      sort={{ field: 'name', order: 'ASC' }}
      rowClick="view"
      viewPath={(r) => `/moves-config/${canWrite ? 'edit' : 'view'}/${r.id}`}
      columns={columns}
    />
  );
}
