import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { BulkResult } from '../../../../domain/webUsersImport';
import { formatDisplayDate } from '../../../../domain/validation';
import { formatCount, formatFileSize } from '../../../../domain/numbers';

/** The file-info panel: what was chosen, how big, and how many rows it holds. */
export function FileInfoPanel({ file, rows }: { file: File | null; rows: number | null }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Información del archivo">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Información del archivo
      </Typography>
      {file ? (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <InsertDriveFileIcon color="primary" />
          <Box>
            <Typography>{file.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatFileSize(file.size)} · modificado el {formatDisplayDate(new Date(file.lastModified).toISOString(), true)}
            </Typography>
            {rows !== null && (
              <Typography variant="body2" color="text.secondary">
                Filas de usuarios: {formatCount(rows)}
              </Typography>
            )}
          </Box>
        </Box>
      ) : (
        <Typography color="text.secondary">Ningún archivo seleccionado.</Typography>
      )}
    </Paper>
  );
}

export interface StatusLine {
  text: string;
  tone: 'error' | 'ok' | 'info';
}

const COLOR = { error: 'error', ok: 'success.main', info: 'text.secondary' } as const;

/** The status panel: the checks' outcome, errors in red. */
export function StatusPanel({ lines }: { lines: StatusLine[] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Estado de la carga">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Estado
      </Typography>
      {lines.length === 0 && <Typography color="text.secondary">Elija un archivo y un cliente.</Typography>}
      {lines.map((line, i) => (
        <Typography key={i} color={COLOR[line.tone]} role={line.tone === 'error' ? 'alert' : 'status'}>
          {line.text}
        </Typography>
      ))}
    </Paper>
  );
}

/** Per-row results after an upload, each with its success or failure icon. */
export function ResultsTable({ results, written }: { results: BulkResult[]; written: boolean }) {
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader aria-label="Resultado por fila">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 56 }} />
            <TableCell>Fila</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Resultado</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {results.map((r) => (
            <TableRow key={r.row}>
              <TableCell>
                {!r.ok ? (
                  <CancelIcon color="error" titleAccess="Error" />
                ) : written ? (
                  <CheckCircleIcon color="success" titleAccess="Creado" />
                ) : (
                  <RemoveCircleOutlineIcon color="disabled" titleAccess="No guardado" />
                )}
              </TableCell>
              <TableCell>{r.row}</TableCell>
              <TableCell>{r.email || '-'}</TableCell>
              <TableCell sx={{ color: r.ok ? undefined : 'error.main' }}>{r.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
