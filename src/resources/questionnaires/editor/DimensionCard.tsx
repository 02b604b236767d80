import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, Card, CardContent, IconButton, TextField, Typography } from '@mui/material';
import { memo, useCallback, useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { checkSectionWeighting, checkText, LENGTHS } from '../../../../domain/questionnaire-weights';
import { DIMENSION_TYPE_LABELS, type DimensionType, newSubDimension, PENALTY_DIMENSION_NAME, type SubDimension } from '../../../../domain/questionnaires';
import { useEditor, useHasProblem } from './context';
import { focusAfterRemoval } from './focus';
import { NameInput, SECTION_WEIGHTING_WIDTH, SumHint, WeightingInput } from './inputs';
import { SubDimensionCard } from './SubDimensionCard';

interface Props {
  index: number;
  nodeId: string;
  type: DimensionType;
  onRemove: (index: number) => void;
}

/**
 * A dimension: name, type, weighting and its sub-dimensions. The penalty dimension has no
 * weighting input and keeps its two fixed sub-dimensions.
 */
export const DimensionCard = memo(function DimensionCard({ index, nodeId, type, onRemove }: Props) {
  const editor = useEditor();
  const { getValues } = useFormContext();
  const path = `dimensions.${index}`;
  const { fields, append, remove } = useFieldArray({ name: `${path}.subDimensions` });
  const broken = useHasProblem(path);
  const penalty = type === 'PENALTY';
  const label = penalty ? PENALTY_DIMENSION_NAME : `Dimensión ${index + 1}`;
  const box = useRef<HTMLElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const removeSubDimension = useCallback(
    (j: number) => {
      const name = (getValues(`${path}.subDimensions.${j}.name`) as string) || 'sin nombre';
      editor.confirm(`Se eliminará la subdimensión ${name} con sus preguntas.`, () => {
        remove(j);
        focusAfterRemoval(box.current, 'subdimension', j, addButton.current);
      });
    },
    [editor, getValues, path, remove],
  );

  return (
    <Card ref={box} variant="outlined" sx={{ mt: 2, borderColor: broken ? 'error.main' : undefined }} component="section" aria-label={label} data-dimension>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          {penalty ? (
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              {PENALTY_DIMENSION_NAME}
            </Typography>
          ) : (
            <NameInput
              name={`${path}.name`}
              label={`Nombre de la ${label.toLowerCase()}`}
              check={(v) => checkText(v, LENGTHS.dimensionName)}
              locked={editor.isLocked(nodeId)}
              autoFocus={!editor.isLocked(nodeId) && !getValues(`${path}.name`)}
            />
          )}
          <TextField size="small" label="Tipo" value={DIMENSION_TYPE_LABELS[type]} disabled sx={{ width: 130 }} />
          {!penalty && <WeightingInput name={`${path}.weighting`} label={`Ponderación de la ${label.toLowerCase()}`} check={checkSectionWeighting} width={SECTION_WEIGHTING_WIDTH} />}
          <IconButton aria-label={penalty ? 'Eliminar las penalizaciones' : `Eliminar la ${label.toLowerCase()}`} onClick={() => onRemove(index)} data-remove="dimension">
            <DeleteIcon />
          </IconButton>
        </Box>
        {fields.map((field, j) => (
          <SubDimensionCard
            key={field.id}
            path={`${path}.subDimensions.${j}`}
            index={j}
            nodeId={(field as unknown as SubDimension)._id}
            type={(field as unknown as SubDimension).type}
            onRemove={penalty ? undefined : removeSubDimension}
          />
        ))}
        {!penalty && fields.length > 0 && <SumHint key={fields.length} names={fields.map((_, j) => `${path}.subDimensions.${j}.weighting`)} />}
        {!penalty && (
          <Button ref={addButton} size="small" startIcon={<AddIcon />} onClick={() => append(newSubDimension(), { shouldFocus: false })} sx={{ mt: 1.5 }}>
            Agregar subdimensión
          </Button>
        )}
      </CardContent>
    </Card>
  );
});
