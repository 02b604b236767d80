import {
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  Radio,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { NOT_APPLICABLE, PENALTY_DIMENSION_NAME, type Question, type QuestionnaireContent, SUB_DIMENSION_TYPE_LABELS } from '../../../../domain/questionnaires';
import { formatDecimal } from '../../../../domain/numbers';

type Audience = 'getter' | 'client';

/**
 * 'Visualizar Cuestionario': the questionnaire as the Getter answers it and as the client reads
 * it; each view shows only the questions visible to it.
 */
export function PreviewDialog({ content, onClose }: { content: QuestionnaireContent | null; onClose: () => void }) {
  const [audience, setAudience] = useState<Audience>('getter');
  return (
    <Dialog
      open={content !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      scroll="paper"
      aria-labelledby="preview-title"
      // A name or a question with a long word (a link) breaks within the dialog: it ran past its edge, the question 2,869 px wide.
      slotProps={{ paper: { sx: { overflowWrap: 'anywhere' } } }}
    >
      <DialogTitle id="preview-title">{content?.name || 'Cuestionario sin nombre'}</DialogTitle>
      <Tabs value={audience} onChange={(_, v) => setAudience(v)} variant="scrollable" allowScrollButtonsMobile sx={{ px: 3 }}>
        <Tab value="getter" label="Vista del Getter" />
        <Tab value="client" label="Vista del cliente" />
      </Tabs>
      <DialogContent dividers>{content && <PreviewBody content={content} audience={audience} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The photo count, stored as the editor reads it ('1.5'), written with the decimal comma ('1,5'). */
const photoCount = (text: string) => (/^\d+(\.\d+)?$/.test(text) ? formatDecimal(Number(text)) : text);

const visibleTo = (q: Question, audience: Audience) => (audience === 'getter' ? q.visibleToGetter : q.visibleToUser);

function PreviewBody({ content, audience }: { content: QuestionnaireContent; audience: Audience }) {
  const client = audience === 'client';
  let number = 0;
  const dimensions = content.dimensions
    .map((d) => ({ ...d, subDimensions: d.subDimensions.map((s) => ({ ...s, questions: s.questions.filter((q) => visibleTo(q, audience)) })).filter((s) => s.questions.length) }))
    .filter((d) => d.subDimensions.length);
  if (!dimensions.length) return <Typography color="text.secondary">No hay preguntas visibles en esta vista.</Typography>;
  return (
    <Box>
      {dimensions.map((d) => (
        <Box key={d._id} component="section" sx={{ mb: 3 }}>
          <Typography variant="h6" component="h3">
            {d.type === 'PENALTY' ? PENALTY_DIMENSION_NAME : d.name || 'Dimensión sin nombre'}
            {client && d.type !== 'PENALTY' && d.weighting !== null && <Chip component="span" size="small" label={`${formatDecimal(d.weighting)}%`} sx={{ ml: 1 }} />}
          </Typography>
          {d.subDimensions.map((s) => (
            <Box key={s._id} sx={{ ml: 2, mt: 1 }}>
              <Typography variant="subtitle1" component="h4">
                {s.type === 'NORMAL' ? s.name || 'Subdimensión sin nombre' : SUB_DIMENSION_TYPE_LABELS[s.type]}
                {client && s.type === 'NORMAL' && s.weighting !== null && <Chip component="span" size="small" label={`${formatDecimal(s.weighting)}%`} sx={{ ml: 1 }} />}
              </Typography>
              {s.questions.map((q) => {
                number += 1;
                return <PreviewQuestion key={q._id} question={q} number={number} client={client} />;
              })}
            </Box>
          ))}
          <Divider />
        </Box>
      ))}
    </Box>
  );
}

function PreviewQuestion({ question: q, number, client }: { question: Question; number: number; client: boolean }) {
  const weighting = q.weighting === NOT_APPLICABLE || q.weighting === null ? 'N/A' : formatDecimal(q.weighting);
  const questionId = useId();
  return (
    <Box sx={{ ml: 2, my: 1.5 }} data-preview-question={q.name}>
      <Typography variant="body1" id={questionId}>
        {number}. {q.name || 'Pregunta sin nombre'}
        {q.answerRequired && !client && ' *'}
        {client && <Chip component="span" size="small" variant="outlined" label={`Ponderación ${weighting}`} sx={{ ml: 1 }} />}
      </Typography>
      {!client && q.guide && (
        <Typography variant="caption" color="text.secondary">
          {q.guide}
        </Typography>
      )}
      <Box sx={{ ml: 2 }}>
        <PreviewAnswers question={q} client={client} questionId={questionId} />
      </Box>
      {!client && q.allowPhotoEvidence && (
        <Typography variant="caption" color="text.secondary">
          {q.photoEvidenceRequired ? 'Debe adjuntar una foto como evidencia.' : 'Puede adjuntar una foto como evidencia.'}
        </Typography>
      )}
    </Box>
  );
}

/** The answers as the Getter would see them, named by their question (`questionId`): one group of radios or checkboxes per question. */
function PreviewAnswers({ question: q, client, questionId }: { question: Question; client: boolean; questionId: string }) {
  const named = { htmlInput: { 'aria-labelledby': questionId } };
  if (q.type === 'text') return <TextField size="small" disabled fullWidth placeholder="Respuesta abierta" slotProps={named} />;
  if (q.type === 'amount') return <TextField size="small" disabled type="number" placeholder="Cantidad" slotProps={named} />;
  if (q.type === 'photographs') {
    return (
      <Typography variant="body2" color="text.secondary">
        Adjuntar {photoCount(q.answers[0]?.answer || '1')} foto(s)
      </Typography>
    );
  }
  const several = q.type === 'multiple' || q.type === 'accumulative';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }} role={several ? 'group' : 'radiogroup'} aria-labelledby={questionId}>
      {q.answers.map((a) => (
        <FormControlLabel
          key={a._id}
          disabled
          control={several ? <Checkbox size="small" /> : <Radio size="small" name={questionId} />}
          label={client && a.weighting !== null ? `${a.answer} (${a.weighting === NOT_APPLICABLE ? 'N/A' : formatDecimal(a.weighting)})` : a.answer}
        />
      ))}
    </Box>
  );
}
