import AttachFileIcon from '@mui/icons-material/AttachFile';
import HistoryIcon from '@mui/icons-material/History';
import InfoIcon from '@mui/icons-material/Info';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Paper,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { MoveDetail } from '../../../../domain/move-api';
import { MOTIVE_TEXT, ownComment } from '../../../../domain/motives';
import { type MoveAction, videoDownloadUrl, videoViewUrl } from '../../../../domain/moves';
import { isStoredFileLink } from '../../../../domain/move-forms';
import { absoluteUrl, formatDisplayDate, isWebLink } from '../../../../domain/validation';
import { ConfirmDialog } from '../../../ui/dialogs';
import { EditedVideo } from './EditedVideo';
import type { Runner } from './useMove';

/**
 * The floating side menu of the move: Información, Adjuntos, Instructivo, Historial. Floating from `md`
 * up, where the page keeps a right margin for it; narrower, a row of buttons under the title: floating,
 * it covered the 'Información' card's right column on a tablet or phone.
 */
export function SideMenu({ move, allowed, rescueRefused, runner }: { move: MoveDetail; allowed: MoveAction[]; rescueRefused: string | null; runner: Runner }) {
  const [open, setOpen] = useState<'attachments' | 'history' | null>(null);
  const guideline = move.projectLocation.projects.guideline;
  // Saved as typed ('www.campo.com/instructivo.png' passes the URL rule): without https the browser read it as a console path.
  const guidelineLink = guideline?.generalitiesImg ? absoluteUrl(guideline.generalitiesImg) : null;
  return (
    <>
      <Paper
        component="nav"
        aria-label="Menú de la move"
        elevation={4}
        sx={{
          position: { xs: 'static', md: 'fixed' },
          right: 16,
          top: '35%',
          zIndex: 1200,
          width: { md: 168 },
          mb: { xs: 2, md: 0 },
          display: 'flex',
          flexDirection: { xs: 'row', md: 'column' },
          flexWrap: 'wrap',
          p: 0.5,
          gap: 0.5,
          '& .MuiButton-root': { justifyContent: 'flex-start', textAlign: 'left' },
        }}
      >
        <Button size="small" startIcon={<InfoIcon />} onClick={() => document.getElementById('move-info')?.scrollIntoView({ behavior: 'smooth' })}>
          Información
        </Button>
        <Button size="small" startIcon={<AttachFileIcon />} onClick={() => setOpen('attachments')}>
          Adjuntos
        </Button>
        {guidelineLink ? (
          <Button size="small" startIcon={<MenuBookIcon />} href={guidelineLink} target="_blank" rel="noopener noreferrer" title={guideline?.name} aria-label={`Instructivo: ${guideline?.name}`}>
            <GuidelineLabel name={guideline?.name} />
          </Button>
        ) : (
          <Button size="small" startIcon={<MenuBookIcon />} disabled title={guideline?.name} aria-label={guideline ? `Instructivo: ${guideline.name}` : 'Instructivo'}>
            <GuidelineLabel name={guideline?.name} />
          </Button>
        )}
        <Button size="small" startIcon={<HistoryIcon />} onClick={() => setOpen('history')}>
          Historial
        </Button>
      </Paper>
      {open === 'attachments' && <AttachmentsDialog move={move} allowed={allowed} runner={runner} onClose={() => setOpen(null)} />}
      {open === 'history' && <HistoryDialog move={move} allowed={allowed} rescueRefused={rescueRefused} runner={runner} onClose={() => setOpen(null)} />}
    </>
  );
}

/** 'Instructivo' with the guideline's name under it (the link is named by the guideline). */
function GuidelineLabel({ name }: { name?: string }) {
  return (
    <Box component="span" sx={{ display: 'block', lineHeight: 1.2 }}>
      Instructivo
      {name && (
        <Box component="span" sx={{ display: 'block', fontSize: 11, textTransform: 'none', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 120 }}>
          {name}
        </Box>
      )}
    </Box>
  );
}

function VideoLinks({ url }: { url: string | null | undefined }) {
  if (!url) return <Typography>La move no tiene video.</Typography>;
  // Our own file's link (the original video), or a web address; anything else (a link stored before the
  // server checked it) is shown as text, never opened.
  if (!isWebLink(url) && !isStoredFileLink(url)) return <Typography sx={{ overflowWrap: 'anywhere' }}>{`Video: ${url}`}</Typography>;
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <Link href={videoViewUrl(url)} target="_blank" rel="noopener noreferrer">
        Ver video
      </Link>
      <Link href={videoDownloadUrl(url)} target="_blank" rel="noopener noreferrer">
        Descargar video
      </Link>
    </Box>
  );
}

function AttachmentsDialog({ move, allowed, runner, onClose }: { move: MoveDetail; allowed: MoveAction[]; runner: Runner; onClose: () => void }) {
  const [tab, setTab] = useState(0);
  const original = move.attachments.find((a) => a.type === 'video');
  const images = move.attachments.filter((a) => a.type === 'image');
  return (
    <Dialog open onClose={onClose} aria-labelledby="attachments-title" fullWidth maxWidth="sm">
      <DialogTitle id="attachments-title">Adjuntos</DialogTitle>
      <DialogContent>
        <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Adjuntos">
          <Tab label="Video Original" />
          <Tab label="Editado" />
          <Tab label="Audio" />
        </Tabs>
        <Box sx={{ pt: 2, minHeight: 120 }}>
          {tab === 0 && <VideoLinks url={original?.download_link} />}
          {tab === 1 && (
            <>
              <VideoLinks url={move.userMoveVideoLink} />
              {allowed.includes('replaceVideo') && <EditedVideo move={move} runner={runner} />}
            </>
          )}
          {tab === 2 &&
            (move.userMoveAudio ? (
              <Box>
                <audio controls src={move.userMoveAudio.download_link} aria-label="Audio de la move" style={{ width: '100%' }} />
                <Link href={move.userMoveAudio.download_link} download={move.userMoveAudio.name}>
                  {`Descargar ${move.userMoveAudio.name}`}
                </Link>
              </Box>
            ) : (
              <Typography>La move no tiene un audio adjunto.</Typography>
            ))}
          {images.length > 0 && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="subtitle2">Imágenes adjuntas</Typography>
              {images.map((a) => (
                <Link key={a.id} href={a.download_link} download={a.name} sx={{ display: 'block' }}>
                  {a.name}
                </Link>
              ))}
            </Box>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A status's reason: with a motive of the bank, its name (as the bank calls it now) and then what the reviewer
 * wrote of their own; else the reason as written.
 */
function LogReason({ log }: { log: MoveDetail['user_move_status_logs'][number] }) {
  if (!log.motiveName) return <>{log.reason ?? '-'}</>;
  const comment = ownComment(log.reason ?? '', log.motiveName);
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>{`${MOTIVE_TEXT.pickerLabel}: ${log.motiveName}`}</Box>
      {comment}
    </>
  );
}

/** The move's status history, and 'Rescatar Move': when it cannot be rescued, the dialog says why (the server's words). */
function HistoryDialog({ move, allowed, rescueRefused, runner, onClose }: { move: MoveDetail; allowed: MoveAction[]; rescueRefused: string | null; runner: Runner; onClose: () => void }) {
  const [confirm, setConfirm] = useState(false);
  const logs = move.user_move_status_logs;
  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby="history-title" fullWidth maxWidth="md">
        <DialogTitle id="history-title">Historial</DialogTitle>
        <DialogContent>
          {logs.length ? (
            <Table size="small" aria-label="Historial de estados">
              <TableHead>
                <TableRow>
                  {['Estado', 'Desde', 'Hasta', 'Usuario', 'Motivo'].map((h) => (
                    <TableCell key={h} sx={{ fontWeight: 600 }}>
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {logs.map((l) => (
                  <TableRow key={l.id}>
                    <TableCell>{l.statusName}</TableCell>
                    <TableCell>{formatDisplayDate(l.createdAt, true)}</TableCell>
                    <TableCell>{l.finishedAt ? formatDisplayDate(l.finishedAt, true) : 'Actual'}</TableCell>
                    <TableCell>{l.userFullName ?? '-'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                      <LogReason log={l} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <Typography>No hay registros para esta move</Typography>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {rescueRefused && (
            <Typography id="rescue-refused" variant="body2" color="text.secondary" sx={{ flex: '1 1 16rem' }}>
              {rescueRefused}
            </Typography>
          )}
          <Button variant="contained" color="secondary" disabled={!allowed.includes('rescue') || runner.busy} aria-describedby={rescueRefused ? 'rescue-refused' : undefined} onClick={() => setConfirm(true)}>
            Rescatar Move
          </Button>
          <Button onClick={onClose}>Cerrar</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirm}
        content="La move pasará al estado En revisión."
        busy={runner.busy}
        onClose={() => setConfirm(false)}
        onConfirm={async () => {
          const done = await runner.run('rescue', { id: move.id }, { title: 'Move Rescatada' });
          setConfirm(false);
          if (done) onClose();
        }}
      />
    </>
  );
}
