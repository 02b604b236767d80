import { Chip } from '@mui/material';
import { formatScore, RESULT_BAND_STYLE, resultBand } from '../../../domain/reports';

/** A result in the colour of its band ('87,50 %', 'N/A' in grey). */
export function ResultChip({ result }: { result: number }) {
  const band = RESULT_BAND_STYLE[resultBand(result)];
  return <Chip size="small" label={formatScore(result)} title={band.label} sx={{ bgcolor: band.background, color: band.color, fontWeight: 600, minWidth: 84 }} />;
}
