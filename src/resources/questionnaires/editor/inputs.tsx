import { TextField, Typography } from '@mui/material';
import { type ChangeEvent, memo, useEffect, useReducer, useRef, useState } from 'react';
import { get, useFormContext } from 'react-hook-form';
import { formatDecimal } from '../../../../domain/numbers';
import { LOCKED_TEXT } from '../../../../domain/questionnaire-locks';
import { QUESTIONNAIRE_TEXT, questionsSumOk, sectionSumOk, sumWeightings } from '../../../../domain/questionnaire-weights';
import { useWeightingSignal } from './context';

type Check<V> = (value: V) => string | undefined;

/** The number a weighting text stands for: null while empty or half typed ('-', '12.'). */
export function parseWeighting(text: unknown): number | null {
  if (typeof text === 'number') return text;
  if (typeof text !== 'string' || !text.trim()) return null;
  // Half typed ('50.', '.5') is the number it reads as; what is no number ('1-2', '-') is NaN, which
  // the checks call 'Debe ser un número', never 'requerido' next to the text the user sees.
  return /^-?(\d+\.?\d*|\.\d+)$/.test(text.trim()) ? Number(text) : Number.NaN;
}

/** Keeps digits, one minus and a point (a comma becomes one) in a weighting typed by hand. */
export function cleanWeightingInput(input: HTMLInputElement) {
  const clean = input.value.replace(',', '.').replace(/[^\d.-]/g, '');
  if (clean !== input.value) input.value = clean;
}

/**
 * A field's error message, subscribed to that field's errors only (useFormState would copy the
 * form state once per field on mount: 300 times when the editor opens).
 */
export function useFieldError(name: string): string | undefined {
  const { subscribe, getFieldState } = useFormContext();
  const [error, setError] = useState(() => getFieldState(name).error?.message);
  useEffect(
    () =>
      subscribe({
        name,
        exact: true,
        formState: { errors: true },
        callback: ({ errors }) => setError((get(errors, name) as { message?: string } | undefined)?.message),
      }),
    [subscribe, name],
  );
  return error;
}

/**
 * The inputs of the editor are registered, not controlled: a controlled field makes react-hook-form
 * copy the whole form on each keystroke (its own value watcher), which 300 questions make slow.
 * The input keeps the text typed ('-' on the way to '-1'); the form keeps its number or null.
 */
export function useWeightingField(name: string, check?: Check<number | null>) {
  const { register } = useFormContext();
  const signal = useWeightingSignal();
  const field = register(name, { setValueAs: parseWeighting, validate: (v) => check?.(v) ?? true });
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    cleanWeightingInput(e.target);
    const changed = field.onChange(e);
    signal?.notify();
    return changed;
  };
  return { ...field, onChange, error: useFieldError(name) };
}

interface WeightingProps {
  name: string;
  label: string;
  check?: Check<number | null>;
  disabled?: boolean;
  /** Wide enough for the whole label ('Ponderación de la subdimensión 12' is not cut to 'Ponderación de la di…'). */
  width?: number;
}

/** Widths (px) that show the whole label of a dimension's or sub-dimension's weighting, and of an answer's. */
export const SECTION_WEIGHTING_WIDTH = 250;
export const ANSWER_WEIGHTING_WIDTH = 230;

/**
 * A weighting with its label (dimensions, sub-dimensions and the question dialog). Its helper line is
 * always there, so an error shown on blur does not move the button the user is clicking. Marked
 * required (every weighting is, spec 2 §5) unless fixed by the question's type.
 */
export const WeightingInput = memo(function WeightingInput({ name, label, check, disabled, width = 140 }: WeightingProps) {
  const { ref, error, ...field } = useWeightingField(name, check);
  return (
    <TextField
      {...field}
      inputRef={ref}
      size="small"
      label={label}
      required={!disabled}
      error={Boolean(error)}
      helperText={error ?? ' '}
      sx={{ width, flexShrink: 0 }}
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'aria-label': label, maxLength: 8, readOnly: disabled, 'aria-readonly': disabled },
        inputLabel: { shrink: true },
        input: { sx: disabled ? { color: 'text.disabled' } : undefined },
      }}
    />
  );
});

interface NameProps {
  name: string;
  label: string;
  check: Check<string>;
  locked?: boolean;
  autoFocus?: boolean;
}

/** A dimension's or sub-dimension's name: Enter does not submit; locked once the version exists. */
export const NameInput = memo(function NameInput({ name, label, check, locked, autoFocus }: NameProps) {
  const { register, getValues } = useFormContext();
  const error = useFieldError(name);
  if (locked) {
    return (
      <TextField value={getValues(name) ?? ''} size="small" label={label} required disabled helperText={LOCKED_TEXT} sx={{ flex: 1, minWidth: 200 }} />
    );
  }
  const { ref, ...field } = register(name, { validate: (v) => check(String(v ?? '')) ?? true });
  return (
    <TextField
      {...field}
      inputRef={ref}
      size="small"
      label={label}
      required
      autoFocus={autoFocus}
      error={Boolean(error)}
      helperText={error ?? ' '}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.preventDefault();
      }}
      sx={{ flex: 1, minWidth: 200 }}
    />
  );
});

/** What a group's hint shows: nothing ('empty' or 'ok'), or the sum that is not 100. */
function sumState(values: unknown[], questions: boolean): string {
  const ws = values.map((v) => (typeof v === 'number' ? v : null));
  if (ws.every((w) => w === null)) return 'empty';
  const ok = questions ? questionsSumOk(ws) : sectionSumOk(ws);
  // Written as Argentina writes it: 100,5, not 100.5.
  return ok ? 'ok' : formatDecimal(Math.round(sumWeightings(ws) * 100) / 100);
}

/**
 * 'Las ponderaciones deben sumar 100' under a group whose weightings do not (shown once any of them
 * is filled). It reads its group's weightings when one changes, and when its group is re-rendered
 * (a question added, moved, edited or removed).
 */
export function SumHint({ names, questions = false }: { names: string[]; questions?: boolean }) {
  const { getValues } = useFormContext();
  const signal = useWeightingSignal();
  const state = sumState(getValues(names), questions);
  const shown = useRef(state);
  shown.current = state;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const key = names.join();
  useEffect(() => signal?.subscribe(() => sumState(getValues(names), questions) !== shown.current && rerender()), [signal, key, questions]);
  if (state === 'empty' || state === 'ok') return null;
  return (
    <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
      {QUESTIONNAIRE_TEXT.mustSum100}
      <Typography component="span" variant="body2" color="text.secondary">{` (suman ${state})`}</Typography>
    </Typography>
  );
}
