import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, TextField } from '@mui/material';
import { useEffect } from 'react';
import { FormProvider, useForm, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { dateRangeProblems, minimumAttachmentsProblem, searchFilter } from '../../../../domain/move-forms';
import { MOVE_STATUS_LABEL, MOVE_STATUSES } from '../../../../domain/moves';
import { personMatch } from '../../../../domain/people';
import { ROLE } from '../../../../domain/roles';
import { parseDisplayDate } from '../../../../domain/validation';
import { USER_MOVES_PATHS } from '../../../dataProvider/endpoints/userMoves';
import { ClientInput } from '../../../ui/ClientPicker';
import { DateInput, SelectInput, TextInput } from '../../../ui/form/inputs';
import { GetterInput } from '../../../ui/getterPicker/GetterPicker';
import { ProjectInput } from '../../../ui/ProjectPicker';
import { useChoices, usePeople } from '../shared';

/** The agent filter's 'Sin agente': the moves no quality agent holds (`withoutAgent=true`). */
export const WITHOUT_AGENT = 'sin-agente';

/** What the filter form holds (dates typed DD/MM/YYYY). */
export interface MoveFilterValues {
  campaignsClientId: number | null;
  projectsId: number | null;
  statusId: string | null;
  userId: number | null;
  /** A quality agent, 'Sin agente' (`WITHOUT_AGENT`), or null for all. */
  assignedAgentId: number | typeof WITHOUT_AGENT | null;
  city: number | null;
  withMinimumAttachments: string;
  search: string;
  fromDate: string;
  toDate: string;
}

export const EMPTY_FILTERS: MoveFilterValues = {
  campaignsClientId: null,
  projectsId: null,
  statusId: null,
  userId: null,
  assignedAgentId: null,
  city: null,
  withMinimumAttachments: '',
  search: '',
  fromDate: '',
  toDate: '',
};

/** The list query of the form's values (spec 2 "Payload shapes for Moves"). */
export function toQuery(v: MoveFilterValues): Record<string, unknown> {
  const iso = (text: string) => {
    const parsed = parseDisplayDate(text);
    return 'date' in parsed ? parsed.date : undefined;
  };
  return {
    campaignsClientId: v.campaignsClientId ?? undefined,
    projectsId: v.projectsId ?? undefined,
    statusId: v.statusId ?? undefined,
    userId: v.userId ?? undefined,
    // A search kept from before the filter existed has no agent: all of them.
    ...(v.assignedAgentId === WITHOUT_AGENT ? { withoutAgent: true } : { assignedAgentId: v.assignedAgentId ?? undefined }),
    city: v.city ?? undefined,
    withMinimumAttachments: /^\d+$/.test(v.withMinimumAttachments.trim()) && Number(v.withMinimumAttachments) > 0 ? Number(v.withMinimumAttachments) : undefined,
    ...searchFilter(v.search),
    fromDate: v.fromDate.trim() ? iso(v.fromDate) : undefined,
    toDate: v.toDate.trim() ? iso(v.toDate) : undefined,
  };
}

/** The filters as text, field by field in a fixed order: equal for the same search whatever its object's key order. */
const filtersKey = (v: MoveFilterValues) => JSON.stringify(Object.fromEntries(Object.keys(EMPTY_FILTERS).map((k) => [k, v[k as keyof MoveFilterValues] ?? EMPTY_FILTERS[k as keyof MoveFilterValues]])));

const STATUS_CHOICES = MOVE_STATUSES.map((s) => ({ id: s, name: MOVE_STATUS_LABEL[s] }));

/**
 * The list's filters: 'Buscar' applies them (the date range needs both dates, the end not before the
 * start); 'Limpiar' empties them and `onClear` takes the results of the old ones away.
 */
export function MoveFilters({ initial, onSearch, onClear }: { initial: MoveFilterValues; onSearch: (values: MoveFilterValues) => void; onClear: () => void }) {
  const form = useForm<MoveFilterValues>({ defaultValues: initial });
  // The search the list applies can change without 'Buscar' here: the store is shared with the console's
  // other tabs, and a search there changes this list's rows. The fields then say that search; what is typed
  // and not yet searched stays while the applied one is the same (and after this tab's own 'Buscar').
  const applied = filtersKey(initial);
  useEffect(() => {
    if (filtersKey(form.getValues()) !== applied) form.reset(JSON.parse(applied) as MoveFilterValues);
  }, [applied, form]);
  const clientId = useWatch({ control: form.control, name: 'campaignsClientId' });
  const cities = useChoices(USER_MOVES_PATHS.cities);
  // The quality agents (role 1) as the mass assignment offers them, after 'Sin agente'.
  const agents = usePeople(ROLE.ADMIN);
  const agentChoices = agents.data ? [{ id: WITHOUT_AGENT, name: 'Sin agente' }, ...agents.data] : [];

  const submit = form.handleSubmit((values) => {
    const problems = dateRangeProblems(values.fromDate, values.toDate);
    const minimum = minimumAttachmentsProblem(values.withMinimumAttachments);
    form.clearErrors(['fromDate', 'toDate', 'withMinimumAttachments']);
    if (problems.from) form.setError('fromDate', { message: problems.from });
    if (problems.to) form.setError('toDate', { message: problems.to });
    if (minimum) form.setError('withMinimumAttachments', { message: minimum });
    if (problems.from || problems.to || minimum) return;
    onSearch(values);
  });

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        onSubmit={submit}
        aria-label="Filtros de moves"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, columnGap: 2, rowGap: 0.5, p: 2 }}
      >
        <ClientInput name="campaignsClientId" emptyLabel="Todos" onChange={() => form.setValue('projectsId', null)} />
        <ProjectInput name="projectsId" clientId={clientId} emptyLabel="Todos" />
        <SelectInput name="statusId" label="Estado" choices={STATUS_CHOICES} emptyLabel="Todos" />
        {/* Every Getter: the moves of one who left are still to be reviewed, and found. */}
        <GetterInput name="userId" label="Getter" emptyLabel="Todos" withInactive />
        <SelectInput name="assignedAgentId" label="Agente de calidad" choices={agentChoices} loading={agents.isPending} matches={personMatch} emptyLabel="Todos" />
        <SelectInput name="city" label="Ciudad" choices={cities.data ?? []} loading={cities.isPending} emptyLabel="Todas" />
        <MinimumAttachments />
        {/* The range is of the day each move was created (the list's 'Creada' column). */}
        <DateInput name="fromDate" label="Desde" helperText="Fecha de creación de la move" />
        <DateInput name="toDate" label="Hasta" helperText="Fecha de creación de la move" />
        <Box sx={{ gridColumn: { lg: 'span 2' } }}>
          <TextInput name="search" label="Buscar por código o punto de venta" helperText="Un número busca por código; un texto, por punto de venta." />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', pt: 0.5 }}>
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            Buscar
          </Button>
          <Button
            onClick={() => {
              form.reset(EMPTY_FILTERS);
              onClear();
            }}
          >
            Limpiar
          </Button>
        </Box>
      </Box>
    </FormProvider>
  );
}

/**
 * 'Adjuntos mínimos': a whole number, empty for any. What is typed stays as typed, and 'Buscar' says
 * when it is no whole number: '2.5' was read as 25 and '-1' as 1, searching for another number unsaid.
 */
function MinimumAttachments() {
  const form = useFormContext<MoveFilterValues>();
  const value = useWatch({ control: form.control, name: 'withMinimumAttachments' });
  const error = useFormState({ control: form.control, name: 'withMinimumAttachments' }).errors.withMinimumAttachments?.message;
  return (
    <TextField
      label="Adjuntos mínimos"
      size="small"
      fullWidth
      value={value ?? ''}
      onChange={(e) => {
        form.setValue('withMinimumAttachments', e.target.value);
        if (error) form.clearErrors('withMinimumAttachments');
      }}
      error={Boolean(error)}
      helperText={error ?? ' '}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
    />
  );
}
