import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, Checkbox, FormControlLabel, IconButton, TextField, Typography } from '@mui/material';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { answersSumProblem, checkAnswerWeighting, checkGuide, checkPhotoCount, checkText, LENGTHS } from '../../../../domain/questionnaire-weights';
import { type Answer, newId, NOT_APPLICABLE, type Question, type QuestionType } from '../../../../domain/questionnaires';
import { ANSWER_WEIGHTING_WIDTH, WeightingInput } from './inputs';

/** Types whose list of options the user extends; close keeps its three, photos its one. */
const GROWABLE: readonly QuestionType[] = ['open', 'multiple', 'accumulative', 'penalty'];

/** The answers of the question in the dialog: text (or photo count), guide, weighting and flags. */
export function AnswersEditor() {
  const { control } = useFormContext<Question>();
  const type = useWatch<Question, 'type'>({ name: 'type' });
  const { fields, append, remove } = useFieldArray({ control, name: 'answers', keyName: 'key' });
  if (type === 'text' || type === 'amount') {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Esta pregunta no tiene opciones de respuesta: el Getter escribe {type === 'text' ? 'un texto' : 'una cantidad'}.
      </Typography>
    );
  }
  const growable = GROWABLE.includes(type);
  const add = () =>
    append({
      _id: newId(),
      answer: '',
      guide: '',
      weighting: type === 'accumulative' || type === 'penalty' ? 0 : type === 'multiple' ? NOT_APPLICABLE : 0,
      hasCommentary: false,
      isRequired: false,
      number: fields.length + 1,
    } satisfies Answer);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1">{type === 'photographs' ? 'Fotos' : 'Respuestas'}</Typography>
      {fields.map((field, i) => (
        <AnswerRow key={field.key} index={i} type={type} onRemove={growable && fields.length > 2 ? () => remove(i) : undefined} />
      ))}
      <AnswersSum key={fields.length} type={type} count={fields.length} />
      {growable && (
        <Button size="small" startIcon={<AddIcon />} onClick={add} sx={{ mt: 1 }}>
          Agregar respuesta
        </Button>
      )}
    </Box>
  );
}

function AnswerRow({ index, type, onRemove }: { index: number; type: QuestionType; onRemove?: () => void }) {
  const base = `answers.${index}` as const;
  const photos = type === 'photographs';
  const answer = useController<Question, `answers.${number}.answer`>({
    name: `${base}.answer`,
    rules: { validate: (v) => (photos ? checkPhotoCount(v) : checkText(v, LENGTHS.answer)) ?? true },
  });
  const guide = useController<Question, `answers.${number}.guide`>({ name: `${base}.guide`, rules: { validate: (v) => checkGuide(v) ?? true } });
  const commentary = useController<Question, `answers.${number}.hasCommentary`>({ name: `${base}.hasCommentary` });
  const required = useController<Question, `answers.${number}.isRequired`>({ name: `${base}.isRequired` });
  const label = photos ? 'Cantidad de fotos' : `Respuesta ${index + 1}`;
  return (
    // A group named after its answer ('La respuesta 2': not its field's own name): its 'Requiere comentario'
    // and 'Obligatoria' are heard as that answer's (three of each stood side by side in a question's dialog).
    <Box
      role="group"
      aria-label={photos ? 'La cantidad de fotos' : `La respuesta ${index + 1}`}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: `1fr ${ANSWER_WEIGHTING_WIDTH}px auto auto 40px` }, gap: 1.5, alignItems: 'start', mt: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
      <TextField
        {...answer.field}
        // The photo count takes a decimal comma as the weightings beside it do ('1,5' was refused as no number of at least 1).
        onChange={(e) => answer.field.onChange(photos ? e.target.value.replace(',', '.') : e.target.value)}
        label={label}
        required
        size="small"
        slotProps={{ htmlInput: photos ? { inputMode: 'decimal' } : {} }}
        error={Boolean(answer.fieldState.error)}
        helperText={answer.fieldState.error?.message ?? ' '}
      />
      <WeightingInput name={`${base}.weighting`} label={`Ponderación de la respuesta ${index + 1}`} check={(w) => checkAnswerWeighting(w, type)} width={ANSWER_WEIGHTING_WIDTH} />
      <FormControlLabel control={<Checkbox checked={commentary.field.value} onChange={(e) => commentary.field.onChange(e.target.checked)} />} label="Requiere comentario" />
      <FormControlLabel control={<Checkbox checked={required.field.value} onChange={(e) => required.field.onChange(e.target.checked)} />} label="Obligatoria" />
      {onRemove ? (
        <IconButton aria-label={`Eliminar la respuesta ${index + 1}`} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      ) : (
        <span />
      )}
      <TextField
        {...guide.field}
        label={`Guía de la respuesta ${index + 1}`}
        size="small"
        sx={{ gridColumn: '1 / -1' }}
        error={Boolean(guide.fieldState.error)}
        helperText={guide.fieldState.error?.message}
      />
    </Box>
  );
}

/** Open answers sum at least 100, accumulative ones exactly 100 (-1 excluded). */
function AnswersSum({ type, count }: { type: QuestionType; count: number }) {
  const names = Array.from({ length: count }, (_, i) => `answers.${i}.weighting` as const);
  const message = useWatch<Question>({
    name: names,
    compute: (values: unknown[]) => answersSumProblem(type, values.map((v) => (typeof v === 'number' ? v : null))) ?? '',
  } as never) as unknown as string;
  if (!message || count === 0) return null;
  return (
    <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
      {message}
    </Typography>
  );
}
