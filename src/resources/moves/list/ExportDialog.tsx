import { Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { exportFileName, MOVE_FORM_TEXT } from '../../../../domain/move-forms';
import { USER_MOVES_PATHS } from '../../../dataProvider/endpoints/userMoves';
import { ErrorDialog } from '../../../ui/dialogs';
import { runExport } from '../export/runExport';
import { MOVE_LIST_HEADER } from './moveSheet';

const PAGE = 1000;

/**
 * Every move of the filter into an .xls named by the user: the export worker walks the list by keyset
 * (after the last move's id, in id order), so that a page deep in a million moves costs what the first does.
 */
export async function exportMoves(query: Record<string, unknown>, fileName: string, onProgress: (fraction: number) => void): Promise<void> {
  await runExport({
    fileName: `${fileName}.xls`,
    bookType: 'xls',
    sheets: [{ name: 'Moves', header: MOVE_LIST_HEADER }],
    list: {
      reader: 'moves',
      path: USER_MOVES_PATHS.list,
      query: { ...query, sort: 'id', order: 'ASC' },
      limit: PAGE,
    },
    onProgress,
  });
}

/** The export's file-name dialog ('Por favor seleccione un nombre', 'Solo letras, números y guiones') with its progress. */
export function ExportDialog({ query, count, estimated = false, onClose }: { query: Record<string, unknown>; count: number; estimated?: boolean; onClose: () => void }) {
  const [name, setName] = useState('moves');
  const [touched, setTouched] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const check = exportFileName.safeParse(name);
  const error = touched && !check.success ? check.error.issues[0].message : undefined;
  const run = async () => {
    setTouched(true);
    if (!check.success) return;
    setProgress(0);
    try {
      await exportMoves(query, name, setProgress);
      onClose();
    } catch (e) {
      console.error(e);
      setFailed(true);
    } finally {
      setProgress(null);
    }
  };
  return (
    <>
      <Dialog open onClose={progress === null ? onClose : undefined} aria-labelledby="export-title" fullWidth maxWidth="xs">
        <DialogTitle id="export-title">Exportar moves</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>{`Se exportarán las ${estimated ? `aprox. ${count.toLocaleString('es-AR')}` : count} moves del filtro a un archivo .xls.`}</Typography>
          <TextField
            label="Nombre del archivo"
            value={name}
            autoFocus
            fullWidth
            size="small"
            onChange={(e) => {
              setName(e.target.value);
              setTouched(true);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            disabled={progress !== null}
          />
          {progress !== null && (
            <>
              <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Progreso de la exportación" />
              <Typography variant="body2">{`Generando… ${Math.round(progress * 100)}%`}</Typography>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={progress !== null}>
            Cancelar
          </Button>
          <Button variant="contained" onClick={run} disabled={progress !== null || Boolean(error)}>
            Descargar
          </Button>
        </DialogActions>
      </Dialog>
      <ErrorDialog messages={failed ? [MOVE_FORM_TEXT.exportFailed] : []} onClose={() => setFailed(false)} />
    </>
  );
}
