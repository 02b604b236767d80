import FileDownloadIcon from '@mui/icons-material/FileDownload';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Autocomplete, Button, CircularProgress, TextField } from '@mui/material';
import { type RaRecord, useListContext } from 'ra-core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usersExportName, WEB_USER_EXPORT, type WebUser } from '../../../domain/webUsers';
import { request } from '../../dataProvider/http';
import { ErrorDialog, errorMessages, EXPORT_FAILED } from '../../ui/dialogs';
import type { Choice } from '../../ui/form/inputs';
import { ExcelButton } from '../../ui/table/ExcelButton';
import { useRoleChoices } from './UserFields';

/** The role filter: 'Todos' or one of the 15 roles. */
function RoleFilter() {
  const list = useListContext();
  const roles = useRoleChoices();
  const choices = roles.data ?? [];
  const all: Choice = { id: '', name: 'Todos' };
  const value = choices.find((c) => String(c.id) === String(list.filterValues.rolId ?? '')) ?? all;
  const set = (rolId: number | string | null) => {
    const next = { ...list.filterValues };
    if (rolId === null || rolId === '') delete next.rolId;
    else next.rolId = rolId;
    list.setFilters(next, undefined, false);
  };
  return (
    <Autocomplete
      autoHighlight
      sx={{ width: 220 }}
      options={choices.length ? [all, ...choices] : []}
      value={value}
      loading={roles.isPending}
      loadingText="Cargando…"
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => String(a.id) === String(b.id)}
      disableClearable={value.id === ''}
      onChange={(_, choice) => set(choice ? choice.id : null)}
      renderInput={(params) => <TextField {...params} label="Rol" placeholder="Filtrar resultados" size="small" />}
    />
  );
}

const currentQuery = (list: ReturnType<typeof useListContext>) => ({ ...list.filter, ...list.filterValues, sort: list.sort.field, order: list.sort.order });

/** The export fields of spec 3 §3, for the .xls of every user of the filter. */
const EXPORT_COLUMNS = WEB_USER_EXPORT.map((f) => ({ source: f.label, label: f.label, value: (r: RaRecord) => f.value(r as unknown as WebUser) }));

/** The filter as CSV, written by the server a page at a time (GET /web-users/csv). */
function CsvButton() {
  const list = useListContext();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const run = async () => {
    setBusy(true);
    try {
      const blob = await request<Blob>('/web-users/csv', { query: currentQuery(list) });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `${usersExportName()}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (error) {
      setErrors([EXPORT_FAILED, ...errorMessages(error)]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} /> : <FileDownloadIcon />} onClick={run} disabled={!list.total || busy}>
        {busy ? 'Descargando…' : 'CSV'}
      </Button>
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
    </>
  );
}

/** The users list's extras: role filter, 'Buscar', the two exports and the bulk import. */
export function UserListActions() {
  const list = useListContext();
  const navigate = useNavigate();
  return (
    <>
      <RoleFilter />
      <Button variant="contained" color="secondary" startIcon={<SearchIcon />} onClick={() => list.refetch()}>
        Buscar
      </Button>
      <ExcelButton columns={EXPORT_COLUMNS} fileName={() => `${usersExportName()}.xls`} />
      <CsvButton />
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => navigate('/web-users/massive')}>
        Carga masiva
      </Button>
    </>
  );
}
