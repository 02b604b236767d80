import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { exportFileName, MOVE_FORM_TEXT } from '../../../../domain/move-forms';
import { USER_MOVES_PATHS } from '../../../dataProvider/endpoints/userMoves';
import { ErrorDialog, errorMessages } from '../../../ui/dialogs';
import { ExportProgress } from '../../../ui/ExportProgress';
import { runExport } from '../export/runExport';
import { useAbortOnLeave, wasCancelled } from '../../../ui/useAbortOnLeave';
import { MOVE_LIST_FORMATS, moveListHeader } from './moveSheet';

/** A page of the export: also the most moves `amount-answers` takes in one call. */
const PAGE = 1000;
const AMOUNT_ANSWERS_PATH = '/questionnaires-replyeds/amount-answers';

/**
 * Every move of the filter into an .xls named by the user, in the order the list shows them (its sort, else
 * newest first): the export worker walks the list by keyset (after the last move's id, in that order), so
 * that a page deep in a million moves costs what the first does.
 * `withAmounts` adds each move's amount of answers ('Respuestas'), asked for page by page as the worker goes.
 */
export async function exportMoves(query: Record<string, unknown>, fileName: string, withAmounts: boolean, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<number> {
  return runExport({
    fileName: `${fileName}.xls`,
    bookType: 'xls',
    sheets: [{ name: 'Moves', header: moveListHeader(withAmounts), formats: MOVE_LIST_FORMATS }],
    list: {
      reader: 'moves',
      path: USER_MOVES_PATHS.list,
      // In the list's order (its column and direction), newest first when it has none.
      query: { sort: 'id', order: 'DESC', ...query },
      limit: PAGE,
      amountsPath: withAmounts ? AMOUNT_ANSWERS_PATH : undefined,
    },
    onProgress,
    signal,
  });
}

/**
 * The export's file-name dialog ('Por favor seleccione un nombre', 'Solo letras, números y guiones'), the
 * choice of the amounts of answers (off by default: one more call a page) and its progress.
 */
export function ExportDialog({ query, count, estimated = false, onClose }: { query: Record<string, unknown>; count: number; estimated?: boolean; onClose: () => void }) {
  const [name, setName] = useState('moves');
  const [touched, setTouched] = useState(false);
  const [withAmounts, setWithAmounts] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  // The generic message, then the server's reason when it gave one.
  const [failed, setFailed] = useState<string[] | null>(null);
  // The filter's moves may be gone by the time the export asks for them (another user's change).
  const [empty, setEmpty] = useState(false);
  const exporting = useAbortOnLeave();
  const check = exportFileName.safeParse(name);
  const error = touched && !check.success ? check.error.issues[0].message : undefined;
  const run = async () => {
    setTouched(true);
    if (!check.success) return;
    setProgress(0);
    try {
      if (await exportMoves(query, name, withAmounts, setProgress, exporting.start())) onClose();
      else setEmpty(true);
    } catch (e) {
      if (wasCancelled(e)) return;
      console.error(e);
      setFailed([MOVE_FORM_TEXT.exportFailed, ...errorMessages(e)]);
    } finally {
      setProgress(null);
    }
  };
  return (
    <>
      <Dialog open onClose={progress === null ? onClose : undefined} aria-labelledby="export-title" fullWidth maxWidth="xs">
        <DialogTitle id="export-title">Exportar moves</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>{MOVE_FORM_TEXT.willExport(count, estimated)}</Typography>
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
            // Enter downloads, as 'Descargar' does.
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || e.nativeEvent.isComposing || progress !== null) return;
              e.preventDefault();
              void run();
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            disabled={progress !== null}
          />
          <FormControlLabel
            control={<Checkbox checked={withAmounts} onChange={(e) => setWithAmounts(e.target.checked)} disabled={progress !== null} />}
            label="Incluir cantidad de respuestas"
          />
          {empty && (
            <Alert severity="info" role="status" sx={{ mb: 1 }}>
              {MOVE_FORM_TEXT.nothingToExport.moves}
            </Alert>
          )}
          <ExportProgress value={progress} />
        </DialogContent>
        <DialogActions>
          {/* While it runs, 'Cancelar' stops the export (nothing is saved) and closes. */}
          <Button onClick={() => (exporting.cancel(), onClose())}>Cancelar</Button>
          <Button variant="contained" onClick={run} disabled={progress !== null || Boolean(error)}>
            Descargar
          </Button>
        </DialogActions>
      </Dialog>
      <ErrorDialog messages={failed ?? []} onClose={() => setFailed(null)} />
    </>
  );
}
