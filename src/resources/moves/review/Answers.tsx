import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Divider,
  FormControlLabel,
  FormGroup,
  IconButton,
  Radio,
  RadioGroup,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { amountProblem, chosenAnswerIds, emptyReply, type MoveReplies, type MoveReply, photosOf, replyText, type ReplyProblem, returnableQuestion } from '../../../../domain/move-replies';
import { MOVE_FORM_TEXT } from '../../../../domain/move-forms';
import { type Dimension, QUESTION_TYPE_LABELS, type Question } from '../../../../domain/questionnaires';
import { formatDecimal } from '../../../../domain/numbers';

export type AnswersMode = 'view' | 'edit' | 'return';

export interface AnswersProps {
  dimensions: Dimension[];
  replies: MoveReplies;
  mode: AnswersMode;
  problems: ReplyProblem[];
  onChange: (questionId: string, reply: MoveReply) => void;
  flags: Set<string>;
  onFlag: (questionId: string) => void;
  /** Photo actions: download under the spec's name, delete (when the move allows it). */
  onDownloadPhoto: (numbers: [number, number, number], question: Question, index: number, url: string) => void;
  onDeletePhoto?: (question: Question, index: number, url: string) => void;
}

/**
 * A stored amount as its field shows it to be edited: the decimal comma and no thousands dots ('1250,5'), as the
 * configuration's points; the field reads both '1250,5' and '1250.5'.
 */
const amountInput = (n: number) => String(n).replace('.', ',');

/** A weighting as the console writes figures: '12,5%' (it read '12.5%'). */
const weight = (w: number | null) => (w === null || w < 0 ? 'N/A' : `${formatDecimal(w)}%`);

/** The answers by dimension and sub-dimension; editable in review, with return flags in return. */
export function Answers(props: AnswersProps) {
  if (!props.dimensions.length) return <Typography sx={{ my: 2 }}>La move no tiene un cuestionario asociado.</Typography>;
  return (
    <Box aria-label="Respuestas" component="section">
      {props.dimensions.map((d, di) => (
        <Card key={d._id} sx={{ mb: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h2">{`${di + 1}. ${d.name} (${weight(d.weighting)})`}</Typography>
            {d.subDimensions.map((s, si) => (
              <Box key={s._id} sx={{ mt: 2 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{`${di + 1}.${si + 1} ${s.name} (${weight(s.weighting)})`}</Typography>
                {s.questions.map((q, qi) => (
                  <QuestionItem key={q._id} {...props} question={q} numbers={[di + 1, si + 1, qi + 1]} />
                ))}
              </Box>
            ))}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function QuestionItem(props: AnswersProps & { question: Question; numbers: [number, number, number] }) {
  const { question: q, numbers, mode, problems } = props;
  const reply = props.replies[q._id] ?? emptyReply(q.weighting);
  const label = `${numbers.join('.')} ${q.name}`;
  const problem = (field: ReplyProblem['field']) => problems.find((p) => p.questionId === q._id && p.field === field)?.message;
  const set = (patch: Partial<MoveReply>) => props.onChange(q._id, { ...reply, ...patch });
  return (
    <Box sx={{ py: 1.5 }} data-question={q._id} aria-label={label} role="group">
      <Divider sx={{ mb: 1 }} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {mode === 'return' && returnableQuestion(q) && (
          <Checkbox checked={props.flags.has(q._id)} onChange={() => props.onFlag(q._id)} slotProps={{ input: { 'aria-label': `Devolver ${label}` } }} />
        )}
        <Typography sx={{ fontWeight: 500, flexGrow: 1 }}>{label}</Typography>
        <Chip size="small" variant="outlined" label={QUESTION_TYPE_LABELS[q.type]} />
        <Chip size="small" variant="outlined" label={`Ponderación ${weight(q.weighting)}`} />
        {q.answerRequired && <Chip size="small" label="Obligatoria" />}
        {reply.hasToEdit && <Chip size="small" color="warning" label="A corregir" />}
        {mode === 'return' && !returnableQuestion(q) && <Chip size="small" variant="outlined" label={MOVE_FORM_TEXT.hiddenFromGetter} />}
      </Box>
      <Box sx={{ pl: mode === 'return' ? 6 : 0, pt: 1 }}>
        {mode === 'edit' ? <ReplyInput question={q} reply={reply} set={set} error={problem('replyData')} /> : <ReplyText question={q} reply={reply} />}
        {q.type === 'photographs' && <Photos {...props} urls={photosOf(reply)} />}
        {reply.evidences.length > 0 && (
          <>
            <Typography variant="caption" color="text.secondary">
              Evidencias
            </Typography>
            <Photos {...props} urls={reply.evidences} evidence />
          </>
        )}
        {mode === 'edit' ? (
          <TextField
            label="Observación"
            size="small"
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 1 }}
            value={reply.replyObservation ?? ''}
            onChange={(e) => set({ replyObservation: e.target.value })}
            error={Boolean(problem('replyObservation'))}
            helperText={problem('replyObservation') ?? ' '}
          />
        ) : (
          reply.replyObservation && <Typography variant="body2" color="text.secondary">{`Observación: ${reply.replyObservation}`}</Typography>
        )}
      </Box>
    </Box>
  );
}

function ReplyText({ question: q, reply }: { question: Question; reply: MoveReply }) {
  if (q.type === 'photographs') return null;
  // As the client's report and the PDF write it (an amount '12,5').
  const text = replyText(q, reply);
  return <Typography variant="body2">{`Respuesta: ${text || 'Sin respuesta'}`}</Typography>;
}

function ReplyInput({ question: q, reply, set, error }: { question: Question; reply: MoveReply; set: (patch: Partial<MoveReply>) => void; error?: string }) {
  const ids = chosenAnswerIds(reply);
  const shownError = error && (
    <Typography color="error" variant="caption" role="alert">
      {error}
    </Typography>
  );
  switch (q.type) {
    case 'close':
    case 'open':
    case 'penalty':
      return (
        <>
          <RadioGroup row aria-label={q.name} value={ids[0] ?? ''} onChange={(e) => set({ replyData: e.target.value })}>
            {q.answers.map((a) => (
              <FormControlLabel key={a._id} value={a._id} control={<Radio size="small" />} label={a.answer} />
            ))}
          </RadioGroup>
          {shownError}
        </>
      );
    case 'multiple':
    case 'accumulative':
      return (
        <>
          <FormGroup row>
            {q.answers.map((a) => (
              <FormControlLabel
                key={a._id}
                label={a.answer}
                control={
                  <Checkbox
                    size="small"
                    checked={ids.includes(a._id)}
                    onChange={(e) => set({ replyData: e.target.checked ? [...ids, a._id] : ids.filter((id) => id !== a._id) })}
                  />
                }
              />
            ))}
          </FormGroup>
          {shownError}
        </>
      );
    case 'text':
    case 'amount': {
      // An amount keeps what was typed and says at once what is wrong with it ('-5' was turned into 5,
      // and 99999999999999999999 saved as 100000000000000000000, without a word).
      const shown = error ?? (q.type === 'amount' ? amountProblem(reply.replyData) : null);
      return (
        <TextField
          label="Respuesta"
          size="small"
          fullWidth
          multiline={q.type === 'text'}
          value={reply.replyData === null ? '' : typeof reply.replyData === 'number' ? amountInput(reply.replyData) : String(reply.replyData)}
          onChange={(e) => set({ replyData: e.target.value })}
          error={Boolean(shown)}
          helperText={shown ?? ' '}
          slotProps={{ htmlInput: q.type === 'amount' ? { inputMode: 'decimal' } : {} }}
        />
      );
    }
    default:
      return shownError || null;
  }
}

function Photos(props: AnswersProps & { question: Question; numbers: [number, number, number]; urls: string[]; evidence?: boolean }) {
  const { urls, question, numbers } = props;
  if (!urls.length) return question.type === 'photographs' && !props.evidence ? <Typography variant="body2">Sin fotos</Typography> : null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
      {urls.map((url, i) => (
        <Box key={`${url}-${i}`} sx={{ position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5 }}>
          <img src={url} alt={`Foto ${i + 1} de ${numbers.join('.')}`} style={{ width: 96, height: 64, objectFit: 'cover', display: 'block' }} />
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Tooltip title="Descargar foto">
              <IconButton size="small" aria-label={`Descargar foto ${i + 1} de ${numbers.join('.')}`} onClick={() => props.onDownloadPhoto(numbers, question, i, url)}>
                <DownloadIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            {props.onDeletePhoto && !props.evidence && (
              <Tooltip title="Eliminar foto">
                <IconButton size="small" aria-label={`Eliminar foto ${i + 1} de ${numbers.join('.')}`} onClick={() => props.onDeletePhoto!(question, i, url)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
