import EditLocationAltIcon from '@mui/icons-material/EditLocationAlt';
import { Alert, Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { type ReactNode, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { PROJECT_TEXT, type ProjectRecord } from '../../../domain/projects';
import { isoDate } from '../../../domain/projectVisits';
import { formatCount } from '../../../domain/numbers';
import { cellText } from '../../../domain/validation';
import { useField } from '../../ui/form/inputs';
import { sortRecords } from '../../ui/table/localSort';
import { Pagination } from '../../ui/table/Pagination';
import { SortableHeading, type TableSort } from '../../ui/table/SortableHeading';
import { ClientLocationsTable } from './ClientLocationsTable';
import { ROOT } from './values';

/** Spec 3 §9: the project locations table pages by 5, 10 or 20 (5 first in the form, 20 on 'Agregar/Quitar locaciones'). */
export const PROJECT_LOCATION_PAGE_SIZES = [5, 10, 20] as const;

/** ADD: the client's locations to choose, filtered by their code (case-insensitive). */
export function LocationPicker() {
  const { field, shownError } = useField('locations');
  const { setValue } = useFormContext();
  const [clientId, startDate, endDate] = useWatch({ name: ['clientId', 'startDate', 'endDate'] }) as [number | null, string, string];
  const selected = new Set((field.value ?? []) as number[]);
  const from = isoDate(startDate);
  const to = isoDate(endDate);
  return (
    <Section title="Locaciones">
      {clientId === null ? (
        <Typography variant="body2" color="text.secondary">
          Elija un cliente para ver sus locaciones.
        </Typography>
      ) : (
        <ClientLocationsTable
          clientId={clientId}
          selected={selected}
          onChange={(next) => {
            setValue('locations', [...next], { shouldDirty: true, shouldValidate: true, shouldTouch: true });
          }}
          filterField="clientLocationId"
          filterLabel="Filtrar por código de locación"
          perPageOptions={PROJECT_LOCATION_PAGE_SIZES}
          perPage={5}
          dates={from && to && from <= to ? { from, to } : null}
        />
      )}
      {shownError && (
        <Typography role="alert" color="error" variant="body2">
          {shownError}
        </Typography>
      )}
    </Section>
  );
}

/** Duplicate: the copy takes the original's active locations, and says how many inactive ones it leaves. */
export function DuplicatedLocations({ count, inactive }: { count: number; inactive: number }) {
  return (
    <Section title="Locaciones">
      {count > 0 ? <Alert severity="info">{PROJECT_TEXT.duplicatedLocations(count)}</Alert> : <Alert severity="warning">{PROJECT_TEXT.noActiveToCopy}</Alert>}
      {count > 0 && inactive > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {PROJECT_TEXT.inactiveNotCopied(inactive)}
        </Alert>
      )}
    </Section>
  );
}

/** The project's locations' headings, each sorting by its field. */
const LIST_HEADINGS = [
  ['Código', 'clientLocationId'],
  ['Nombre', 'fullName'],
  ['Calle', 'street'],
  ['Ciudad', 'city'],
  ['Visitas', 'visits'],
  ['Visitas publicadas', 'availableVisits'],
] as const;

/** EDIT / VIEW: the project's locations with their visits, sortable by each column; in EDIT, the way to 'Agregar/Quitar locaciones'. */
export function ProjectLocationsList({ record, canChange }: { record: ProjectRecord; canChange: boolean }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(5);
  // As the project lists them until a heading asks for another order (all of them are here: sorted in the browser).
  const [sort, setSort] = useState<TableSort>();
  const ordered = useMemo(() => (sort ? sortRecords(record.locations, sort) : record.locations), [record.locations, sort]);
  const rows = ordered.slice((page - 1) * perPage, page * perPage);
  return (
    <Section title={`Locaciones (${formatCount(record.locationsCount)})`}>
      {canChange && (
        <Box sx={{ mb: 1 }}>
          <Button startIcon={<EditLocationAltIcon />} onClick={() => navigate(`${ROOT}/edit/${record.id}/locations`)}>
            Agregar/Quitar locaciones
          </Button>
        </Box>
      )}
      <Table size="small" aria-label="Locaciones del proyecto">
        <TableHead>
          <TableRow>
            {LIST_HEADINGS.map(([label, field]) => (
              <SortableHeading key={field} label={label} field={field} sort={sort} onSort={(next) => (setSort(next), setPage(1))} />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((l) => (
            <TableRow key={l.id}>
              <TableCell>{cellText(l.clientLocationId)}</TableCell>
              <TableCell>
                {l.fullName}
                {/* Deactivated since it joined the project: it keeps its visits, and a copy leaves it out. */}
                {!l.active && (
                  <Typography component="span" variant="body2" color="warning.main" sx={{ ml: 1 }}>
                    (inactiva)
                  </Typography>
                )}
              </TableCell>
              <TableCell>{cellText(l.street)}</TableCell>
              <TableCell>{cellText(l.city)}</TableCell>
              <TableCell>{formatCount(l.visits)}</TableCell>
              <TableCell>{formatCount(l.availableVisits)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination
        page={page}
        perPage={perPage}
        total={record.locations.length}
        options={PROJECT_LOCATION_PAGE_SIZES}
        setPage={setPage}
        setPerPage={(n) => {
          setPerPage(n);
          setPage(1);
        }}
      />
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
