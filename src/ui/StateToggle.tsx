import { Button } from '@mui/material';
import { type RaRecord, useNotify, useRefresh, useResourceContext } from 'ra-core';
import { useState } from 'react';
import { useCampoDataProvider } from '../dataProvider/useCampoDataProvider';
import { ConfirmDialog, ErrorDialog, errorMessages } from './dialogs';

interface Props {
  record: RaRecord;
  field: string;
  /** The confirmation's title and question, e.g. 'Confirmación' / '¿Está seguro…?'. */
  title: string;
  question: string;
  /** The data provider action that sets the state: it receives `{ id, [field]: next }`. */
  action: string;
  /** The record's name, in the button's accessible name ('Desactivar Café del Plata'): a list of 'Desactivar' told a screen reader nothing. */
  name?: string;
}

/** The activate / deactivate button of a row, behind its confirmation dialog (spec 1 §4). */
export function StateToggle({ record, field, title, question, action, name }: Props) {
  const resource = useResourceContext()!;
  const dataProvider = useCampoDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const active = Boolean(record[field]);
  const run = async () => {
    setBusy(true);
    try {
      await dataProvider.action(resource, action, { id: record.id, [field]: !active });
      notify(active ? 'Desactivado correctamente' : 'Activado correctamente', { type: 'success' });
      refresh();
    } catch (error) {
      setErrors(errorMessages(error));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" color={active ? 'error' : 'success'} onClick={() => setOpen(true)} aria-label={name ? `${active ? 'Desactivar' : 'Activar'} ${name}` : undefined}>
        {active ? 'Desactivar' : 'Activar'}
      </Button>
      <ConfirmDialog open={open} title={title} content={question} busy={busy} onClose={() => setOpen(false)} onConfirm={run} />
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
    </>
  );
}
