import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Alert, Box, Button, Card, CardContent, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { CLIENTS_CSV_TEXT, clientCsvTemplate } from '../../../domain/clientsCsv';
import { CSV_TEXT } from '../../../domain/locationsCsv';
import { type UploadProgress, uploadWithProgress } from '../../dataProvider/upload';
import { errorMessages } from '../../ui/dialogs';
import { FileDropZone, FilePanel, type FileKind } from '../../ui/upload/FileDropZone';

const CSV_KIND: FileKind = {
  extensions: ['csv'],
  types: ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'],
  pickerError: CSV_TEXT.unsupportedType,
  dropError: CSV_TEXT.unsupportedDrop,
};

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([clientCsvTemplate()], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: CLIENTS_CSV_TEXT.fileName });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

type Outcome = { kind: 'done'; message: string } | { kind: 'refused'; message: string; lines: string[] } | null;

/**
 * 'Carga de clientes' (spec 1 §2.4; its content is not shown): the template with the client form's
 * columns, the file, the upload with its progress, and 'Estado' with every bad line. All rows or none.
 */
export function ClientUploadPage() {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const upload = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('csvFile', file, file.name);
    setOutcome(null);
    setProgress({ phase: 'upload', fraction: 0 });
    try {
      const answer = await uploadWithProgress<{ message: string }>('/clients/massive', form, setProgress, 'core');
      setOutcome({ kind: 'done', message: answer.message });
      setFile(null);
    } catch (error) {
      const body = (error as { body?: { lines?: string[] } }).body;
      const [message, ...rest] = errorMessages(error);
      setOutcome({ kind: 'refused', message, lines: body?.lines ?? rest });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 1100 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
            {CLIENTS_CSV_TEXT.title}
          </Typography>
          <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={downloadTemplate}>
            DESCARGAR CSV
          </Button>
        </Box>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {CLIENTS_CSV_TEXT.help}
        </Typography>
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
            {outcome?.kind === 'done' && <Alert severity="success">{outcome.message}</Alert>}
            {outcome?.kind === 'refused' && (
              <>
                <Alert severity="error" sx={{ mb: 1 }}>
                  {outcome.message}
                </Alert>
                <Box component="ul" aria-label="Errores del archivo" sx={{ m: 0, pl: 2, maxHeight: 360, overflow: 'auto', fontFamily: 'monospace', fontSize: 13 }}>
                  {outcome.lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </Box>
              </>
            )}
            {outcome === null && <Typography color="text.secondary">{CLIENTS_CSV_TEXT.placeholder}</Typography>}
          </Paper>
        </Box>
      </CardContent>
    </Card>
  );
}
