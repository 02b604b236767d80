/**
 * A CSV bulk load's working area (points of sale, clients): the file picked or dropped, its upload with
 * progress, and the 'Estado' panel with the server's answer (a success, or every bad line).
 */
import { Alert, Box, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { CSV_TEXT, MAX_CSV_BYTES } from '../../../domain/locationsCsv';
import { type UploadProgress, uploadWithProgress } from '../../dataProvider/upload';
import { errorMessages } from '../dialogs';
import { FileDropZone, FilePanel, type FileKind } from './FileDropZone';

export const CSV_KIND: FileKind = {
  extensions: ['csv'],
  types: ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'],
  pickerError: CSV_TEXT.unsupportedType,
  dropError: CSV_TEXT.unsupportedDrop,
  maxBytes: MAX_CSV_BYTES,
};

/** Saves a text as a CSV file (a template), UTF-8. */
export function downloadCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

type Outcome = { kind: 'done'; message: string; lines: string[] } | { kind: 'refused'; message: string; lines: string[] } | null;

interface Props {
  /** Where the file goes (multipart, field `csvFile`) and what else the form carries; null: not yet (a field missing, said by `check`). */
  target: () => { path: string; fields?: Record<string, string> } | null;
  placeholder: string;
  /** After a load that wrote its rows (a list to refresh). */
  onDone?: () => void;
  /** Told when an upload starts and ends: the screen keeps what goes with the file (its client) still meanwhile. */
  onBusy?: (busy: boolean) => void;
}

export function CsvUpload({ target, placeholder, onDone, onBusy }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgressState] = useState<UploadProgress | null>(null);
  const setProgress = (next: UploadProgress | null) => {
    setProgressState(next);
    onBusy?.(next !== null);
  };
  const [outcome, setOutcome] = useState<Outcome>(null);

  const upload = async () => {
    const to = target();
    if (!file || !to) return;
    const form = new FormData();
    for (const [name, value] of Object.entries(to.fields ?? {})) form.append(name, value);
    form.append('csvFile', file, file.name);
    setOutcome(null);
    setProgress({ phase: 'upload', fraction: 0 });
    try {
      // `lines`: rows that were not written and why (points of sale the client already had).
      const answer = await uploadWithProgress<{ message: string; lines?: string[] }>(to.path, form, setProgress, 'core');
      setOutcome({ kind: 'done', message: answer.message, lines: answer.lines ?? [] });
      setFile(null);
      onDone?.();
    } catch (error) {
      const body = (error as { body?: { lines?: string[] } }).body;
      const [message, ...rest] = errorMessages(error);
      setOutcome({ kind: 'refused', message, lines: body?.lines ?? rest });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <FileDropZone
          kind={CSV_KIND}
          pickLabel="ADJUNTAR CSV"
          disabled={progress !== null}
          onFile={(picked) => {
            setFile(picked);
            setOutcome(null);
          }}
        />
        {file && <FilePanel file={file} onUpload={upload} progress={progress} uploadLabel="Subir" />}
      </Box>
      <Paper variant="outlined" sx={{ p: 2, minHeight: 200 }} component="section" aria-label="Estado">
        <Typography variant="h6" component="h2" gutterBottom>
          Estado
        </Typography>
        {outcome?.kind === 'done' && (
          <>
            <Alert severity={outcome.lines.length ? 'info' : 'success'} sx={{ mb: 1 }}>
              {outcome.message}
            </Alert>
            {outcome.lines.length > 0 && <Lines label="Filas que no se cargaron" lines={outcome.lines} />}
          </>
        )}
        {outcome?.kind === 'refused' && (
          <>
            <Alert severity="error" sx={{ mb: 1 }}>
              {outcome.message}
            </Alert>
            <Lines label="Errores del archivo" lines={outcome.lines} />
          </>
        )}
        {outcome === null && <Typography color="text.secondary">{placeholder}</Typography>}
      </Paper>
    </Box>
  );
}

/** The lines of the server's answer, one per line. */
function Lines({ label, lines }: { label: string; lines: string[] }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2, maxHeight: 360, overflow: 'auto', fontFamily: 'monospace', fontSize: 13 }}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </Box>
  );
}
