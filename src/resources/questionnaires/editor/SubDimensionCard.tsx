import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, IconButton, Paper, TextField, Typography } from '@mui/material';
import { memo, useMemo, useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { checkSectionWeighting, checkText, LENGTHS } from '../../../../domain/questionnaire-weights';
import { newQuestion, type Question, SUB_DIMENSION_TYPE_LABELS, type SubDimensionType } from '../../../../domain/questionnaires';
import { useEditor, useHasProblem } from './context';
import { focusAfterRemoval, focusMoved } from './focus';
import { NameInput, SECTION_WEIGHTING_WIDTH, SumHint, WeightingInput } from './inputs';
import { type QuestionActions, QuestionRow } from './QuestionRow';

interface Props {
  path: string;
  index: number;
  nodeId: string;
  type: SubDimensionType;
  onRemove?: (index: number) => void;
}

/** 'Subdimensión 2 de la dimensión 1', from the card's path in the form ('dimensions.0.subDimensions.1'). */
function placeOf(path: string, label: string): string {
  const dimension = /dimensions\.(\d+)\./.exec(path)?.[1];
  return dimension === undefined ? label : `${label} de la dimensión ${Number(dimension) + 1}`;
}

/** A sub-dimension: name, type, weighting and its questions (a field array of its own). */
export const SubDimensionCard = memo(function SubDimensionCard({ path, index, nodeId, type, onRemove }: Props) {
  const editor = useEditor();
  const { getValues } = useFormContext();
  const { fields, append, update, remove, swap } = useFieldArray({ name: `${path}.questions` });
  const broken = useHasProblem(path);
  const penalty = type !== 'NORMAL';
  const label = `Subdimensión ${index + 1}`;
  const rowsBox = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const actions = useMemo<QuestionActions>(
    () => ({
      move: (from, to) => {
        swap(from, to);
        focusMoved(rowsBox.current, to, to < from);
      },
      edit: (i) =>
        editor.openQuestion({
          title: `Editar pregunta ${i + 1}`,
          question: getValues(`${path}.questions.${i}`) as Question,
          subDimensionType: type,
          onAccept: (q) => update(i, q),
        }),
      remove: (i) => {
        const name = (getValues(`${path}.questions.${i}.name`) as string) || 'sin nombre';
        editor.confirm(`Se eliminará la pregunta ${i + 1} (${name}).`, () => {
          remove(i);
          focusAfterRemoval(rowsBox.current, 'question-row', i, addButton.current);
        });
      },
    }),
    [editor, getValues, path, type, swap, update, remove],
  );

  const add = () =>
    editor.openQuestion({ title: 'Nueva pregunta', question: newQuestion(type), subDimensionType: type, onAccept: (q) => append(q, { shouldFocus: false }) });

  const weightingNames = fields.map((_, k) => `${path}.questions.${k}.weighting`);
  return (
    // A group named after its place ('Subdimensión 2 de la dimensión 1'): its questions' buttons ('Editar la
    // pregunta 1') are heard within it, told apart from the same buttons of the next sub-dimension.
    <Paper variant="outlined" role="group" aria-label={placeOf(path, label)} sx={{ p: 1.5, mt: 1.5, borderColor: broken ? 'error.main' : undefined }} data-subdimension={label}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        {penalty ? (
          <Typography variant="subtitle1" sx={{ flex: 1, pt: 0.5 }}>
            {SUB_DIMENSION_TYPE_LABELS[type]}
          </Typography>
        ) : (
          <NameInput
            name={`${path}.name`}
            label={`Nombre de la ${label.toLowerCase()}`}
            check={(v) => checkText(v, LENGTHS.subDimensionName)}
            locked={editor.isLocked(nodeId)}
            autoFocus={!editor.isLocked(nodeId) && !getValues(`${path}.name`)}
          />
        )}
        {!penalty && <TextField size="small" label="Tipo" value={SUB_DIMENSION_TYPE_LABELS[type]} disabled sx={{ width: 130 }} />}
        {!penalty && <WeightingInput name={`${path}.weighting`} label={`Ponderación de la ${label.toLowerCase()}`} check={checkSectionWeighting} width={SECTION_WEIGHTING_WIDTH} />}
        {onRemove && (
          <IconButton aria-label={`Eliminar la ${label.toLowerCase()}`} onClick={() => onRemove(index)} data-remove="subdimension">
            <DeleteIcon />
          </IconButton>
        )}
      </Box>
      <Box sx={{ mt: 1 }} ref={rowsBox}>
        {fields.map((field, k) => (
          <QuestionRow key={field.id} path={`${path}.questions.${k}`} index={k} last={k === fields.length - 1} subDimensionType={type} actions={actions} />
        ))}
        {fields.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
            Sin preguntas todavía.
          </Typography>
        )}
      </Box>
      {!penalty && fields.length > 0 && <SumHint key={fields.length} names={weightingNames} questions />}
      <Button ref={addButton} size="small" startIcon={<AddIcon />} onClick={add} sx={{ mt: 1 }}>
        Agregar pregunta
      </Button>
    </Paper>
  );
});
