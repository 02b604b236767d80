/**
 * The client side's dashboard (spec 3 "Dashboard"): the client's banner, the supervision and
 * history buttons, and the statistics of its plans by questionnaire version, year, dimension and
 * period. /dashboard and /dashboard/:planId show the charts; /clientPeriods the table of periods.
 */
import AssessmentIcon from '@mui/icons-material/Assessment';
import ChecklistIcon from '@mui/icons-material/Checklist';
import HistoryIcon from '@mui/icons-material/History';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Link, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { NO_LOCATIONS_TEXT } from '../../../domain/scopeText';
import { STATISTICS_TEXT, type StatisticsPlan } from '../../../domain/statistics';
import { absoluteUrl } from '../../../domain/validation';
import { getSession } from '../../authProvider/session';
import { PeriodsTable } from './PeriodsTable';
import { planFacts } from './planFacts';
import { PlanStatistics } from './PlanStatistics';
import { useSelection, useStatistics, useSurveyAndWork } from './useDashboard';
import { ScreenTitle } from '../../ui/ScreenTitle';

/** A dashboard link as a browser opens it: a scheme-less one (the URL rule lets it in) gets https; no link, none. */
const linkOf = (value: string | null | undefined): string | null => (value ? absoluteUrl(value) : null);

/**
 * The client's banner image, or its name on the brand's strip: without an image, with an address that is
 * no link (a scheme-less 'cdn.campo.test/x.png' gets https, as the frames' links do), or when it fails to load.
 */
function Banner({ image, clientName }: { image: string | null | undefined; clientName: string | undefined }) {
  const src = image ? absoluteUrl(image) : null;
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src)
    return (
      <Box
        component="img"
        src={src}
        alt={clientName ? `Banner de ${clientName}` : 'Banner del cliente'}
        onError={() => setFailed(src)}
        sx={{ width: '100%', maxHeight: 220, objectFit: 'cover', display: 'block' }}
      />
    );
  return (
    <Box aria-hidden sx={{ px: 3, py: 2.5, background: 'linear-gradient(90deg, #b35000 0%, #d26a00 100%)', color: '#fff' }}>
      <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
        {clientName ?? '\u00a0'}
      </Typography>
    </Box>
  );
}

function PlanSummary({ plan }: { plan: StatisticsPlan }) {
  const work = useSurveyAndWork(plan.id);
  const facts = planFacts(plan, work.data);
  return (
    <>
      {/* Else its figures read '-' as if the plan had none. */}
      {work.isError && <Alert severity="error">{`No se pudo cargar el resumen del plan: ${work.error.message}`}</Alert>}
      <Box component="dl" aria-label="Resumen del plan" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 1.5, m: 0 }}>
        {facts.map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}

export default function DashboardPage() {
  const profile = getSession()?.profile;
  const navigate = useNavigate();
  const periodsView = useLocation().pathname.startsWith('/clientPeriods');
  const statistics = useStatistics();
  const { plans, plan, version, setVersion, unknownPlan, unknownVersion, versionOfUnknownPlan } = useSelection(statistics.data);
  const client = profile?.client;
  const checklistLink = linkOf(profile?.checklistAccessUrl);
  const historyLink = linkOf(profile?.checkerAccessToken);
  const openPlan = (id: number) => navigate(periodsView ? `/clientPeriods?plan=${id}` : `/dashboard/${id}`);

  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Card>
        <Banner image={client?.clientInfo.urlInfoImg} clientName={statistics.data?.client.name} />
        <CardContent sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
          <ScreenTitle>{`Panel de ${profile?.firstName ?? ''}`}</ScreenTitle>
          {client?.clientInfo.checklist && checklistLink && (
            <Button variant="outlined" startIcon={<ChecklistIcon />} href={checklistLink} target="_blank" rel="noopener noreferrer">
              Supervisión
            </Button>
          )}
          {historyLink && (
            <Button variant="outlined" startIcon={<HistoryIcon />} href={historyLink} target="_blank" rel="noopener noreferrer">
              Historial
            </Button>
          )}
          {/* The report opens on the plan shown here, and comes back to it. */}
          <Button variant="contained" startIcon={<AssessmentIcon />} component={RouterLink} to={plan ? `/reports?project=${plan.id}` : '/reports'}>
            Mis Reportes
          </Button>
        </CardContent>
      </Card>

      {statistics.isPending && <LinearProgress aria-label="Cargando estadísticas" />}
      {statistics.isError && <Alert severity="error">{statistics.error.message}</Alert>}
      {statistics.data && !plans.length && <Alert severity="info">{statistics.data.hasLocations === false ? NO_LOCATIONS_TEXT : 'Todavía no hay planes con resultados para mostrar.'}</Alert>}
      {unknownPlan && <Alert severity="warning">{STATISTICS_TEXT.unknownPlan}</Alert>}
      {unknownVersion && <Alert severity="warning">{STATISTICS_TEXT.unknownVersion}</Alert>}
      {versionOfUnknownPlan && <Alert severity="warning">{STATISTICS_TEXT.versionOfUnknownPlan}</Alert>}

      {plan && (
        <Card>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography variant="h6" component="h2">
              {periodsView ? 'Resultados por período' : 'Estadísticas del plan'}
            </Typography>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <TextField select size="small" fullWidth={false} label="Plan" value={plan.id} onChange={(e) => openPlan(Number(e.target.value))} sx={{ width: 380, maxWidth: '100%' }}>
                {plans.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
              {version && (
                <TextField
                  select
                  size="small"
                  fullWidth={false}
                  label="Versión del cuestionario"
                  value={version.versionId}
                  onChange={(e) => setVersion(Number(e.target.value))}
                  sx={{ width: 320, maxWidth: '100%' }}
                >
                  {plan.statistics.map((s) => (
                    <MenuItem key={s.versionId} value={s.versionId}>
                      {`${s.questionnaire.name} · versión ${s.version}`}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Box>
            <PlanSummary plan={plan} />
            {!version && <Alert severity="info">Este plan todavía no tiene visitas aprobadas.</Alert>}
            {version && !periodsView && <PlanStatistics key={`${plan.id}-${version.versionId}`} plan={plan} stats={version} />}
            {version && periodsView && (
              <>
                <PeriodsTable stats={version} />
                <Link component={RouterLink} to={`/dashboard/${plan.id}?version=${version.versionId}`}>
                  Volver a los gráficos del plan
                </Link>
              </>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
