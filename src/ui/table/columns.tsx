/** Column builders for the shared table: the kinds of cell that many lists repeat. */
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Chip, IconButton, Tooltip } from '@mui/material';
import type { RaRecord } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import { formatDisplayDate } from '../../../domain/validation';
import { type ActionCall, StateSwitch } from '../RecordAction';
import { EXCEL_DAY, EXCEL_DAY_TIME, excelDate } from '../xls/excelDate';
import type { Column } from './CampoList';

/** A date (DD/MM/YYYY, optionally with HH:mm); an empty one shows '-'. In the Excel, a date cell. */
export function dateColumn(source: string, label: string, options: { withTime?: boolean } = {}): Column {
  const text = (r: RaRecord) => (r[source] ? formatDisplayDate(String(r[source]), options.withTime) : '-');
  return { source, label, render: text, ...dateExport(text, options.withTime) };
}

/** A date column's Excel value and format: the spreadsheet's own date, shown as the screen shows it. */
export const dateExport = (text: (r: RaRecord) => string, withTime = false): Pick<Column, 'exportValue' | 'exportFormat'> => ({
  exportValue: (r) => excelDate(text(r)),
  exportFormat: withTime ? EXCEL_DAY_TIME : EXCEL_DAY,
});

/** A yes/no state shown as a chip ('Habilitada' / 'Inhabilitada', 'Activo' / 'Inactivo'…). */
export function stateColumn(source: string, label: string, options: { active: (r: RaRecord) => boolean; yes: string; no: string }): Column {
  const text = (r: RaRecord) => (options.active(r) ? options.yes : options.no);
  return {
    source,
    label,
    render: (r) => <Chip size="small" label={text(r)} color={options.active(r) ? 'success' : 'default'} />,
    exportValue: text,
  };
}

function IconLink({ path, label, kind }: { path: string; label: string; kind: 'edit' | 'view' }) {
  const navigate = useNavigate();
  return (
    <Tooltip title={kind === 'edit' ? 'Editar' : 'Ver'}>
      <IconButton size="small" aria-label={label} onClick={() => navigate(path)}>
        {kind === 'edit' ? <EditIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}

export interface RowLinks {
  /** The resource's root path ('/tags'): links go to {root}/view/{id} and {root}/edit/{id}. */
  root: string;
  /** The record's name in the links' accessible names ('Editar Zona comercial'). */
  name: (r: RaRecord) => string;
  /** Whether a record can be edited; by default all can. */
  editable?: (r: RaRecord) => boolean;
}

/** An icon column that opens the record ('view') or its edit form ('edit'). */
export function linkColumn(kind: 'edit' | 'view', label: string, links: RowLinks): Column {
  return {
    // Readers open the record to read it instead.
    ...(kind === 'edit' ? { forReaders: linkColumn('view', 'Ver', links) } : {}),
    source: kind,
    label,
    sortable: false,
    noSelect: true,
    width: 56,
    render: (r) =>
      kind === 'edit' && links.editable && !links.editable(r) ? null : (
        <IconLink kind={kind} path={`${links.root}/${kind}/${r.id}`} label={`${kind === 'edit' ? 'Editar' : 'Ver'} ${links.name(r)}`} />
      ),
    // In the file the icon's column is the record's id, and says so.
    exportLabel: 'ID',
    exportValue: (r) => r.id,
  };
}

/** An 'actions' column with the view and edit icons (readers get the view icon alone). */
export function actionsColumn(links: RowLinks, label = 'Acciones'): Column {
  const column = (editable: (r: RaRecord) => boolean): Column => ({
    source: 'actions',
    label,
    sortable: false,
    noSelect: true,
    render: (r) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <IconLink kind="view" path={`${links.root}/view/${r.id}`} label={`Ver ${links.name(r)}`} />
        {editable(r) && <IconLink kind="edit" path={`${links.root}/edit/${r.id}`} label={`Editar ${links.name(r)}`} />}
      </span>
    ),
  });
  return { ...column((r) => !links.editable || links.editable(r)), forReaders: column(() => false) };
}

export interface SwitchColumn {
  source: string;
  label: string;
  /** Whether the record is active (enabled) now. */
  active: (r: RaRecord) => boolean;
  /** The record's name in the switch's accessible name. */
  name: (r: RaRecord) => string;
  title: string;
  question: (activate: boolean) => string;
  change: (activate: boolean, r: RaRecord) => ActionCall;
  done?: (activate: boolean) => string;
  /** What readers see instead: by default the state ('Activo' / 'Inactivo'); null when the list already shows it. */
  forReaders?: Column | null;
}

/** The activate / deactivate switch, behind the confirmation dialog that states which it will do. */
export function switchColumn({ source, label, active, name, title, question, change, done, forReaders }: SwitchColumn): Column {
  return {
    source,
    label,
    sortable: false,
    noSelect: true,
    render: (r) => <StateSwitch record={r} active={active(r)} label={`${label} ${name(r)}`} title={title} question={question} change={change} done={done} />,
    // In the file, the state the switch shows, under a heading that names it (not the switch's action).
    exportLabel: 'Estado',
    exportValue: (r) => (active(r) ? 'Activo' : 'Inactivo'),
    forReaders: forReaders !== undefined ? forReaders : { ...stateColumn(source, 'Estado', { active, yes: 'Activo', no: 'Inactivo' }), sortable: false },
  };
}
