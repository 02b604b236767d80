/**
 * /reports, the performance report (spec 3 "Performance report", §5): project, point of sale and
 * visit dates; 'Ver resultados' once the required ones are set (the point of sale too for a
 * franchise user); the approved visits paged on the server, with their band, the merit
 * certificate from 80 up, and the Excel of every row of the filter.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { Alert, Box, Button, Card, CardContent, IconButton, LinearProgress, Tooltip, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  REPORT_DEFAULT_PAGE_SIZE,
  REPORT_DEFAULT_SORT,
  projectReportDates,
  REPORT_TEXT,
  type ReportFilterInput,
  type ReportFilterOutput,
  reportFilterReady,
  reportHint,
  reportFilterSchema,
  type ReportOptions,
  type ReportSortOrder,
} from '../../../domain/reports';
import { isAdmin } from '../../../domain/roles';
import { formatDisplayDate, todayIso } from '../../../domain/validation';
import { currentRole } from '../../authProvider';
import { request } from '../../dataProvider/http';
import { ClientPicker } from '../../ui/ClientPicker';
import { DateInput, SelectInput } from '../../ui/form/inputs';
import { fetchReportPage, type ReportFilter } from './excel';
import { ReportResults } from './ReportResults';
import { ScreenTitle } from '../../ui/ScreenTitle';

const threeMonthsAgo = () => {
  const [y, m] = todayIso().split('-').map(Number);
  return new Date(Date.UTC(y, m - 4, 1)).toISOString().slice(0, 10);
};

/**
 * The filters. `onEdit`: a filter changed after 'Ver resultados', so the results shown (and their
 * Excel) are no longer those of what the filters say.
 */
function Filters({
  clientId,
  options,
  initialProject,
  onSubmit,
  onEdit,
  hint,
}: {
  clientId?: number;
  options: ReportOptions;
  /** The dashboard's plan ('Mis Reportes' there): chosen from the start, with its dates, if the user has it. */
  initialProject?: number;
  onSubmit: (filter: ReportFilter) => void;
  onEdit: () => void;
  /** No results below (none asked for yet, or a filter changed since): say what to choose. */
  hint: boolean;
}) {
  const { locationRequired } = options;
  const schema = useMemo(() => reportFilterSchema(locationRequired), [locationRequired]);
  const initial = options.projects.find((p) => p.id === initialProject);
  const initialDates = initial && projectReportDates(initial);
  const form = useForm<ReportFilterInput, unknown, ReportFilterOutput>({
    defaultValues: {
      projectId: initial?.id ?? null,
      locationId: null,
      fromDate: formatDisplayDate(initialDates?.from ?? threeMonthsAgo()),
      toDate: formatDisplayDate(initialDates?.to ?? todayIso()),
    },
    resolver: zodResolver(schema) as unknown as Resolver<ReportFilterInput, unknown, ReportFilterOutput>,
    mode: 'onTouched',
  });
  useEffect(() => {
    const watching = form.watch(() => onEdit());
    return () => watching.unsubscribe();
  }, [form, onEdit]);
  const values = useWatch({ control: form.control }) as ReportFilterInput;
  const projectId = values.projectId ? Number(values.projectId) : undefined;
  const chosenProject = options.projects.find((p) => p.id === projectId);
  // The points of sale of the chosen project (the user's own, for a franchise user).
  const locations = useQuery({
    queryKey: ['report-options', clientId, projectId],
    queryFn: () => request<ReportOptions>('/reports/options', { query: { clientId, projectId } }),
    enabled: projectId !== undefined,
    staleTime: 60_000,
  });
  // Until the project's own list arrives, the user's points of sale: one chosen before the project stays
  // chosen, and goes only if the project does not hold it.
  const projectLocations = projectId ? locations.data?.locations : undefined;
  useEffect(() => {
    const chosen = form.getValues('locationId');
    if (projectLocations && chosen && !projectLocations.some((l) => l.id === Number(chosen))) form.setValue('locationId', null);
  }, [form, projectLocations]);
  const locationChoices = (projectLocations ?? options.locations).map((l) => ({
    id: l.id,
    name: l.clientLocationId ? `${l.fullName} (${l.clientLocationId})` : l.fullName,
  }));
  // Enabled once the required filters are set and valid: a date that is not one leaves it disabled.
  const ready = reportFilterReady(values, locationRequired) && schema.safeParse(values).success;
  const submit = form.handleSubmit((v) =>
    onSubmit({
      ...(clientId ? { clientId } : {}),
      projectId: Number(v.projectId),
      ...(v.locationId ? { clientLocationId: Number(v.locationId) } : {}),
      fromDate: v.fromDate,
      toDate: v.toDate,
    }),
  );

  return (
    <FormProvider {...form}>
      <Box component="form" onSubmit={submit} noValidate aria-label="Filtros del reporte" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '2fr 2fr 1fr 1fr auto' }, gap: 2, alignItems: 'start' }}>
        <SelectInput
          name="projectId"
          label={REPORT_TEXT.project}
          required
          choices={options.projects.map((p) => ({ id: p.id, name: p.name }))}
          // The dates follow the project chosen: its whole run so far ('ciclo anterior' showed only its last month).
          onChange={(id) => {
            const project = options.projects.find((p) => p.id === Number(id));
            const dates = project && projectReportDates(project);
            if (!dates) return;
            form.setValue('fromDate', formatDisplayDate(dates.from), { shouldValidate: true });
            form.setValue('toDate', formatDisplayDate(dates.to), { shouldValidate: true });
          }}
          helperText={
            !options.hasLocations
              ? REPORT_TEXT.noLocations
              : !options.projects.length
                ? REPORT_TEXT.noProjects
                : chosenProject && !projectReportDates(chosenProject)
                  ? REPORT_TEXT.notStarted(formatDisplayDate(chosenProject.startDate))
                  : undefined
          }
        />
        <SelectInput
          name="locationId"
          label={REPORT_TEXT.location}
          required={locationRequired}
          emptyLabel={locationRequired ? 'Sin Selección' : 'Todos'}
          loading={locations.isFetching}
          choices={locationChoices}
          helperText={locationRequired && options.hasLocations && !values.locationId ? REPORT_TEXT.pickLocation : undefined}
        />
        <DateInput name="fromDate" label={REPORT_TEXT.from} required />
        <DateInput name="toDate" label={REPORT_TEXT.to} required />
        <Button type="submit" variant="contained" disabled={!ready} startIcon={<AssessmentIcon />} sx={{ height: 48, whiteSpace: 'nowrap' }}>
          {REPORT_TEXT.seeResults}
        </Button>
      </Box>
      {/* The space under the form was empty until a search: it says what is left to choose. Not with no project to
          choose, where the project field says why. */}
      {hint && options.hasLocations && options.projects.length > 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {reportHint(values, locationRequired)}
        </Typography>
      )}
    </FormProvider>
  );
}

export default function ReportsPage({ note }: { note?: string }) {
  const navigate = useNavigate();
  const fromPlan = Number(new URLSearchParams(useLocation().search).get('project')) || undefined;
  // The administrator reads any client's report: it names the client first.
  const admin = isAdmin(currentRole());
  const [clientId, setClientId] = useState<number | null>(null);
  const options = useQuery({
    queryKey: ['report-options', clientId ?? undefined],
    queryFn: () => request<ReportOptions>('/reports/options', { query: { clientId } }),
    enabled: !admin || clientId !== null,
    staleTime: 60_000,
  });
  const [filter, setFilter] = useState<ReportFilter | null>(null);
  // Each press of 'Ver resultados' asks again, the same filter too: after a failed answer (the same key
  // kept its error, and the button did nothing), or to see the visits approved since.
  const [search, setSearch] = useState(0);
  const clearResults = useCallback(() => setFilter(null), []);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(REPORT_DEFAULT_PAGE_SIZE);
  // Kept across searches, as in the other lists.
  const [sort, setSort] = useState<ReportSortOrder>(REPORT_DEFAULT_SORT);
  const results = useQuery({
    queryKey: ['performance-report', filter, page, perPage, sort, search],
    queryFn: () => fetchReportPage(filter!, { offset: (page - 1) * perPage, limit: perPage }, sort),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    // A refused filter (400, 403) will not pass on a second try.
    retry: false,
  });

  // 'Volver al panel' goes to the plan of the results shown, else to the one the dashboard opened this on.
  const backPlan = filter?.projectId ?? fromPlan;
  return (
    // Below 900 px the results are cards (ReportResults); a wide table scrolls inside its frame.
    <Card sx={{ mt: 2 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {/* On a phone the client's name goes under the title: beside it, it cut 'Reporte de desempeño' to 'Reporte de des…'. */}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Tooltip title={REPORT_TEXT.back}>
            <IconButton aria-label={REPORT_TEXT.back} onClick={() => navigate(backPlan ? `/dashboard/${backPlan}` : '/dashboard')}>
              <ArrowBackIcon />
            </IconButton>
          </Tooltip>
          <ScreenTitle sx={{ flexGrow: 0 }}>{REPORT_TEXT.title}</ScreenTitle>
          {options.data && (
            <Typography color="text.secondary" sx={{ ml: 1 }}>
              {options.data.client.name}
            </Typography>
          )}
        </Box>
        {note && <Alert severity="info">{note}</Alert>}
        {admin && (
          <ClientPicker
            value={clientId}
            emptyLabel="Sin Selección"
            onChange={(id) => {
              setClientId(id);
              setFilter(null);
            }}
          />
        )}
        {options.isFetching && !options.data && <LinearProgress aria-label="Cargando filtros" />}
        {options.isError && <Alert severity="error">{options.error.message}</Alert>}
        {options.data && (
          <Filters
            key={clientId ?? 'own'}
            clientId={clientId ?? undefined}
            options={options.data}
            initialProject={admin ? undefined : fromPlan}
            onSubmit={(next) => {
              setFilter(next);
              setPage(1);
              setSearch((n) => n + 1);
            }}
            onEdit={clearResults}
            hint={filter === null}
          />
        )}
        {results.isError && <Alert severity="error">{results.error.message}</Alert>}
        {filter && (
          <ReportResults
            filter={filter}
            names={{
              project: options.data?.projects.find((p) => p.id === filter.projectId)?.name,
              location: options.data?.locations.find((l) => l.id === filter.clientLocationId)?.fullName,
            }}
            answer={results.data}
            loading={results.isFetching}
            kept={results.isPlaceholderData}
            page={page}
            perPage={perPage}
            sort={sort}
            setPage={setPage}
            setPerPage={(n) => {
              setPerPage(n);
              setPage(1);
            }}
            setSort={(next) => {
              setSort(next);
              setPage(1);
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
