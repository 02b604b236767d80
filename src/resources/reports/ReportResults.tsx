import DownloadIcon from '@mui/icons-material/Download';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  LinearProgress,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useNotify } from 'ra-core';
import { useRef, useState } from 'react';
import {
  CERTIFICATE_LEVEL_LABEL,
  certificateLevel,
  hasCertificate,
  type PerformanceAnswer,
  type PerformanceItem,
  REPORT_PAGE_SIZES,
  REPORT_SORT_CHOICES,
  REPORT_SORT_LABEL,
  REPORT_SORTS,
  REPORT_TEXT,
  reportSortOfChoice,
  type ReportSort,
  type ReportSortOrder,
} from '../../../domain/reports';
import { formatDisplayDate } from '../../../domain/validation';
import { Pagination } from '../../ui/table/Pagination';
import { SortableHeading } from '../../ui/table/SortableHeading';
import { downloadCertificate } from './certificate';
import { exportReport, type ReportFilter } from './excel';
import { ErrorDialog, errorMessages, EXPORT_FAILED } from '../../ui/dialogs';
import { downloadedText } from '../../ui/table/pagerText';
import { useExportRun, wasCancelled } from '../../ui/useAbortOnLeave';
import { useFocusBack } from '../../ui/focusBack';
import { STICKY_LAST_COLUMN } from '../../ui/table/stickyLastColumn';
import { ResultChip } from './ResultChip';
import { VisitDialog } from './VisitDialog';

/** The row's code, which opens its answers (VisitDialog). */
function CodeButton({ row, onOpen, prefix = '' }: { row: PerformanceItem; onOpen: (row: PerformanceItem) => void; prefix?: string }) {
  return (
    <Button size="small" variant="text" aria-label={REPORT_TEXT.seeAnswers(row.code)} onClick={() => onOpen(row)} sx={{ p: 0, minWidth: 0, textTransform: 'none', fontWeight: 600, textDecoration: 'underline', textAlign: 'start', justifyContent: 'flex-start' }}>
      {/* A code is one word: on a phone's card it read 'Código M-' over '0000459'. (One span around both:
          the button lays out its children as flex items, and the space after the prefix was lost.) */}
      <span>
        {prefix}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {row.code}
        </Box>
      </span>
    </Button>
  );
}

function CertificateButton({ row }: { row: PerformanceItem }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useFocusBack(busy, () => button.current);
  if (!hasCertificate(row.questionnaireResult)) return <span aria-label="Sin certificado">-</span>;
  const level = CERTIFICATE_LEVEL_LABEL[certificateLevel(row.questionnaireResult)];
  return (
    <Button
      ref={button}
      size="small"
      variant="outlined"
      disabled={busy}
      startIcon={<WorkspacePremiumIcon />}
      aria-label={`Descargar certificado ${level} de ${row.code}`}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadCertificate(row);
        } catch {
          notify('No se pudo generar el certificado.', { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      {`${REPORT_TEXT.certificate} ${level}`}
    </Button>
  );
}

/** The point of sale as a row names it: its name, and the client's own id for it in grey. */
function LocationName({ row }: { row: PerformanceItem }) {
  const { fullName, clientLocationId } = row.projectLocation.locations;
  return (
    <>
      {fullName}
      {/* A space, not only a margin: read as text, the two ran together ('Café del Plata PalermoCAF-001'). */}
      {clientLocationId && ' '}
      {clientLocationId && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
          {clientLocationId}
        </Typography>
      )}
    </>
  );
}

/**
 * Below 900 px (a phone, a tablet) each result is a card holding all five columns, so nothing needs a
 * sideways scroll (the table's date and result went out of sight behind the sticky certificate: at 768 px,
 * beside the sidebar, the result itself); 'Ordenar por' replaces the headers' sorting.
 */
function ResultCards({ rows, sort, setSort, onOpen }: { rows: PerformanceItem[]; sort: ReportSortOrder; setSort: (sort: ReportSortOrder) => void; onOpen: (row: PerformanceItem) => void }) {
  return (
    <>
      <TextField
        select
        size="small"
        label={REPORT_TEXT.sortBy}
        value={`${sort.field}:${sort.order}`}
        onChange={(event) => setSort(reportSortOfChoice(event.target.value))}
      >
        {REPORT_SORT_CHOICES.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
      <Box component="ul" aria-label="Resultados del reporte" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {rows.map((row) => (
          <Paper component="li" variant="outlined" key={row.id} sx={{ p: 1.5, display: 'grid', gridTemplateColumns: '1fr auto', gap: 0.5, alignItems: 'center' }}>
            <Typography variant="subtitle2" component="span">
              <CodeButton row={row} onOpen={onOpen} prefix={`${REPORT_TEXT.code} `} />
            </Typography>
            <Box sx={{ justifySelf: 'end' }}>
              <ResultChip result={row.questionnaireResult} />
            </Box>
            <Typography variant="body2" component="span" sx={{ gridColumn: '1 / -1', overflowWrap: 'anywhere' }}>
              <LocationName row={row} />
            </Typography>
            <Typography variant="body2" component="span" color="text.secondary">
              {`${REPORT_TEXT.visitDate}: ${formatDisplayDate(row.visitDate)}`}
            </Typography>
            <Box sx={{ justifySelf: 'end' }}>
              <CertificateButton row={row} />
            </Box>
          </Paper>
        ))}
      </Box>
    </>
  );
}

/** The headers, with the server's key each one sorts by (none for the certificate: it follows the result). */
const COLUMNS: { label: string; sort?: ReportSort }[] = [...REPORT_SORTS.map((sort) => ({ label: REPORT_SORT_LABEL[sort], sort })), { label: REPORT_TEXT.certificate }];

export function ReportResults({
  filter,
  names,
  answer,
  loading,
  kept,
  page,
  perPage,
  sort,
  setPage,
  setPerPage,
  setSort,
}: {
  filter: ReportFilter;
  /** The project's and point of sale's names as the filters offered them: the heading's when no row names them. */
  names: { project?: string; location?: string };
  answer: PerformanceAnswer | undefined;
  loading: boolean;
  /** The rows shown are the last page's, kept while the one asked for is on its way. */
  kept: boolean;
  page: number;
  perPage: number;
  sort: ReportSortOrder;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  setSort: (sort: ReportSortOrder) => void;
}) {
  const notify = useNotify();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { progress, setProgress, trigger, stopper, start, cancel } = useExportRun();
  const [exportErrors, setExportErrors] = useState<string[]>([]);
  const [opened, setOpened] = useState<PerformanceItem | null>(null);
  const rows = answer?.result ?? [];
  const total = answer?.total ?? 0;
  const projectName = rows[0]?.projectLocation.projects.name ?? names.project;
  const locationName = filter.clientLocationId ? (rows[0]?.projectLocation.locations.fullName ?? names.location) : undefined;
  const subject = [projectName, locationName].filter(Boolean).join(' · ');

  // As every export: its progress, 'Cancelar', the count written, and a failure in the error dialog.
  const onExport = async () => {
    setProgress(0);
    try {
      const count = await exportReport(filter, sort, { total, onProgress: setProgress, signal: start() });
      notify(downloadedText(count), { type: 'success' });
    } catch (error) {
      if (wasCancelled(error)) return;
      setExportErrors([EXPORT_FAILED, ...errorMessages(error)]);
    } finally {
      setProgress(null);
    }
  };
  const exporting = progress !== null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {/* On a phone 'Exportar Excel' goes below the heading, on the left: at the right it lay under the chat
          button just when the results appeared (the page still at its top), and a tap there opened the chat. */}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'flex-start', sm: 'center' }, gap: { xs: 1, sm: 2 } }}>
        <Box sx={{ flex: 1, minWidth: 0, alignSelf: { xs: 'stretch', sm: 'auto' } }}>
          <Typography variant="h6" component="h2">
            Resultados
          </Typography>
          {/* What the results are of, whole: the selects above may cut a long project's name. Said of a search
              without rows too (the names the filters offered), or 'Resultados' alone read as of nothing in particular. */}
          {subject && (
            <Typography variant="body2" color="text.secondary" data-testid="report-subject">
              {subject}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button ref={trigger} variant="outlined" startIcon={exporting ? <CircularProgress size={16} /> : <DownloadIcon />} disabled={!total || exporting} onClick={onExport}>
            {exporting ? `Descargando ${Math.round(progress * 100)}%` : REPORT_TEXT.excel}
          </Button>
          {exporting && (
            <Button ref={stopper} onClick={cancel}>
              Cancelar
            </Button>
          )}
        </Box>
      </Box>
      <ErrorDialog messages={exportErrors} onClose={() => setExportErrors([])} />
      {(loading || exporting) && <LinearProgress aria-label="Cargando resultados" />}
      {answer && !rows.length ? (
        <Alert severity="info">{REPORT_TEXT.empty}</Alert>
      ) : narrow ? (
        <ResultCards rows={rows} sort={sort} setSort={setSort} onOpen={setOpened} />
      ) : (
        // The certificate stays in sight if the table scrolls in a narrow window.
        <TableContainer sx={STICKY_LAST_COLUMN}>
          <Table size="small" aria-label="Resultados del reporte">
            <TableHead>
              <TableRow>
                {/* Another column starts ascending; the active one toggles (spec 3 §2, generic table). */}
                {COLUMNS.map((c) => (
                  <SortableHeading key={c.label} label={c.label} field={c.sort} sort={sort} onSort={setSort} />
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>
                    <CodeButton row={row} onOpen={setOpened} />
                  </TableCell>
                  <TableCell>
                    <LocationName row={row} />
                  </TableCell>
                  <TableCell>{formatDisplayDate(row.visitDate)}</TableCell>
                  <TableCell>
                    <ResultChip result={row.questionnaireResult} />
                  </TableCell>
                  <TableCell>
                    <CertificateButton row={row} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Pagination page={page} perPage={perPage} total={total} loading={loading && !answer} kept={kept} options={REPORT_PAGE_SIZES} setPage={setPage} setPerPage={setPerPage} />
      {opened && <VisitDialog code={opened.code} moveId={opened.id} clientId={filter.clientId} onClose={() => setOpened(null)} />}
    </Box>
  );
}
