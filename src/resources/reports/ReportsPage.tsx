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
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { type Location, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  projectReportDates,
  REPORT_TEXT,
  type ReportFilterInput,
  type ReportFilterOutput,
  reportFilterReady,
  reportHint,
  reportFilterSchema,
  type ReportOptions,
} from '../../../domain/reports';
import { isAdmin } from '../../../domain/roles';
import { dateValue, formatDisplayDate } from '../../../domain/validation';
import { currentRole } from '../../authProvider';
import { request } from '../../dataProvider/http';
import { ClientPicker } from '../../ui/ClientPicker';
import { DateInput, SelectInput } from '../../ui/form/inputs';
import { fetchReportPage, type ReportFilter } from './excel';
import { ReportResults } from './ReportResults';
import { addressOfReport, filtersOfAddress, readReportAddress, type ReportAddress, reportOfAddress, writeReportAddress } from './reportAddress';
import { usePastTheEnd } from '../../ui/table/usePastTheEnd';
import { ScreenTitle } from '../../ui/ScreenTitle';

/** Whether the filters hold what `wanted` says (a date as typed or as written back: '10112026', '10/11/2026'). */
const sameFilters = (a: ReportFilterInput, b: ReportFilterInput) =>
  String(a.projectId ?? '') === String(b.projectId ?? '') &&
  String(a.locationId ?? '') === String(b.locationId ?? '') &&
  dateValue.safeParse(a.fromDate).data === dateValue.safeParse(b.fromDate).data &&
  dateValue.safeParse(a.toDate).data === dateValue.safeParse(b.toDate).data;

/**
 * The filters. `wanted`: what the address says (filtersOfAddress); the form starts with it and takes it
 * again at each entry of the history (`entry`: Back, Forward). `onEdit`: the user changed a filter after
 * 'Ver resultados', so the results shown (and their Excel) are no longer those of what the filters say.
 */
function Filters({
  clientId,
  options,
  wanted,
  entry,
  onSubmit,
  onEdit,
  hint,
}: {
  clientId?: number;
  options: ReportOptions;
  wanted: ReportFilterInput;
  entry: string;
  onSubmit: (filter: ReportFilter) => void;
  onEdit: () => void;
  /** No results below (none asked for yet, or a filter changed since): say what to choose. */
  hint: boolean;
}) {
  const { locationRequired } = options;
  const schema = useMemo(() => reportFilterSchema(locationRequired), [locationRequired]);
  const form = useForm<ReportFilterInput, unknown, ReportFilterOutput>({
    defaultValues: wanted,
    resolver: zodResolver(schema) as unknown as Resolver<ReportFilterInput, unknown, ReportFilterOutput>,
    mode: 'onTouched',
  });
  // The address's own change is no edit of the user's: its report shows.
  const following = useRef(false);
  useEffect(() => {
    const watching = form.watch(() => {
      if (!following.current) onEdit();
    });
    return () => watching.unsubscribe();
  }, [form, onEdit]);
  // By value and entry: the options asked again (a window focused) bring a new object, not another
  // address, and what the user is typing stays.
  const wantedKey = JSON.stringify(wanted);
  useEffect(() => {
    const next = JSON.parse(wantedKey) as ReportFilterInput;
    if (sameFilters(form.getValues(), next)) return;
    following.current = true;
    form.reset(next);
    following.current = false;
  }, [form, wantedKey, entry]);
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
  // A franchise user who must choose a point of sale and has one in the project has it chosen: 'Sin Selección'
  // over the only choice kept 'Ver resultados' disabled for a pick that said nothing.
  useEffect(() => {
    const chosen = form.getValues('locationId');
    if (projectLocations && chosen && !projectLocations.some((l) => l.id === Number(chosen))) form.setValue('locationId', null);
    else if (locationRequired && projectLocations?.length === 1 && !chosen) form.setValue('locationId', projectLocations[0].id, { shouldDirty: true });
  }, [form, projectLocations, locationRequired]);
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
  const location = useLocation();
  // The administrator reads any client's report: it names the client first.
  const admin = isAdmin(currentRole());
  // The report lives in the address (reportAddress.ts): reloaded, gone back to or opened from a link, it shows again.
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const address = useMemo(() => {
    const read = readReportAddress(search);
    return admin ? read : { ...read, client: undefined };
  }, [search, admin]);
  // A new report, or another client, is a step Back returns from; its page, page size and order are not.
  const go = (next: ReportAddress, { replace }: { replace: boolean }) => setParams(writeReportAddress(next), { replace });
  const clientId = address.client ?? null;
  const options = useQuery({
    queryKey: ['report-options', clientId ?? undefined],
    queryFn: () => request<ReportOptions>('/reports/options', { query: { clientId } }),
    enabled: !admin || clientId !== null,
    staleTime: 60_000,
  });
  const choices = options.data;
  // A project or point of sale of the address that is not among the user's (another client's, or none):
  // said, and nothing of it asked for, as the dashboard does with another client's plan.
  const unknownProject = choices !== undefined && address.project !== undefined && !choices.projects.some((p) => p.id === address.project);
  const unknownLocation = choices !== undefined && address.location !== undefined && !choices.locations.some((l) => l.id === address.location);
  const asked = reportOfAddress(address);
  const filter = choices && asked && !unknownProject && !unknownLocation && (!choices.locationRequired || asked.clientLocationId) ? asked : null;
  const wanted = useMemo(() => choices && filtersOfAddress(address, choices), [address, choices]);
  // A filter changed after 'Ver resultados' hides the results until they are asked for again. Kept as the
  // visit to the address it happened on (each navigation, Back and Forward too, is a new location), so the
  // next one shows its own: a flag reset on navigation was set again by an edit's update still queued.
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);
  const [hiddenOn, setHiddenOn] = useState<Location | null>(null);
  const onEdit = useCallback(() => setHiddenOn(here.current), []);
  const shown = filter !== null && hiddenOn !== location;
  // Each press of 'Ver resultados' asks again, the same filter too: after a failed answer (the same key
  // kept its error, and the button did nothing), or to see the visits approved since.
  const [searchCount, setSearchCount] = useState(0);
  const { page, perPage, sort } = address;
  const results = useQuery({
    queryKey: ['performance-report', filter, page, perPage, sort, searchCount],
    queryFn: () => fetchReportPage(filter!, { offset: (page - 1) * perPage, limit: perPage }, sort),
    enabled: shown,
    placeholderData: keepPreviousData,
    // A refused filter (400, 403) will not pass on a second try.
    retry: false,
  });
  // A page past the end (an old link, or visits disapproved since) goes to the last one.
  usePastTheEnd(
    {
      page,
      perPage,
      count: results.data?.total ?? 0,
      empty: results.data?.result.length === 0,
      settled: results.isSuccess && !results.isPlaceholderData && !results.isFetching,
      estimated: false,
    },
    (last) => go({ ...address, page: last }, { replace: true }),
  );

  // 'Volver al panel' goes to the plan of the address (of the results shown, or the one the dashboard opened this on).
  const backPlan = unknownProject ? undefined : address.project;
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
            onChange={(id) => go({ client: id ?? undefined, page: 1, perPage, sort }, { replace: false })}
          />
        )}
        {options.isFetching && !options.data && <LinearProgress aria-label="Cargando filtros" />}
        {options.isError && <Alert severity="error">{options.error.message}</Alert>}
        {unknownProject && <Alert severity="warning">{REPORT_TEXT.unknownProject}</Alert>}
        {unknownLocation && <Alert severity="warning">{REPORT_TEXT.unknownLocation}</Alert>}
        {address.reversedDates && <Alert severity="warning">{REPORT_TEXT.reversedDates}</Alert>}
        {choices && wanted && (
          <Filters
            key={clientId ?? 'own'}
            clientId={clientId ?? undefined}
            options={choices}
            wanted={wanted}
            entry={location.key}
            onSubmit={(next) => {
              const target = addressOfReport(next, address);
              if (writeReportAddress(target) === writeReportAddress(address)) {
                setHiddenOn(null);
                setSearchCount((n) => n + 1);
                return;
              }
              // Asked again from another page of the same report: back to its first page, no new step.
              const sameReport = writeReportAddress({ ...target, page: 1 }) === writeReportAddress({ ...address, page: 1 });
              go(target, { replace: sameReport });
            }}
            onEdit={onEdit}
            hint={!shown}
          />
        )}
        {shown && results.isError && <Alert severity="error">{results.error.message}</Alert>}
        {shown && filter && (
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
            setPage={(n) => go({ ...address, page: n }, { replace: true })}
            setPerPage={(n) => go({ ...address, perPage: n, page: 1 }, { replace: true })}
            setSort={(next) => go({ ...address, sort: next, page: 1 }, { replace: true })}
          />
        )}
      </CardContent>
    </Card>
  );
}
