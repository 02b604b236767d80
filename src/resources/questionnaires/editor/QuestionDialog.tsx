import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { type MutableRefObject, useRef, useState } from 'react';
import { FormProvider, useController, useForm, useFormContext, useWatch } from 'react-hook-form';
import { checkGuide, checkQuestionWeighting, checkText, LENGTHS, type Problem, problemLine, QUESTIONNAIRE_TEXT, questionProblems } from '../../../../domain/questionnaire-weights';
import {
  defaultAnswers,
  hasWrongCloseAnswers,
  initialWeighting,
  NOT_APPLICABLE,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type Question,
  type QuestionType,
  restoreCloseAnswers,
  SCORED_TYPES,
  type SubDimensionType,
} from '../../../../domain/questionnaires';
import { DIALOG, dialogParts } from '../../../../domain/dialogs';
import { sameTree } from '../../../../domain/questionnaire-body';
import { closeUnlessBackdrop, ConfirmDialog } from '../../../ui/dialogs';
import { AnswersEditor } from './AnswersEditor';
import type { QuestionTarget } from './context';
import { WeightingInput } from './inputs';

/** The question form: every field of spec 2 §3, in a dialog of its own so the tree stays light. */
export function QuestionDialog({ target, onClose }: { target: QuestionTarget | null; onClose: () => void }) {
  // Escape asks the form (it knows whether something was typed); a click beside the dialog does nothing:
  // a question and its guides can run to hundreds of characters, lost to a stray click.
  const escape = useRef<() => void>(onClose);
  return (
    <Dialog
      open={target !== null}
      onClose={closeUnlessBackdrop(() => escape.current())}
      maxWidth="md"
      fullWidth
      aria-labelledby="question-title"
      // Closed, the focus goes back to the button that opened it ('Editar la pregunta 3', 'Agregar
      // pregunta'): it fell to the page's body, and a keyboard started again from the top of a long form.
    >
      {target && <QuestionForm key={target.question._id} target={target} onClose={onClose} escape={escape} />}
    </Dialog>
  );
}

const leave = dialogParts(DIALOG.leave);

/** What a type change resets to the type's defaults: the answers and the weighting. */
const resetByType = (path: string) => path === 'weighting' || path === 'answers' || path.startsWith('answers.');

function QuestionForm({ target, onClose, escape }: { target: QuestionTarget; onClose: () => void; escape: MutableRefObject<() => void> }) {
  const form = useForm<Question>({ defaultValues: target.question, mode: 'onTouched' });
  const [problems, setProblems] = useState<Problem[]>([]);
  const [asking, setAsking] = useState(false);
  // Cancelar or Escape with something changed asks first, as leaving a form does.
  const cancel = () => (sameTree(form.getValues(), target.question) ? onClose() : setAsking(true));
  escape.current = cancel;
  const subType = target.subDimensionType;
  // A few lines, then how many more (marked in red under their inputs), as the editor's error dialog says it.
  const lines = [...problems.slice(0, 4).map(problemLine), ...(problems.length > 4 ? [QUESTIONNAIRE_TEXT.moreProblems(problems.length - 4)] : [])];

  const accept = async () => {
    await form.trigger();
    const values = form.getValues();
    const found = questionProblems(values, subType);
    for (const p of found) form.setError(p.path as never, { type: 'rule', message: p.message });
    setProblems(found);
    if (found.length) return;
    target.onAccept(values);
    onClose();
  };

  /** The new defaults were never checked: the messages about the old answers and weighting go, under the inputs and in the summary. */
  const forgetResetProblems = () => {
    form.clearErrors(['answers', 'weighting']);
    setProblems((all) => all.filter((p) => !resetByType(p.path)));
  };

  return (
    <FormProvider {...form}>
      <DialogTitle id="question-title">{target.title}</DialogTitle>
      <DialogContent dividers>
        <QuestionFields subType={subType} onTypeReset={forgetResetProblems} />
        <WrongCloseAnswers onRestored={forgetResetProblems} />
        <AnswersEditor />
        {lines.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {lines.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>Cancelar</Button>
        <Button variant="contained" onClick={accept}>
          Aceptar
        </Button>
      </DialogActions>
      <ConfirmDialog open={asking} title={leave.title} content={leave.question} onClose={() => setAsking(false)} onConfirm={onClose} />
    </FormProvider>
  );
}

/** An 'Opciones SI, NO, N/A' question stored without its three answers: what is wrong, and its one-click fix. */
function WrongCloseAnswers({ onRestored }: { onRestored: () => void }) {
  const { setValue, getValues } = useFormContext<Question>();
  const [type, answers] = useWatch<Question>({ name: ['type', 'answers'] }) as [QuestionType, Question['answers']];
  if (!hasWrongCloseAnswers({ type, answers })) return null;
  const restore = () => {
    setValue('answers', restoreCloseAnswers(getValues('answers')), { shouldDirty: true });
    onRestored();
  };
  return (
    <Alert
      severity="error"
      sx={{ mt: 2 }}
      action={
        <Button color="inherit" size="small" onClick={restore}>
          {QUESTIONNAIRE_TEXT.restoreClose}
        </Button>
      }
    >
      <div>{`${QUESTIONNAIRE_TEXT.threeCloseAnswers} (tiene ${answers.length}).`}</div>
      <div>{QUESTIONNAIRE_TEXT.wrongCloseHow}</div>
    </Alert>
  );
}

function QuestionFields({ subType, onTypeReset }: { subType: SubDimensionType; onTypeReset: () => void }) {
  const name = useController<Question, 'name'>({ name: 'name', rules: { validate: (v) => checkText(v, LENGTHS.questionName) ?? true } });
  const guide = useController<Question, 'guide'>({ name: 'guide', rules: { validate: (v) => checkGuide(v) ?? true } });
  const type = useController<Question, 'type'>({ name: 'type' });
  const visibleToUser = useController<Question, 'visibleToUser'>({ name: 'visibleToUser' });
  const visibleToGetter = useController<Question, 'visibleToGetter'>({ name: 'visibleToGetter' });
  const allowPhoto = useController<Question, 'allowPhotoEvidence'>({ name: 'allowPhotoEvidence' });
  const photoRequired = useController<Question, 'photoEvidenceRequired'>({ name: 'photoEvidenceRequired' });
  const [weighting] = useWatch<Question>({ name: ['weighting'] });
  const { setValue } = useFormContext<Question>();
  const choices = QUESTION_TYPES.filter((t) => (subType === 'NORMAL' ? t !== 'penalty' : t === 'penalty'));
  const fixed = type.field.value !== 'penalty' && (!SCORED_TYPES.includes(type.field.value) || !visibleToUser.field.value);

  // The weighting the question had before it stopped scoring (hidden from the client, or of a type that does
  // not score): scoring again gives it back (it came back 0).
  const hiddenWeighting = useRef<number | null>(null);

  /**
   * A type change resets the answers to the type's defaults (spec 2 §4). The weighting is the question's in
   * its sub-dimension, not its answers': kept from one type that scores to another (it dropped to 0, and the
   * sub-dimension's sum with it, without a word); -1 for a type that does not score, and back after.
   */
  const changeType = (next: QuestionType) => {
    const scored = (t: QuestionType) => SCORED_TYPES.includes(t) && visibleToUser.field.value;
    if (scored(type.field.value) && typeof weighting === 'number' && weighting !== NOT_APPLICABLE && !Number.isNaN(weighting)) hiddenWeighting.current = weighting;
    type.field.onChange(next);
    setValue('answers', defaultAnswers(next));
    const kept = scored(next) ? hiddenWeighting.current : null;
    setValue('weighting', kept ?? initialWeighting(next, visibleToUser.field.value, subType));
    onTypeReset();
  };
  /** Not visible to the client: weighting -1 (spec 2 §3). */
  const changeVisibleToUser = (visible: boolean) => {
    visibleToUser.field.onChange(visible);
    // A penalty keeps its points whoever sees it (the -1 rule leaves penalties out).
    if (type.field.value === 'penalty') return;
    if (!visible) {
      if (weighting !== NOT_APPLICABLE) hiddenWeighting.current = weighting as number;
      setValue('weighting', NOT_APPLICABLE);
    } else if (weighting === NOT_APPLICABLE) setValue('weighting', hiddenWeighting.current ?? initialWeighting(type.field.value, true, subType));
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 220px 150px' }, gap: 2, alignItems: 'start' }}>
      <TextField
        {...name.field}
        label="Pregunta"
        required
        multiline
        minRows={2}
        size="small"
        autoFocus
        error={Boolean(name.fieldState.error)}
        helperText={name.fieldState.error?.message ?? ' '}
      />
      <TextField select size="small" label="Tipo de pregunta" value={type.field.value} onChange={(e) => changeType(e.target.value as QuestionType)}>
        {choices.map((t) => (
          <MenuItem key={t} value={t}>
            {QUESTION_TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      <WeightingInput name="weighting" label="Ponderación" check={(w) => checkQuestionWeighting(w, subType)} disabled={fixed} />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <FormControlLabel control={<Switch checked={visibleToUser.field.value} onChange={(e) => changeVisibleToUser(e.target.checked)} />} label="Visible para el cliente" />
        <FormControlLabel control={<Switch checked={visibleToGetter.field.value} onChange={(e) => visibleToGetter.field.onChange(e.target.checked)} />} label="Visible para el Getter" />
        <FormControlLabel
          control={
            <Switch
              checked={allowPhoto.field.value}
              onChange={(e) => {
                allowPhoto.field.onChange(e.target.checked);
                if (!e.target.checked) setValue('photoEvidenceRequired', false);
              }}
            />
          }
          label="Permite evidencia fotográfica"
        />
        <FormControlLabel
          control={<Switch checked={photoRequired.field.value} disabled={!allowPhoto.field.value} onChange={(e) => photoRequired.field.onChange(e.target.checked)} />}
          label="Evidencia fotográfica obligatoria"
        />
      </Box>
      <TextField
        {...guide.field}
        label="Guía de la pregunta"
        multiline
        minRows={2}
        size="small"
        sx={{ gridColumn: '1 / -1' }}
        error={Boolean(guide.fieldState.error)}
        helperText={guide.fieldState.error?.message ?? 'Opcional: de 10 a 600 caracteres'}
      />
    </Box>
  );
}
