import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import { Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import { type DragEvent, useRef, useState } from 'react';
import type { UploadProgress } from '../../dataProvider/upload';
import { fileTooLarge, refusedKind } from '../../../domain/validation';
import { formatFileSize } from '../../../domain/numbers';
import { ErrorDialog } from '../dialogs';

export interface FileKind {
  /** Extensions without the dot ('csv'). */
  extensions: string[];
  /** Types accepted for a file whose name has no extension. */
  types: string[];
  /** The picker's refusal, given the file's type ('{type} no es un formato soportado.'). */
  pickerError: (type: string) => string;
  /** The drop area's refusal ('Formato de archivo no soportado'). */
  dropError: string;
  /** The largest file the server takes: a larger one is refused when chosen, before any upload. */
  maxBytes: number;
}

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();

export function isAccepted(file: File, kind: FileKind): boolean {
  const ext = extensionOf(file.name);
  return ext ? kind.extensions.includes(ext) : kind.types.includes(file.type);
}

/** A button that picks a file and an area that takes a dropped one; both refuse other kinds. */
export function FileDropZone({ kind, pickLabel, onFile, disabled }: { kind: FileKind; pickLabel: string; onFile: (file: File) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [dropError, setDropError] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string[]>([]);

  const take = (file: File | undefined, from: 'picker' | 'drop') => {
    if (!file) return;
    if (!isAccepted(file, kind)) {
      if (from === 'picker') setPickError([kind.pickerError(refusedKind(file.name, file.type, kind.types))]);
      else setDropError(kind.dropError);
      return;
    }
    if (file.size > kind.maxBytes) {
      if (from === 'picker') setPickError([fileTooLarge(kind.maxBytes)]);
      else setDropError(fileTooLarge(kind.maxBytes));
      return;
    }
    setDropError(null);
    onFile(file);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) take(e.dataTransfer.files[0], 'drop');
  };

  return (
    <>
      <Paper
        variant="outlined"
        data-testid="drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{ p: 3, textAlign: 'center', borderStyle: 'dashed', borderWidth: 2, borderColor: over ? 'primary.main' : dropError ? 'error.main' : 'divider', bgcolor: over ? 'action.hover' : undefined }}
      >
        <CloudUploadIcon color={dropError ? 'error' : 'action'} sx={{ fontSize: 40 }} />
        <Typography color={dropError ? 'error' : 'text.secondary'} sx={{ mb: 2 }} role={dropError ? 'alert' : undefined}>
          {dropError ?? `Arrastre el archivo aquí (${kind.extensions.map((e) => `.${e}`).join(', ')}) o`}
        </Typography>
        <Button variant="contained" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()} disabled={disabled}>
          {pickLabel}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          data-testid="file-input"
          accept={[...kind.extensions.map((e) => `.${e}`), ...kind.types].join(',')}
          onChange={(e) => {
            take(e.target.files?.[0], 'picker');
            e.target.value = '';
          }}
        />
      </Paper>
      <ErrorDialog messages={pickError} onClose={() => setPickError([])} />
    </>
  );
}

/** The chosen file with its upload action and, while it goes, the upload's progress. */
export function FilePanel({ file, onUpload, progress, uploadLabel = 'Subir' }: { file: File; onUpload: () => void; progress: UploadProgress | null; uploadLabel?: string }) {
  const busy = progress !== null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Archivo adjunto">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <InsertDriveFileIcon color="primary" />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography noWrap>{file.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatFileSize(file.size)}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<CloudUploadIcon />} onClick={onUpload} disabled={busy}>
          {uploadLabel}
        </Button>
      </Box>
      <UploadProgressBar progress={progress} />
    </Paper>
  );
}

/** An upload's bar and words: its percentage while the file goes, then the server's work on it. */
export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  if (!progress) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <LinearProgress
        variant={progress.phase === 'upload' ? 'determinate' : 'indeterminate'}
        value={Math.round(progress.fraction * 100)}
        aria-label={progress.phase === 'upload' ? 'Subiendo el archivo' : 'Procesando el archivo'}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} role="status">
        {progress.phase === 'upload' ? `Subiendo… ${Math.round(progress.fraction * 100)}%` : 'Procesando el archivo en el servidor…'}
      </Typography>
    </Box>
  );
}
