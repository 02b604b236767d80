import DownloadIcon from '@mui/icons-material/Download';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { videoDownloadUrl, videoViewUrl } from '../../../domain/moves';
import { formatScore, REPORT_TEXT, type VisitDetail, type VisitDimension } from '../../../domain/reports';
import { formatDisplayDate, isWebLink } from '../../../domain/validation';
import { request } from '../../dataProvider/http';
import { ResultChip } from './ResultChip';

/** One question: its number and text, the reply, and the comment when there is one. */
function Answers({ dimension }: { dimension: VisitDimension }) {
  return (
    <>
      {dimension.subDimensions.map((sub) => (
        <Box key={sub.name} component="section" aria-label={sub.name} sx={{ mb: 1.5 }}>
          <Typography variant="subtitle2" component="h4" color="text.secondary" sx={{ mb: 0.5 }}>
            {sub.name}
          </Typography>
          <Box component="dl" sx={{ m: 0 }}>
            {sub.questions.map((q) => (
              <Box key={q.number} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
                <Typography component="dt" variant="body2">
                  {`${q.number} ${q.name}`}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, color: q.reply ? 'text.primary' : 'text.secondary' }}>
                  {q.reply || REPORT_TEXT.unanswered}
                </Typography>
                {q.commentary && (
                  <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {`${REPORT_TEXT.commentary}: ${q.commentary}`}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </>
  );
}

function Detail({ detail }: { detail: VisitDetail }) {
  const { location } = detail;
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="body2">{[location.fullName, location.clientLocationId].filter(Boolean).join(' · ')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {`${detail.projectName} · ${REPORT_TEXT.visitDate}: ${formatDisplayDate(detail.visitDate)}`}
          </Typography>
          {detail.questionnaire && (
            <Typography variant="body2" color="text.secondary">
              {`${REPORT_TEXT.questionnaire}: ${detail.questionnaire.name} (v${detail.questionnaire.version})`}
            </Typography>
          )}
        </Box>
        <ResultChip result={detail.questionnaireResult} />
      </Box>
      {detail.userMoveVideoLink &&
        (isWebLink(detail.userMoveVideoLink) ? (
          // To watch and to keep, as the move's own screen offers it ('dl=0' → 'raw=1' / 'dl=1').
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
            <Button component={Link} href={videoViewUrl(detail.userMoveVideoLink)} target="_blank" rel="noopener noreferrer" variant="outlined" startIcon={<OndemandVideoIcon />}>
              {REPORT_TEXT.video}
            </Button>
            <Button component={Link} href={videoDownloadUrl(detail.userMoveVideoLink)} target="_blank" rel="noopener noreferrer" variant="text" startIcon={<DownloadIcon />}>
              {REPORT_TEXT.downloadVideo}
            </Button>
          </Box>
        ) : (
          <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>{`${REPORT_TEXT.video}: ${detail.userMoveVideoLink}`}</Typography>
        ))}
      {detail.dimensions.length === 0 ? (
        <Alert severity="info">{REPORT_TEXT.noVisibleAnswers}</Alert>
      ) : (
        detail.dimensions.map((d) => (
          <Box key={d.name} component="section" aria-label={d.name} sx={{ mb: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600 }}>
                {d.name}
              </Typography>
              {d.result === null ? (
                <Typography variant="caption" color="text.secondary">
                  {REPORT_TEXT.penalty}
                </Typography>
              ) : (
                <Typography variant="body2" aria-label={`${REPORT_TEXT.result} de ${d.name}`}>
                  {formatScore(d.result)}
                </Typography>
              )}
            </Box>
            <Answers dimension={d} />
          </Box>
        ))
      )}
    </>
  );
}

/**
 * A row of the performance report opened: the visit's answers its questionnaire shows the client, by
 * dimension with each one's result, and the edited video for a user allowed to see it (spec 3 §3
 * "Performance report item"). The server decides what is shown; this only reads it.
 */
export function VisitDialog({ code, moveId, clientId, onClose }: { code: string; moveId: number; clientId?: number; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const detail = useQuery({
    queryKey: ['report-visit', moveId, clientId],
    queryFn: ({ signal }) => request<VisitDetail>(`/reports/performance/${moveId}`, { query: { clientId }, signal }),
    staleTime: 60_000,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="visit-dialog-title">
      <DialogTitle id="visit-dialog-title">
        {/* The code whole on its line: on a phone the title read 'Respuestas de la visita M-' over '0000457'. */}
        {REPORT_TEXT.answersTitle('')}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {code}
        </Box>
      </DialogTitle>
      <DialogContent dividers>
        {detail.isPending && <LinearProgress aria-label="Cargando respuestas" />}
        {detail.isError && <Alert severity="error">{(detail.error as Error).message}</Alert>}
        {detail.data && <Detail detail={detail.data} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{REPORT_TEXT.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
