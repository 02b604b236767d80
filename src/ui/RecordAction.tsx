import { Button, Switch } from '@mui/material';
import { type RaRecord, useNotify, useRefresh, useResourceContext } from 'ra-core';
import { type ReactNode, useState } from 'react';
import { useCampoDataProvider } from '../dataProvider/useCampoDataProvider';
import { ConfirmDialog, ErrorDialog, errorMessages } from './dialogs';

/** A data provider action of the resource: its name in the endpoint map and the body it sends. */
export interface ActionCall {
  action: string;
  body: unknown;
}

/**
 * Runs a resource action behind its confirmation dialog: asks, calls, tells the result and
 * refreshes the list; a refusal opens 'Ha ocurrido un error' with the server's words.
 */
function useConfirmedAction() {
  const resource = useResourceContext()!;
  const dataProvider = useCampoDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const run = async (call: ActionCall, done: string) => {
    setBusy(true);
    try {
      await dataProvider.action(resource, call.action, call.body);
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      setErrors(errorMessages(error));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return { asking, ask: () => setAsking(true), cancel: () => setAsking(false), busy, errors, clearErrors: () => setErrors([]), run };
}

interface StateSwitchProps {
  record: RaRecord;
  /** Whether the record is active (enabled) now. */
  active: boolean;
  /** The switch's accessible name: the action and the record's name, e.g. 'Activar/Desactivar Zona comercial'. */
  label: string;
  title: string;
  /** The confirmation's question, stating whether the record will be activated or deactivated. */
  question: (activate: boolean) => string;
  /** The action that activates (true) or deactivates (false) the record. */
  change: (activate: boolean, record: RaRecord) => ActionCall;
  done?: (activate: boolean) => string;
}

/** The activate / deactivate switch of a row, behind its confirmation dialog (spec 3 §4). */
export function StateSwitch({ record, active, label, title, question, change, done = (a) => (a ? 'Activado correctamente' : 'Desactivado correctamente') }: StateSwitchProps) {
  const { asking, ask, cancel, busy, errors, clearErrors, run } = useConfirmedAction();
  return (
    <>
      <Switch
        checked={active}
        onChange={ask}
        disabled={busy}
        slotProps={{ input: { 'aria-label': label } }}
        color="success"
      />
      <ConfirmDialog open={asking} title={title} content={question(!active)} busy={busy} onClose={cancel} onConfirm={() => run(change(!active, record), done(!active))} />
      <ErrorDialog messages={errors} onClose={clearErrors} />
    </>
  );
}

interface ConfirmedActionButtonProps {
  label: string;
  icon?: ReactNode;
  title: string;
  question: string;
  call: ActionCall;
  done: string;
  color?: 'primary' | 'error';
}

/** A row action that asks before it runs (e.g. ending a guideline's validity). */
export function ConfirmedActionButton({ label, icon, title, question, call, done, color = 'error' }: ConfirmedActionButtonProps) {
  const { asking, ask, cancel, busy, errors, clearErrors, run } = useConfirmedAction();
  return (
    <>
      <Button size="small" color={color} startIcon={icon} onClick={ask} disabled={busy}>
        {label}
      </Button>
      <ConfirmDialog open={asking} title={title} content={question} busy={busy} onClose={cancel} onConfirm={() => run(call, done)} />
      <ErrorDialog messages={errors} onClose={clearErrors} />
    </>
  );
}
