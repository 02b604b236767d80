import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import type { MoveDetail } from '../../../../domain/move-api';
import { MOVE_FORM_TEXT } from '../../../../domain/move-forms';
import { personMatch } from '../../../../domain/people';
import { ROLE } from '../../../../domain/roles';
import { ConfirmDialog } from '../../../ui/dialogs';
import type { Choice } from '../../../ui/form/inputs';
import { usePeople } from '../shared';
import type { Runner } from './useMove';

/** The quality agent of the move: a change asks 'Estas asignando a {name}'; locked once the move is resolved. */
export function AgentSelector({ move, enabled, hint, runner }: { move: MoveDetail; enabled: boolean; hint?: string; runner: Runner }) {
  const agents = usePeople(ROLE.ADMIN);
  const [pending, setPending] = useState<Choice | null>(null);
  const choices = agents.data ?? [];
  const current = choices.find((c) => c.id === move.assignedAgentId) ?? (move.assignedAgent ? { id: move.assignedAgent.id, name: move.assignedAgent.fullName } : null);
  return (
    <>
      <Autocomplete
        autoHighlight
        sx={{ width: 300 }}
        options={choices}
        value={current}
        // Each word typed at the start of a word of the name, in any order, as every people search (domain/people.ts).
        filterOptions={(all, { inputValue }) => all.filter((c) => personMatch(c.name, inputValue))}
        loading={agents.isPending}
        disabled={!enabled || runner.busy}
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        disableClearable={Boolean(current)}
        onChange={(_, choice) => choice && choice.id !== move.assignedAgentId && setPending(choice)}
        renderInput={(params) => <TextField {...params} label="Agente de calidad" placeholder="Filtrar resultados" size="small" helperText={hint} />}
      />
      <ConfirmDialog
        open={pending !== null}
        title={MOVE_FORM_TEXT.assigning(pending?.name ?? '')}
        content="El agente seleccionado quedará a cargo de la revisión de la move."
        busy={runner.busy}
        onClose={() => setPending(null)}
        onConfirm={async () => {
          await runner.run('edit', { id: move.id, assignedAgentId: pending!.id });
          setPending(null);
        }}
      />
    </>
  );
}
