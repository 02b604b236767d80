import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { checkQuestionWeighting } from '../../../../domain/questionnaire-weights';
import { QUESTION_TYPE_LABELS, type QuestionType, SCORED_TYPES, type SubDimensionType } from '../../../../domain/questionnaires';
import { useHasProblem } from './context';
import { useWeightingField } from './inputs';
import css from './QuestionRow.module.css';

/** What a row can ask its sub-dimension to do (stable across renders). */
export interface QuestionActions {
  move: (from: number, to: number) => void;
  edit: (index: number) => void;
  remove: (index: number) => void;
}

interface Props {
  path: string;
  index: number;
  last: boolean;
  subDimensionType: SubDimensionType;
  actions: QuestionActions;
}

/** Material icons' paths (ArrowUpward, ArrowDownward, EditOutlined, DeleteOutline), drawn without a component each. */
const ICONS = {
  up: 'm4 12 1.41 1.41L11 7.83V20h2V7.83l5.58 5.59L20 12l-8-8z',
  down: 'm20 12-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8z',
  edit: 'm14.06 9.02.92.92L5.92 19H5v-.92zM17.66 3c-.25 0-.51.1-.7.29l-1.83 1.83 3.75 3.75 1.83-1.83c.39-.39.39-1.02 0-1.41l-2.34-2.34c-.2-.2-.45-.29-.71-.29m-3.6 3.19L3 17.25V21h3.75L17.81 9.94z',
  remove: 'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM8 9h8v10H8zm7.5-5-1-1h-5l-1 1H5v2h14V4z',
};

function RowButton({ icon, label, disabled, onClick }: { icon: keyof typeof ICONS; label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className={css.button}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      data-remove={icon === 'remove' ? 'question-row' : undefined}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d={ICONS[icon]} />
      </svg>
    </button>
  );
}

/**
 * One question of a sub-dimension: its number, name, type and visibility, its weighting inline,
 * and move up / down, edit and delete. It watches only its own fields; plain elements keep 300
 * of them quick to mount. A weighting error replaces the line under the name, so nothing moves.
 */
export const QuestionRow = memo(function QuestionRow({ path, index, last, subDimensionType, actions }: Props) {
  const [name, type, visibleToUser, visibleToGetter] = useWatch({
    name: [`${path}.name`, `${path}.type`, `${path}.visibleToUser`, `${path}.visibleToGetter`],
  }) as [string, QuestionType, boolean, boolean];
  const { error, ...weighting } = useWeightingField(`${path}.weighting`, (w) => checkQuestionWeighting(w, subDimensionType));
  const broken = useHasProblem(path);
  const fixed = type !== 'penalty' && (!SCORED_TYPES.includes(type) || !visibleToUser);
  const number = index + 1;
  const visibility = [visibleToGetter ? null : 'oculta al Getter', visibleToUser ? null : 'oculta al cliente'].filter(Boolean).join(' · ');
  const label = `Ponderación de la pregunta ${number}`;
  return (
    <div className={broken ? `${css.row} ${css.broken}` : css.row} data-question-row={number}>
      <span className={css.number}>{number}.</span>
      <div className={css.text}>
        <div className={css.name} title={name}>
          {name || 'Pregunta sin nombre'}
        </div>
        {error ? (
          <div className={`${css.meta} ${css.metaBroken}`} role="alert">
            {`Ponderación: ${error}`}
          </div>
        ) : (
          <div className={broken ? `${css.meta} ${css.metaBroken}` : css.meta}>
            {QUESTION_TYPE_LABELS[type]}
            {visibility && ` · ${visibility}`}
            {broken && ' · revise los datos de la pregunta'}
          </div>
        )}
      </div>
      <input
        {...weighting}
        className={error ? `${css.input} ${css.inputError}` : css.input}
        aria-label={label}
        aria-invalid={Boolean(error)}
        inputMode="decimal"
        maxLength={8}
        readOnly={fixed}
        title={fixed ? 'No aplica: la pregunta no puntúa o el cliente no la ve' : undefined}
      />
      <RowButton icon="up" label={`Subir la pregunta ${number}`} disabled={index === 0} onClick={() => actions.move(index, index - 1)} />
      <RowButton icon="down" label={`Bajar la pregunta ${number}`} disabled={last} onClick={() => actions.move(index, index + 1)} />
      <RowButton icon="edit" label={`Editar la pregunta ${number}`} onClick={() => actions.edit(index)} />
      <RowButton icon="remove" label={`Eliminar la pregunta ${number}`} onClick={() => actions.remove(index)} />
    </div>
  );
});
