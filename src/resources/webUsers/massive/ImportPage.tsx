import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Box, Button, Card, CardContent, IconButton, Typography } from '@mui/material';
import { useNotify } from 'ra-core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  BULK_COLUMNS,
  BULK_SHEET,
  BULK_TEMPLATE,
  type BulkAnswer,
  type BulkResult,
  type BulkRow,
  IMPORT_TEXT,
  MAX_BULK_BYTES,
  readBulkFile,
  type SheetReader,
  validateRows,
} from '../../../../domain/webUsersImport';
import { request } from '../../../dataProvider/http';
import { type UploadProgress, type UploadRefusal, uploadWithProgress } from '../../../dataProvider/upload';
import { TIMEOUT_MS } from '../../../config';
import { ClientPicker, useClient } from '../../../ui/ClientPicker';
import { ConfirmDialog, ErrorDialog, EXPORT_FAILED } from '../../../ui/dialogs';
import { UploadProgressBar } from '../../../ui/upload/FileDropZone';
import { fileTooLarge } from '../../../../domain/validation';
import { FileInfoPanel, ResultsTable, type StatusLine, StatusPanel } from './panels';
import { ScreenTitle } from '../../../ui/ScreenTitle';
import { useConfirmLeave } from '../../../ui/form/useConfirmLeave';
import { useLeftSince } from '../../../ui/upload/useLeftSince';
import { CSV_TEXT } from '../../../../domain/locationsCsv';

/** Row errors shown in the status panel; the rest are counted. */
const SHOWN_ROW_ERRORS = 20;

async function downloadTemplate() {
  const XLSX = await import('xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[...BULK_COLUMNS]]), BULK_SHEET);
  XLSX.writeFile(book, BULK_TEMPLATE);
}

/**
 * Bulk import of web users (spec 3 §2, §5): the file is read and checked here, in the browser;
 * the server reads and checks it again and writes every row or none.
 */
export function ImportPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [clientId, setClientId] = useState<number | null>(null);
  const client = useClient(clientId);
  const [sheet, setSheet] = useState<{ error: string } | { rows: BulkRow[] } | null>(null);
  const [reading, setReading] = useState(false);
  const [asking, setAsking] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [outcome, setOutcome] = useState<{ answer: BulkAnswer; written: boolean } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [templateErrors, setTemplateErrors] = useState<string[]>([]);
  const uploading = useRef(false);
  // Leaving while the file loads asks first, as the CSV loads do; left anyway, the server still ends the load
  // and its outcome comes as a notice (a refusal too: before, only a success was told, and a refused file
  // left the user believing it loaded).
  const leftSince = useLeftSince();
  const leaveGuard = useConfirmLeave(() => progress !== null, { anyNavigation: true, question: CSV_TEXT.leaveWhileLoading });

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setOutcome(null);
    setServerError(null);
    // The server takes no more than this: said now, not after the whole file went up.
    if (chosen.size > MAX_BULK_BYTES) {
      setSheet({ error: fileTooLarge(MAX_BULK_BYTES) });
      return;
    }
    setReading(true);
    try {
      const XLSX = await import('xlsx');
      setSheet(readBulkFile(XLSX as unknown as SheetReader, chosen.name, new Uint8Array(await chosen.arrayBuffer())));
    } catch (error) {
      // The reader could not load (a new version deployed meanwhile, the network) or read the file: said in 'Estado'.
      console.error('xlsx read failed', error);
      setSheet({ error: IMPORT_TEXT.unreadable });
    } finally {
      setReading(false);
    }
  };

  // The same row checks as the server's, the e-mails already taken asked of it: every row's problem is
  // said before the upload (a taken one was said only after it, and the file went up twice).
  const rows = sheet && 'rows' in sheet ? sheet.rows : null;
  const emails = useMemo(() => rows?.map((r) => String(r.email ?? '').trim()).filter(Boolean) ?? [], [rows]);
  const takenCheck = useQuery({
    queryKey: ['web-users', 'taken-emails', emails],
    queryFn: async ({ signal }) => new Set((await request<{ taken: string[] }>('/web-users/taken-emails', { method: 'POST', body: { emails }, signal })).taken),
    enabled: emails.length > 0,
    // Not asked again while the file is chosen; a failed check leaves it to the load's own (it is said then).
    staleTime: Infinity,
    retry: false,
  });
  const taken = takenCheck.data;
  const checking = emails.length > 0 && takenCheck.isPending;
  const checked = useMemo(() => (rows ? validateRows(rows, clientId ?? 0, taken ?? new Set(), '') : null), [rows, clientId, taken]);

  // After an upload the panel tells its outcome, and the file is spent: another upload needs a file chosen again.
  const uploaded = Boolean(outcome || serverError);
  const lines: StatusLine[] = [];
  const rowErrors = (results: readonly BulkResult[]) => {
    const failures = results.filter((r) => !r.ok);
    for (const r of failures.slice(0, SHOWN_ROW_ERRORS)) lines.push({ text: `Fila ${r.row}: ${r.message}`, tone: 'error' });
    if (failures.length > SHOWN_ROW_ERRORS) lines.push({ text: IMPORT_TEXT.moreRowErrors(failures.length - SHOWN_ROW_ERRORS), tone: 'error' });
    return failures.length;
  };
  if (outcome) {
    lines.push({ text: outcome.answer.message, tone: outcome.written ? 'ok' : 'error' });
    rowErrors(outcome.answer.results);
  } else if (serverError) {
    lines.push({ text: serverError, tone: 'error' });
  } else {
    if (sheet && 'error' in sheet) lines.push({ text: sheet.error, tone: 'error' });
    if (checked && !rowErrors(checked.results)) lines.push(checking ? { text: IMPORT_TEXT.checkingEmails, tone: 'info' } : { text: IMPORT_TEXT.ready(checked.results.length), tone: 'ok' });
  }
  if (uploaded) lines.push({ text: IMPORT_TEXT.chooseAgain, tone: 'info' });
  else if (file && clientId === null) lines.push({ text: IMPORT_TEXT.clientRequired, tone: 'info' });

  const canUpload = Boolean(file && clientId !== null && checked && checked.failed === 0 && !uploaded && !progress && !reading && !checking);
  const clientName = client.data?.name ?? '';

  const upload = async () => {
    setAsking(false);
    // Once: a second 'Confirmar' (a double click during the dialog's fade) would upload the file again.
    if (!file || clientId === null || uploading.current) return;
    uploading.current = true;
    const form = new FormData();
    form.append('clientId', String(clientId));
    form.append('file', file);
    setProgress({ phase: 'upload', fraction: 0 });
    const left = leftSince();
    try {
      // The bulk loads' time (core's two minutes), not main's 30 s: 10.000 rows took 15 s on a busy demo.
      const answer = await uploadWithProgress<BulkAnswer>('/web-users/massive', form, setProgress, 'main', { timeoutMs: TIMEOUT_MS.core });
      setOutcome({ answer, written: true });
      notify(answer.message, { type: 'success' });
    } catch (error) {
      const body = (error as UploadRefusal).body as Partial<BulkAnswer> & { message: string };
      const message = body?.message ?? (error as Error).message;
      if (left()) notify(`${file.name}: ${message}`, { type: 'error', autoHideDuration: null });
      if (body?.results) setOutcome({ answer: body as BulkAnswer, written: false });
      else setServerError(message);
    } finally {
      uploading.current = false;
      setProgress(null);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 1100 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <IconButton aria-label="Volver" onClick={() => navigate('/web-users')}>
            <ArrowBackIcon />
          </IconButton>
          <ScreenTitle>Carga masiva de usuarios</ScreenTitle>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()} disabled={Boolean(progress)}>
            Elegir archivo
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            data-testid="file-input"
            accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <ClientPicker
            label="Cliente"
            emptyLabel="Sin Selección"
            activeOnly
            value={clientId}
            onChange={setClientId}
            disabled={Boolean(progress)}
          />
          <Button variant="contained" startIcon={<CloudUploadIcon />} disabled={!canUpload} onClick={() => setAsking(true)}>
            Subir
          </Button>
          <Button startIcon={<FileDownloadIcon />} onClick={() => downloadTemplate().catch(() => setTemplateErrors([EXPORT_FAILED]))}>
            Descargar plantilla
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Columnas de la hoja, en este orden: {BULK_COLUMNS.join(', ')}. En Rol va el número o el nombre del rol: {IMPORT_TEXT.clientRoles}. Los usuarios creados reciben una contraseña
          aleatoria que nadie conoce: ingresan por primera vez con «¿Olvidó su contraseña? Recuperar».
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mb: 2 }}>
          <FileInfoPanel file={file} rows={rows ? rows.length : null} />
          <StatusPanel lines={reading ? [{ text: 'Leyendo el archivo…', tone: 'info' }] : lines} />
        </Box>
        <UploadProgressBar progress={progress} />
        {/* The outcome's sentence is the status panel's first line: said once. */}
        {outcome && <ResultsTable results={outcome.answer.results} written={outcome.written} />}
      </CardContent>
      <ConfirmDialog
        open={asking}
        title="Confirmar carga"
        content={IMPORT_TEXT.confirm(rows?.length ?? 0, clientName)}
        onClose={() => setAsking(false)}
        onConfirm={() => void upload()}
      />
      <ErrorDialog messages={templateErrors} onClose={() => setTemplateErrors([])} />
      {leaveGuard.dialog}
    </Card>
  );
}
