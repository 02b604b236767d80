import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { ASSIGN_TEXT } from '../../../../domain/assignment';
import { MOVE_FORM_TEXT } from '../../../../domain/move-forms';
import { formatCount } from '../../../../domain/numbers';
import { personMatch } from '../../../../domain/people';
import { ROLE } from '../../../../domain/roles';
import { ConfirmDialog, ErrorDialog, errorMessages, SuccessDialog } from '../../../ui/dialogs';
import { SelectInput } from '../../../ui/form/inputs';
import { useMoveAction, usePeople } from '../shared';

interface Answer {
  updated: number;
  skipped: number;
}

/** Mass assignment of the selected moves, or of all the filtered ones, to a quality agent. */
export function MassAssignDialog({ query, selected, count, estimated = false, onClose }: { query: Record<string, unknown>; selected: number[]; count: number; estimated?: boolean; onClose: (done: boolean) => void }) {
  const filtered = estimated ? `aprox. ${formatCount(count)}` : formatCount(count);
  const agents = usePeople(ROLE.ADMIN);
  const form = useForm<{ agentId: number | null }>({ defaultValues: { agentId: null } });
  const agentId = useWatch({ control: form.control, name: 'agentId' });
  const [scope, setScope] = useState<'selected' | 'all'>(selected.length ? 'selected' : 'all');
  const [step, setStep] = useState<'choose' | 'confirm' | 'busy'>('choose');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const act = useMoveAction();
  const agent = agents.data?.find((a) => a.id === agentId);

  const next = () => {
    if (!agentId) {
      form.setError('agentId', { message: MOVE_FORM_TEXT.pickAgent });
      return;
    }
    setStep('confirm');
  };
  const assign = async () => {
    setStep('busy');
    try {
      const body = scope === 'selected' ? { userMovesIds: selected, assignedAgentId: agentId } : { filter: query, assignedAgentId: agentId };
      setAnswer(await act<Answer>('massive', body));
    } catch (error) {
      setErrors(errorMessages(error));
      setStep('choose');
    }
  };

  if (answer) {
    const skipped = answer.skipped ? ` ${ASSIGN_TEXT.skipped(answer.skipped)}` : '';
    return <SuccessDialog open title={ASSIGN_TEXT.assignedTitle(answer.updated)} message={`${ASSIGN_TEXT.assigned(answer.updated, agent?.name ?? '')}${skipped}`} onClose={() => onClose(true)} />;
  }
  return (
    <>
      <Dialog open={step === 'choose'} onClose={() => onClose(false)} aria-labelledby="assign-title" fullWidth maxWidth="sm">
        <DialogTitle id="assign-title">Asignar agente de calidad</DialogTitle>
        <DialogContent>
          <FormProvider {...form}>
            <SelectInput name="agentId" label="Agente de calidad" choices={agents.data ?? []} loading={agents.isPending} matches={personMatch} onChange={() => form.clearErrors('agentId')} />
          </FormProvider>
          <RadioGroup aria-label="Moves a asignar" value={scope} onChange={(e) => setScope(e.target.value as 'selected' | 'all')}>
            <FormControlLabel value="selected" control={<Radio />} disabled={!selected.length} label={`Las moves seleccionadas (${formatCount(selected.length)})`} />
            <FormControlLabel value="all" control={<Radio />} label={`Todas las moves del filtro (${filtered})`} />
          </RadioGroup>
          {form.formState.errors.agentId && (
            <Typography color="error" variant="body2" role="alert">
              {form.formState.errors.agentId.message}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)}>Cancelar</Button>
          <Button variant="contained" onClick={next}>
            Asignar
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={step !== 'choose'}
        title={MOVE_FORM_TEXT.assigning(agent?.name ?? '')}
        content={`${scope === 'selected' ? ASSIGN_TEXT.willAssign(selected.length) : ASSIGN_TEXT.willAssign(count, estimated)} Las que estén aprobadas, desaprobadas, rechazadas, devueltas o canceladas no cambian de agente.`}
        busy={step === 'busy'}
        onConfirm={assign}
        onClose={() => setStep('choose')}
      />
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
    </>
  );
}
