import { Box, Card, CardContent, Link, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { everyMonth, longPeriod, PENALTIES_NOTE, shortPeriod, type StatisticsPlan, type VersionStatistics, visitsCaption } from '../../../domain/statistics';
import { BandLegend, BarChart, Kpi, LineChart } from './charts';

/** One plan's results with one questionnaire version: figures, evolution, years and dimensions. */
export function PlanStatistics({ plan, stats }: { plan: StatisticsPlan; stats: VersionStatistics }) {
  const years = stats.annual.map((a) => a.year);
  const [year, setYear] = useState<number | 'all'>('all');
  const shownYear = year === 'all' || years.includes(year) ? year : 'all';
  const periods = stats.annual.flatMap((a) => a.periods);
  const lastPeriod = periods.at(-1);
  const dimensions = shownYear === 'all' ? stats.dimensions : (stats.annual.find((a) => a.year === shownYear)?.dimensions ?? []);
  const periodsLink = `/clientPeriods?plan=${plan.id}&version=${stats.versionId}`;
  // The plan's summary counts every version's approved visits; these figures, the chosen version's.
  const ofVersion = plan.statistics.length > 1 ? ` con la versión ${stats.version}` : '';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Kpi label="Resultado general" value={stats.result} counted caption={visitsCaption(stats, ofVersion, true)} />
        <Kpi label="Último período" value={lastPeriod?.result ?? null} counted={Boolean(lastPeriod)} caption={lastPeriod ? `${longPeriod(lastPeriod.period)}, ${visitsCaption(lastPeriod)}` : undefined} />
        {stats.annual.slice(-2).map((a) => (
          <Kpi key={a.year} label={`Resultado ${a.year}`} value={a.result} counted caption={visitsCaption(a, ofVersion, true)} />
        ))}
      </Box>
      <BandLegend />
      <Card variant="outlined">
        <CardContent>
          <LineChart
            title="Evolución por período"
            items={everyMonth(periods).map(({ period, item }) => ({ label: shortPeriod(period), value: item?.result ?? null, detail: item ? visitsCaption(item) : undefined }))}
          />
          <Link component={RouterLink} to={periodsLink}>
            Ver resultados por período
          </Link>
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Card variant="outlined">
          <CardContent>
            <BarChart title="Resultado por año" items={stats.annual.map((a) => ({ label: String(a.year), value: a.result, detail: visitsCaption(a) }))} />
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={shownYear}
              onChange={(_, value) => value !== null && setYear(value)}
              aria-label="Año de las dimensiones"
              sx={{ mb: 1, flexWrap: 'wrap' }}
            >
              <ToggleButton value="all">Todos los años</ToggleButton>
              {years.map((y) => (
                <ToggleButton key={y} value={y}>
                  {y}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {dimensions.length ? (
              <BarChart
                title={`Resultado por dimensión${shownYear === 'all' ? '' : ` en ${shownYear}`}`}
                items={dimensions.map((d) => ({ label: d.name, value: d.result, detail: visitsCaption(d) }))}
              />
            ) : (
              <Typography color="text.secondary">No hay resultados por dimensión para este período.</Typography>
            )}
            {/* Else a general result below every dimension reads as a miscalculation. */}
            {stats.penalties && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {PENALTIES_NOTE}
              </Typography>
            )}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
