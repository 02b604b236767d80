import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { formatCount } from '../../../domain/numbers';
import { everyMonth, formatPercent, periodTitle, STATISTIC_BAND_STYLE, statisticBand, type VersionStatistics } from '../../../domain/statistics';

/**
 * /clientPeriods: every period of a plan's version, newest first, with its band. A month without visits
 * between two with them is a row of its own, '0' and '-' (it was left out, where the chart shows its gap).
 */
export function PeriodsTable({ stats }: { stats: VersionStatistics }) {
  const months = everyMonth(stats.annual.flatMap((a) => a.periods)).reverse();
  return (
    <TableContainer>
      <Table size="small" aria-label="Resultados por período">
        <TableHead>
          <TableRow>
            <TableCell>Período</TableCell>
            <TableCell align="right">Visitas aprobadas</TableCell>
            <TableCell align="right">Resultado</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {months.map(({ period, item: p }) => {
            if (!p) {
              return (
                <TableRow key={period}>
                  <TableCell>{periodTitle(period)}</TableCell>
                  <TableCell align="right">0</TableCell>
                  <TableCell align="right">-</TableCell>
                </TableRow>
              );
            }
            // A month whose every visit is N/A has no result, nor band.
            const band = p.result === null ? null : STATISTIC_BAND_STYLE[statisticBand(p.result)];
            return (
              <TableRow key={p.period}>
                <TableCell>{periodTitle(p.period)}</TableCell>
                {/* The N/A ones said: the result beside them is the mean of the others. */}
                <TableCell align="right">{p.unscored ? `${formatCount(p.moves)} (${formatCount(p.unscored)} sin resultado)` : formatCount(p.moves)}</TableCell>
                <TableCell align="right">
                  {band === null || p.result === null ? (
                    'N/A'
                  ) : (
                    // On a phone the band goes under the result, not the '%' under its number ('75,3' over '%'), nor the dot squeezed to an oval.
                    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', columnGap: 1 }}>
                      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
                        <Box component="span" sx={{ width: 12, height: 12, flexShrink: 0, borderRadius: '50%', bgcolor: band.color }} aria-hidden />
                        <span>{formatPercent(p.result)}</span>
                      </Box>
                      <Box component="span" sx={{ color: 'text.secondary', fontSize: 12, whiteSpace: 'nowrap' }}>
                        ({band.label})
                      </Box>
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
