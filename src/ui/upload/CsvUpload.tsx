/**
 * A CSV bulk load's working area (points of sale, clients): the file picked or dropped, its upload with
 * progress, and the 'Estado' panel with the server's answer (a success, or every bad line).
 */
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useNotify } from 'ra-core';
import { useState } from 'react';
import { CSV_TEXT, ERROR_LINES_LISTED, MAX_CSV_BYTES } from '../../../domain/locationsCsv';
import { type UploadProgress, uploadWithProgress } from '../../dataProvider/upload';
import { errorMessages } from '../dialogs';
import { saveBlob } from '../download';
import { useLeftSince } from './useLeftSince';
import { useConfirmLeave } from '../form/useConfirmLeave';
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
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}

type Outcome = { kind: 'done'; message: string; lines: string[] } | { kind: 'refused'; message: string; lines: string[]; count?: number } | null;

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
  // Leaving while the file loads asks first (the menu, Back, a reload); left anyway, the server still
  // finishes the load, and its answer comes as a notice, since 'Estado' is gone with the screen. Before,
  // a user who left never learned whether it loaded, and uploading it again was refused row by row.
  const notify = useNotify();
  const leftSince = useLeftSince();
  const leaveGuard = useConfirmLeave(() => progress !== null, { anyNavigation: true, question: CSV_TEXT.leaveWhileLoading });

  const upload = async () => {
    const to = target();
    if (!file || !to) return;
    const form = new FormData();
    for (const [name, value] of Object.entries(to.fields ?? {})) form.append(name, value);
    form.append('csvFile', file, file.name);
    setOutcome(null);
    setProgress({ phase: 'upload', fraction: 0 });
    const left = leftSince();
    try {
      // `lines`: rows that were not written and why (points of sale the client already had).
      const answer = await uploadWithProgress<{ message: string; lines?: string[] }>(to.path, form, setProgress, 'core');
      if (left()) notify(`${file.name}: ${answer.message}`, { type: 'success', autoHideDuration: null });
      setOutcome({ kind: 'done', message: answer.message, lines: answer.lines ?? [] });
      setFile(null);
      onDone?.();
    } catch (error) {
      const body = (error as { body?: { lines?: string[]; count?: number } }).body;
      const [message, ...rest] = errorMessages(error);
      if (left()) notify(`${file.name}: ${message}`, { type: 'error', autoHideDuration: null });
      setOutcome({ kind: 'refused', message, lines: body?.lines ?? rest, count: body?.count });
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
            <Lines label="Errores del archivo" lines={outcome.lines} count={outcome.count} download={file?.name ?? 'carga'} />
          </>
        )}
        {outcome === null && <Typography color="text.secondary">{placeholder}</Typography>}
      </Paper>
      {leaveGuard.dialog}
    </Box>
  );
}

/**
 * The lines of the server's answer, one per line: the first ERROR_LINES_LISTED, and past them how many
 * more and a button that saves them all as a text file (a file of thousands of bad rows is mended from
 * the whole list, not 500 at a time).
 */
function Lines({
  label,
  lines,
  count = lines.length,
  download,
}: {
  label: string;
  lines: string[];
  /** How many there are: the server sends at most MAX_ERROR_LINES_SENT of them. */
  count?: number;
  /** The uploaded file's name: the lines are a refusal's, listed in part and saved as sent. */
  download?: string;
}) {
  const listed = download !== undefined && lines.length > ERROR_LINES_LISTED ? lines.slice(0, ERROR_LINES_LISTED) : lines;
  const more = Math.max(count, lines.length) - listed.length;
  // Past what the server sends, the file says how many it leaves out.
  const unsent = count - lines.length;
  const saved = unsent > 0 ? [...lines, CSV_TEXT.moreErrors(unsent)] : lines;
  const save = () => saveBlob(new Blob([`\uFEFF${saved.join('\r\n')}\r\n`], { type: 'text/plain;charset=utf-8' }), `errores_${(download ?? '').replace(/\.csv$/i, '')}.txt`);
  return (
    <>
      <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2, maxHeight: 360, overflow: 'auto', fontFamily: 'monospace', fontSize: 13 }}>
        {listed.map((line) => (
          <li key={line}>{line}</li>
        ))}
        {more > 0 && <li>{CSV_TEXT.moreErrors(more)}</li>}
      </Box>
      {more > 0 && (
        <Button size="small" onClick={save} sx={{ mt: 1 }}>
          {CSV_TEXT.downloadLines}
        </Button>
      )}
    </>
  );
}
