import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Button, CircularProgress } from '@mui/material';
import { useDataProvider, useListContext, useNotify, useResourceContext } from 'ra-core';
import { useState } from 'react';
import { ErrorDialog, errorMessages, EXPORT_FAILED } from '../dialogs';
import { useExportRun, wasCancelled } from '../useAbortOnLeave';
import { type ExportColumn, exportToExcel } from './exportExcel';
import { downloadedText } from './pagerText';

interface Props {
  columns: ExportColumn[];
  /** The file's name with its extension (.xlsx or .xls); a function is called when the download starts. */
  fileName: string | (() => string);
  disabled?: boolean;
}

/**
 * Downloads every record of the list's current filter, a page at a time, showing its progress; 'Cancelar'
 * (or leaving the list) stops it and saves nothing.
 */
export function ExcelButton({ columns, fileName, disabled }: Props) {
  const list = useListContext();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const { progress, setProgress, trigger, stopper, start, cancel } = useExportRun();
  const [errors, setErrors] = useState<string[]>([]);
  const run = async () => {
    setProgress(0);
    try {
      const count = await exportToExcel({
        dataProvider,
        resource,
        filter: { ...list.filter, ...list.filterValues },
        sort: list.sort as { field: string; order: 'ASC' | 'DESC' },
        columns,
        fileName: typeof fileName === 'function' ? fileName() : fileName,
        onProgress: setProgress,
        signal: start(),
      });
      notify(downloadedText(count), { type: 'success' });
    } catch (error) {
      if (wasCancelled(error)) return;
      setErrors([EXPORT_FAILED, ...errorMessages(error)]);
    } finally {
      setProgress(null);
    }
  };
  return (
    <>
      <Button
        ref={trigger}
        variant="outlined"
        startIcon={progress === null ? <FileDownloadIcon /> : <CircularProgress size={16} />}
        onClick={run}
        disabled={disabled || !list.total || progress !== null}
      >
        {progress === null ? 'Excel' : `Descargando ${Math.round(progress * 100)}%`}
      </Button>
      {progress !== null && (
        <Button ref={stopper} onClick={cancel}>
          Cancelar
        </Button>
      )}
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
    </>
  );
}
