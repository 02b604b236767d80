import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { dateRangeProblems, MOVE_FORM_TEXT } from '../../../../domain/move-forms';
import { STOCK_STATES } from '../../../../domain/moves';
import { parseDisplayDate } from '../../../../domain/validation';
import { ApiError } from '../../../dataProvider/http';
import { type ClientChoice, ClientInput, ClientsPicker } from '../../../ui/ClientPicker';
import { ErrorDialog, errorMessages } from '../../../ui/dialogs';
import { DateInput } from '../../../ui/form/inputs';
import { ProjectInput } from '../../../ui/ProjectPicker';
import { PageTitle } from '../shared';
import { exportPerformance, exportStock, type StockFilter } from './exports';
import { ExportProgress } from '../../../ui/ExportProgress';
import { useExportRun, wasCancelled } from '../../../ui/useAbortOnLeave';

/** What an export that found no row says, where its file would have come from; cleared by the next try. */
function Nothing({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <Alert severity="info" role="status" sx={{ mt: 2 }}>
      {message}
    </Alert>
  );
}

/** 'Stock de Moves' and 'Reporte de Moves' (spec 2 §2): the two exports of the moves. */
export function ReportPage() {
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <Box sx={{ mt: 2 }}>
      <PageTitle title="Reportes de Moves" />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' }, gap: 2 }}>
        <StockCard onError={setErrors} />
        <PerformanceCard onError={setErrors} />
      </Box>
      <ErrorDialog messages={errors} onClose={() => setErrors([])} />
    </Box>
  );
}

interface StockValues {
  clientId: number | null;
  projectId: number | null;
  /** 'all': every published visit and every move; 'stock': only the four stock states. */
  states: 'all' | 'stock';
}

function StockCard({ onError }: { onError: (messages: string[]) => void }) {
  const { progress, setProgress, trigger, stopper, start, cancel } = useExportRun();
  const [nothing, setNothing] = useState<string | null>(null);
  const form = useForm<StockValues>({ defaultValues: { clientId: null, projectId: null, states: 'all' } });
  const { clientId, projectId, states } = useWatch({ control: form.control }) as StockValues;
  const run = async () => {
    setProgress(0);
    setNothing(null);
    try {
      const filter: StockFilter = { clientId: clientId ?? undefined, projectId: projectId ?? undefined, stockOnly: states === 'stock' };
      if (!(await exportStock(setProgress, start(), filter)).rows) setNothing(MOVE_FORM_TEXT.nothingToExport.stock);
    } catch (error) {
      if (wasCancelled(error)) return;
      console.error(error);
      // With the server's reason when it gave one ('La base de datos no está disponible…').
      onError([MOVE_FORM_TEXT.exportFailed, ...errorMessages(error)]);
    } finally {
      setProgress(null);
    }
  };
  return (
    <Card component="section" aria-labelledby="stock-title">
      <CardContent>
        <Typography id="stock-title" variant="h6" component="h2" gutterBottom>
          Stock de Moves
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Las visitas publicadas y las moves, con las fechas de cada estado, el motivo, el link a la move y sus adjuntos: de todos los clientes o de uno, y de uno de sus proyectos.
        </Typography>
        <FormProvider {...form}>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr', columnGap: 2 }}>
            <ClientInput name="clientId" emptyLabel="Todos" onChange={() => form.setValue('projectId', null)} />
            <ProjectInput name="projectId" clientId={clientId} emptyLabel="Todos" />
          </Box>
        </FormProvider>
        <RadioGroup
          aria-label="Estados"
          value={states}
          onChange={(e) => form.setValue('states', e.target.value as StockValues['states'])}
          sx={{ mb: 2 }}
        >
          <FormControlLabel value="all" control={<Radio size="small" />} label={STOCK_STATES_TEXT.all} />
          <FormControlLabel value="stock" control={<Radio size="small" />} label={STOCK_STATES_TEXT.stock} />
        </RadioGroup>
        <Button ref={trigger} variant="contained" startIcon={<FileDownloadIcon />} onClick={run} disabled={progress !== null}>
          Exportar stock
        </Button>
        <ExportProgress value={progress} onCancel={cancel} cancelRef={stopper} />
        <Nothing message={nothing} />
      </CardContent>
    </Card>
  );
}

/** The stock export's two choices of states. */
const STOCK_STATES_TEXT = {
  all: 'Todos los estados',
  stock: `Sólo el stock (${STOCK_STATES.join(', ')})`,
};

interface PerformanceValues {
  projectId: number | null;
  fromDate: string;
  toDate: string;
}

function PerformanceCard({ onError }: { onError: (messages: string[]) => void }) {
  const [chosen, setChosen] = useState<ClientChoice[]>([]);
  const [clientError, setClientError] = useState<string | undefined>();
  const form = useForm<PerformanceValues>({ defaultValues: { projectId: null, fromDate: '', toDate: '' } });
  const single = chosen.length === 1 ? Number(chosen[0].id) : undefined;
  const projectId = useWatch({ control: form.control, name: 'projectId' });
  const { progress, setProgress, trigger, stopper, start, cancel } = useExportRun();
  const [nothing, setNothing] = useState<string | null>(null);

  const run = form.handleSubmit(async (values) => {
    setNothing(null);
    const problems = dateRangeProblems(values.fromDate, values.toDate);
    form.clearErrors();
    if (problems.from) form.setError('fromDate', { message: problems.from });
    if (problems.to) form.setError('toDate', { message: problems.to });
    setClientError(chosen.length ? undefined : MOVE_FORM_TEXT.pickClient);
    if (!chosen.length || problems.from || problems.to) return;
    const iso = (text: string) => {
      const parsed = parseDisplayDate(text);
      return text.trim() && 'date' in parsed ? parsed.date : undefined;
    };
    setProgress(0);
    try {
      const filter = { clientId: chosen.map((c) => Number(c.id)), projectId: projectId ?? undefined, fromDate: iso(values.fromDate), toDate: iso(values.toDate) };
      if (!(await exportPerformance(filter, setProgress, start())).rows) setNothing(MOVE_FORM_TEXT.nothingToExport.performance);
    } catch (error) {
      if (wasCancelled(error)) return;
      // The project's dates are the server's to check: its message lands on the date.
      const fields = error instanceof ApiError ? error.body.errors : undefined;
      if (fields?.fromDate || fields?.toDate) {
        if (fields.fromDate) form.setError('fromDate', { message: fields.fromDate });
        if (fields.toDate) form.setError('toDate', { message: fields.toDate });
      } else {
        console.error(error);
        onError([MOVE_FORM_TEXT.exportFailed, ...errorMessages(error)]);
      }
    } finally {
      setProgress(null);
    }
  });

  return (
    <Card component="section" aria-labelledby="performance-title">
      <CardContent>
        <Typography id="performance-title" variant="h6" component="h2" gutterBottom>
          Reporte de Moves
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Las moves aprobadas de los clientes elegidos, con el resultado y cada respuesta.
        </Typography>
        <FormProvider {...form}>
          <Box component="form" onSubmit={run} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
            <ClientsPicker
              value={chosen}
              error={clientError}
              onChange={(clients) => {
                setChosen(clients);
                setClientError(undefined);
                form.setValue('projectId', null);
              }}
            />
            <ProjectInput name="projectId" clientId={single} disabled={single === undefined} emptyLabel="Todos" helperText={single === undefined ? 'Elija un solo cliente para filtrar por proyecto' : undefined} />
            <DateInput name="fromDate" label="Desde" />
            <DateInput name="toDate" label="Hasta" />
            <Box>
              <Button ref={trigger} type="submit" variant="contained" startIcon={<FileDownloadIcon />} disabled={progress !== null}>
                Exportar reporte
              </Button>
            </Box>
          </Box>
        </FormProvider>
        <ExportProgress value={progress} onCancel={cancel} cancelRef={stopper} />
        <Nothing message={nothing} />
      </CardContent>
    </Card>
  );
}
